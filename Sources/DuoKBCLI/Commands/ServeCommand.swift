/// `duo-kb serve`: the knowledge base over HTTP, for a team: the JSON API, MCP over
/// Streamable HTTP and the web page, until SIGINT or SIGTERM. Its code
/// (libmicrohttpd, the web page) is in `duo-kb-harvest`, so that the other commands start
/// without loading them (`ServeCommand+Run.swift` in DuoKBHarvestCLI).
package enum ServeCommand: Command {
  package static let name = "serve"
  package static let summary = "Serve the knowledge base over HTTP: a web page, a JSON API and MCP"
  package static let usage =
    "[--host 127.0.0.1] [--port 8700] [--token TOKEN | --token-file FILE] [--max-connections-per-address N]"
  package static let discussion = """
    Answers on http://HOST:PORT/: the web page at /, the JSON API under /api/ (search,
    quote, cite, verify, documents, status: the JSON of the commands' --format json; see
    docs/API.md) and MCP over Streamable HTTP at /mcp (the tools and resources of 'duo-kb
    mcp'). Read-only: nothing it answers changes the corpus; a refresh while it runs is
    picked up by the next request. It listens on loopback unless --host names another
    address, which needs a token: every /api/ and /mcp request must then send
    'Authorization: Bearer TOKEN' (--token-file keeps it out of the process list). Requests
    are bounded (2 MB bodies, 10 s for a request's head to arrive, 60 s for the whole
    request, 30 s idle, 100 query arguments, 128 connections and 32 from one address, 4
    answered at once; docs/SECURITY.md). Behind a reverse proxy, which is one address, raise
    --max-connections-per-address to the proxy's number of connections. One access line per
    request goes to stderr, saying whether its answer was sent whole. SIGINT or SIGTERM stops
    it after the requests being answered.
    """
  package static let defaultPort = 8700
  /// `serve`'s options, checked.
  package struct Options: CommandOptions {
    package var host = "127.0.0.1"
    package var port = ServeCommand.defaultPort
    package var token: String?
    package var tokenFile: String?
    /// Nil for the server's own default.
    package var maxConnectionsPerAddress: Int?

    package init() {}

    package static var declarations: [OptionDeclaration<Options>] {
      [
        .value(
          "host", "ADDRESS", \.host, .text,
          help: "the address to listen on (default 127.0.0.1; another needs a token)"),
        .value(
          "port", "PORT", \.port,
          .integer(in: 0...65_535) { name, text in "--\(name) needs a port number from 0 to 65535, not '\(text)'" },
          help: "the port (default 8700; 0 picks a free one)"),
        .value("token", "TOKEN", \.token, .text, help: "the bearer token clients must send"),
        .value("token-file", "FILE", \.tokenFile, .text, help: "read the token from FILE (its first line)"),
        .value(
          "max-connections-per-address", "N", \.maxConnectionsPerAddress,
          .integer(in: 1...maximumConnectionsPerAddress) { name, text in
            "--\(name) needs a number from 1 to \(maximumConnectionsPerAddress), not '\(text)'"
          },
          help: "open connections one address may hold (default 32; more are refused; raise it behind a proxy)"),
      ]
    }

    package func validate() throws(UsageError) {
      if token != nil, tokenFile != nil { throw UsageError("give --token or --token-file, not both") }
    }
  }
  /// The most `--max-connections-per-address` takes: every connection the server serves.
  package static let maximumConnectionsPerAddress = 128
}
