/// How much the server takes on: each limit with its reason. The defaults suit one team's
/// knowledge base on one machine.
public struct HTTPServerLimits: Sendable, Equatable {
  /// Largest request body read; a larger one gets 413. A Markdown document to verify is the
  /// largest body anyone sends: a long write-up is well under 1 MB.
  public var maximumBodyBytes: Int
  /// Seconds a connection may stay idle (a request's head or body trickling in, or a kept-
  /// alive connection unused) before it is closed.
  public var idleTimeoutSeconds: Int
  /// Seconds a request may take to arrive in full; a slower upload is cut off.
  public var requestTimeoutSeconds: Int
  /// Open connections at once; more are refused at accept. Each costs a little memory.
  public var maximumConnections: Int
  /// Open connections from one address at once.
  public var maximumConnectionsPerAddress: Int
  /// Threads that serve requests: how many are answered at the same moment (a search runs
  /// on one core; more threads than cores only queue on them).
  public var threads: Int

  public init(
    maximumBodyBytes: Int = 2 * 1024 * 1024, idleTimeoutSeconds: Int = 30, requestTimeoutSeconds: Int = 60,
    maximumConnections: Int = 64, maximumConnectionsPerAddress: Int = 32, threads: Int = 4
  ) {
    self.maximumBodyBytes = maximumBodyBytes
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.requestTimeoutSeconds = requestTimeoutSeconds
    self.maximumConnections = maximumConnections
    self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
    self.threads = threads
  }
}
