/// What the harvest stage needs from HTTP: `SiteFetcher` takes any transport. `HTTPClient`
/// is the real one; a test may pass its own to walk a site without sockets (the loopback
/// server is usually the better choice).
public protocol HTTPTransport: Sendable {
  func fetch(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
  /// Counters since the transport was made (requests, bytes, connections).
  var stats: HTTPStats { get }
}

extension HTTPClient: HTTPTransport {}
