import Foundation

/// A final response: 2xx, or 304 for a conditional request.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  public var headers: HTTPHeaders
  /// The decoded body (Content-Encoding already removed); empty for 304 and HEAD.
  public var body: Data
  /// The URL asked for.
  public var requestedURL: String
  /// The URL that answered, after redirects.
  public var finalURL: String
  /// How many redirects were followed.
  public var redirectCount: Int
  /// How many attempts it took (1 without retries).
  public var attempts: Int
  /// The mirror origin that answered, when the request went to a mirror (see
  /// `SiteFetcher`): its ETag and Last-Modified are that mirror's, not the original's.
  public var validatorOrigin: String?

  public init(
    status: Int, headers: HTTPHeaders, body: Data, requestedURL: String, finalURL: String,
    redirectCount: Int = 0, attempts: Int = 1
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.requestedURL = requestedURL
    self.finalURL = finalURL
    self.redirectCount = redirectCount
    self.attempts = attempts
  }

  /// 304: the copy named by the request's validators is still current.
  public var isNotModified: Bool { status == 304 }
  public var etag: String? { headers["ETag"] }
  public var lastModified: String? { headers["Last-Modified"] }
  /// The body as UTF-8 text; nil when it is not valid UTF-8.
  public var text: String? { String(data: body, encoding: .utf8) }
}
