import Citations
import DuoKBCLI
import Foundation
import HTTPServing
import KnowledgeBase
import KnowledgeServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `duo-kb serve`, run in the helper executable: libmicrohttpd and the web page are linked
/// here, not into `duo-kb`.
extension ServeCommand: HelperCommandRunner {
  static func perform(_ options: Options, _ context: CommandContext, ownsProcess: Bool) async throws -> ExitStatus {
    do {
      return try await serve(options, context)
    } catch let error as HTTPServingError {
      throw CommandFailure(error.description, hint: error.hint)
    } catch let error as KnowledgeServerError {
      throw CommandFailure(error.description, hint: error.hint)
    }
  }

  private static func serve(_ options: Options, _ context: CommandContext) async throws -> ExitStatus {
    guard context.positionals.isEmpty else {
      throw UsageError("serve takes no arguments, got '\(context.positionals[0])'", hint: "duo-kb serve --port 8700")
    }
    let address = try ListenAddress(host: options.host)
    let port = options.port
    let token = try readToken(options, context)
    let home = context.home
    let reporter = context.reporter
    let indexes = IndexCache(knowledgeBase: KnowledgeBase(home: home.url), log: { reporter.notice($0) })
    var limits = HTTPServerLimits()
    if let number = options.maxConnectionsPerAddress { limits.maximumConnectionsPerAddress = number }
    let configuration = KnowledgeServer.Configuration(
      token: token, staticFiles: ServeAssets.files, serverVersion: DuoKBCLI.version, limits: limits)
    let server = try KnowledgeServer.start(
      indexes: indexes, address: address, port: port, configuration: configuration,
      status: { try HomeStatus.of(home) }, log: { reporter.notice($0) },
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
  static func readToken(_ options: Options, _ context: CommandContext) throws -> BearerToken? {
    switch (options.token, options.tokenFile) {
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

/// The server's errors, worded for people (usage errors: exit status 2).
extension HTTPServingError {
  var hint: String? {
    switch self {
    case .cannotListen: "choose another --port, or stop what listens there"
    case .unknownAddress: "--host takes an address such as 127.0.0.1, ::1 or 0.0.0.0"
    case .badLimit: nil
    }
  }
}

extension KnowledgeServerError {
  var hint: String? {
    switch self {
    case .tokenRequired: "give --token TOKEN or --token-file FILE, or listen on 127.0.0.1"
    case .server(let error): error.hint
    }
  }
}
