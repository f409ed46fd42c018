import HTTPServing

/// What keeps the knowledge-base server from starting.
public enum KnowledgeServerError: Error, Sendable, Equatable {
  /// Listening beyond loopback without a token would give the knowledge base to anyone
  /// who can reach the address.
  case tokenRequired(host: String)
  case server(HTTPServingError)
}

extension KnowledgeServerError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .tokenRequired(let host):
      "listening on \(host), beyond loopback, needs a token that every client sends"
    case .server(let error): error.description
    }
  }
}
