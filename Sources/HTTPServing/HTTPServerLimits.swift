/// How much the server takes on: each limit with its reason. The defaults suit one team's
/// knowledge base on one machine; docs/SECURITY.md says which limit protects what.
public struct HTTPServerLimits: Sendable, Equatable {
  /// Largest request body read; a larger one gets 413. A Markdown document to verify is the
  /// largest body anyone sends: a long write-up is well under 1 MB.
  public var maximumBodyBytes: Int
  /// Seconds a request's head (request line and header fields) may take to arrive in full,
  /// counted from the connection's opening or from the previous answer on it, however the
  /// bytes trickle in; then the connection is closed. A client that sends one byte now and
  /// then cannot hold a connection longer.
  public var headTimeoutSeconds: Int
  /// Seconds a connection may stay idle (a body trickling in, or an answer not read) before
  /// it is closed.
  public var idleTimeoutSeconds: Int
  /// Seconds a request may take to arrive in full; a slower upload is cut off.
  public var requestTimeoutSeconds: Int
  /// Open connections served at once; a few more are accepted to be answered 503 (with
  /// `Retry-After`), and beyond those, connections wait to be accepted. Each open connection
  /// costs a thread and a little memory.
  public var maximumConnections: Int
  /// Open connections from one address at once; more are refused (closed) at once. A reverse
  /// proxy in front of the server is one address: raise this to its number of connections.
  public var maximumConnectionsPerAddress: Int
  /// Requests answered at the same moment (a search runs on one core; more than the cores
  /// only queue on them). The others wait their turn, their connections open.
  public var threads: Int
  /// Most query arguments a request may carry; more get 414 at once.
  public var maximumQueryArguments: Int

  public init(
    maximumBodyBytes: Int = 2 * 1024 * 1024, headTimeoutSeconds: Int = 10, idleTimeoutSeconds: Int = 30,
    requestTimeoutSeconds: Int = 60, maximumConnections: Int = 128, maximumConnectionsPerAddress: Int = 32,
    threads: Int = 4, maximumQueryArguments: Int = 100
  ) {
    self.maximumBodyBytes = maximumBodyBytes
    self.headTimeoutSeconds = headTimeoutSeconds
    self.idleTimeoutSeconds = idleTimeoutSeconds
    self.requestTimeoutSeconds = requestTimeoutSeconds
    self.maximumConnections = maximumConnections
    self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
    self.threads = threads
    self.maximumQueryArguments = maximumQueryArguments
  }

  /// Connections accepted beyond `maximumConnections` only to be answered 503.
  static let overflowConnections = 8
}
