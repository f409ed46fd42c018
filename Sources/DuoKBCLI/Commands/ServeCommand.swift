import Citations
import Foundation
import HTTPServing
import KnowledgeServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `duo-kb serve`: the knowledge base over HTTP, for a team: the JSON API, MCP over
/// Streamable HTTP and the web page, until SIGINT or SIGTERM.
enum ServeCommand: Command {
  static let name = "serve"
  static let summary = "Serve the knowledge base over HTTP: a web page, a JSON API and MCP"
  static let usage = "[--host 127.0.0.1] [--port 8700] [--token TOKEN | --token-file FILE]"
  static let discussion = """
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
  static let defaultPort = 8700
  static let options: [OptionSpec] = [
    .value("host", "ADDRESS", help: "the address to listen on (default 127.0.0.1; another needs a token)"),
    .value("port", "PORT", help: "the port (default 8700; 0 picks a free one)"),
    .value("token", "TOKEN", help: "the bearer token clients must send"),
    .value("token-file", "FILE", help: "read the token from FILE (its first line)"),
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    guard arguments.positionals.isEmpty else {
      throw UsageError("serve takes no arguments, got '\(arguments.positionals[0])'", hint: "duo-kb serve --port 8700")
    }
    let address = try ListenAddress(host: arguments.value("host") ?? "127.0.0.1")
    var port = defaultPort
    if let text = arguments.value("port") {
      guard let number = Int(text), (0...65_535).contains(number) else {
        throw UsageError("--port needs a port number from 0 to 65535, not '\(text)'")
      }
      port = number
    }
    let token = try readToken(context)
    let home = context.home
    let reporter = context.reporter
    let indexes = IndexCache(knowledgeBase: KnowledgeBase(home: home.url), log: { reporter.notice($0) })
    let configuration = KnowledgeServer.Configuration(
      token: token, staticFiles: ServeAssets.files, serverVersion: DuoKBCLI.version)
    let server = try KnowledgeServer.start(
      indexes: indexes, address: address, port: port, configuration: configuration,
      status: { try StatusCommand.gather(home) }, log: { reporter.notice($0) },
      accessLog: { reporter.notice($0.line) })
    let url = "http://\(address.authority(port: server.port))/"
    reporter.notice("serving \(home.url.path) at \(url) (API \(url)api/, MCP \(url)mcp); Ctrl-C stops")
    if !address.isLoopback {
      reporter.warning("listening beyond loopback on \(address.host): every /api/ and /mcp request needs the token")
    } else if token != nil {
      reporter.notice("every /api/ and /mcp request needs the token")
    }
    let signal = await waitForStopSignal()
    reporter.notice("stopping (signal \(signal)): finishing the requests being answered")
    server.stop()
    return .success
  }

  /// The token of --token or --token-file (its first line, spaces around it dropped).
  static func readToken(_ context: CommandContext) throws -> BearerToken? {
    let arguments = context.arguments
    switch (arguments.value("token"), arguments.value("token-file")) {
    case (nil, nil): return nil
    case (_?, _?): throw UsageError("give --token or --token-file, not both")
    case (let text?, nil):
      guard let token = BearerToken(text) else { throw UsageError("--token needs a token, not an empty string") }
      return token
    case (nil, let path?):
      let text = String(decoding: try context.read(path), as: UTF8.self)
      let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      guard let token = BearerToken(line.trimmingCharacters(in: .whitespaces)) else {
        throw CommandFailure("\(path) holds no token: its first line is empty")
      }
      return token
    }
  }

  /// Suspends until SIGINT or SIGTERM arrives; returns which.
  static func waitForStopSignal() async -> Int32 {
    let box = SignalBox()
    return await withCheckedContinuation { continuation in
      box.trap = SignalTrap(signals: [SIGINT, SIGTERM]) { number in
        box.resumeOnce(continuation, number)
      }
    }
  }

  /// Holds the trap while waiting, and resumes the continuation only once.
  final class SignalBox: @unchecked Sendable {
    private let lock = NSLock()
    private var resumed = false
    var trap: SignalTrap?

    func resumeOnce(_ continuation: CheckedContinuation<Int32, Never>, _ number: Int32) {
      let first = lock.withLock {
        defer { resumed = true }
        return !resumed
      }
      guard first else { return }
      trap?.restore()
      continuation.resume(returning: number)
    }
  }
}
