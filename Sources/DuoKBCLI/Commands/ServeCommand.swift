/// `duo-kb serve`: the knowledge base over HTTP, for a team: the JSON API, MCP over
/// Streamable HTTP and the web page, until SIGINT or SIGTERM. A `HelperCommand`: its code
/// (libmicrohttpd, the web page) is in `duo-kb-harvest`, so that the other commands start
/// without loading them (`ServeCommand+Run.swift` in DuoKBHarvestCLI).
package enum ServeCommand: HelperCommand {
  package static let name = "serve"
  package static let summary = "Serve the knowledge base over HTTP: a web page, a JSON API and MCP"
  package static let usage = "[--host 127.0.0.1] [--port 8700] [--token TOKEN | --token-file FILE]"
  package static let discussion = """
    Answers on http://HOST:PORT/: the web page at /, the JSON API under /api/ (search,
    quote, cite, verify, documents, status: the JSON of the commands' --format json; see
    docs/API.md) and MCP over Streamable HTTP at /mcp (the tools and resources of 'duo-kb
    mcp'). Read-only: nothing it answers changes the corpus; a refresh while it runs is
    picked up by the next request. It listens on loopback unless --host names another
    address, which needs a token: every /api/ and /mcp request must then send
    'Authorization: Bearer TOKEN' (--token-file keeps it out of the process list). Requests
    are bounded (2 MB bodies, 60 s to arrive, 30 s idle, 64 connections, 4 answered at
    once). One access line per request goes to stderr. SIGINT or SIGTERM stops it after the
    requests being answered.
    """
  package static let defaultPort = 8700
  package static let options: [OptionSpec] = [
    .value("host", "ADDRESS", help: "the address to listen on (default 127.0.0.1; another needs a token)"),
    .value("port", "PORT", help: "the port (default 8700; 0 picks a free one)"),
    .value("token", "TOKEN", help: "the bearer token clients must send"),
    .value("token-file", "FILE", help: "read the token from FILE (its first line)"),
  ]
}
