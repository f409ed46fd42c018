/// What a harvester needs from HTTP; `HTTPClient` is the real one, and tests may pass
/// their own (the loopback server is usually the better choice).
public protocol HTTPTransport: Sendable {
  func fetch(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
  func fetchAll(_ requests: [HTTPRequest], maxConcurrent: Int) async -> [Result<HTTPResponse, HTTPError>]
}

extension HTTPClient: HTTPTransport {}
