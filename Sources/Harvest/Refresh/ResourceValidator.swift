import DocumentModel
import Foundation

/// What a later conditional request to one resource (a playlist, a segment) sends back,
/// and the SHA-256 of the body it had, for servers that give no validators.
public struct ResourceValidator: Codable, Sendable, Equatable {
  public var url: String
  public var etag: String?
  public var lastModified: String?
  /// SHA-256 of the body as received (decoded), hex.
  public var sha256: String
  /// The mirror origin that issued `etag` and `lastModified`, when not the URL's own.
  public var origin: String?

  public init(
    url: String, etag: String? = nil, lastModified: String? = nil, sha256: String, origin: String? = nil
  ) {
    self.url = url
    self.etag = etag
    self.lastModified = lastModified
    self.sha256 = sha256
    self.origin = origin
  }

  /// The validator of a 200 response to `url`.
  public init(url: String, response: HTTPResponse) {
    self.init(
      url: url, etag: response.etag, lastModified: response.lastModified,
      sha256: SHA256.hexDigest(response.body), origin: response.validatorOrigin)
  }

  /// What a conditional request for this resource sends back.
  public var cached: CachedValidators {
    CachedValidators(etag: etag, lastModified: lastModified, origin: origin)
  }

  /// Whether `response` (to a conditional request made with this validator) shows the
  /// resource unchanged: a 304, or a body with the same hash.
  public func isUnchanged(by response: HTTPResponse) -> Bool {
    response.isNotModified || SHA256.hexDigest(response.body) == sha256
  }

  /// This validator after `response`: new validators when the server sent some.
  public func updated(by response: HTTPResponse) -> ResourceValidator {
    guard !response.isNotModified else { return self }
    return ResourceValidator(url: url, response: response)
  }
}

/// The validators of one talk's subtitle track: master playlist, the chosen media
/// playlist, and every segment in order.
public struct TrackValidators: Codable, Sendable, Equatable {
  public var master: ResourceValidator
  public var media: ResourceValidator
  public var segments: [ResourceValidator]

  public init(master: ResourceValidator, media: ResourceValidator, segments: [ResourceValidator]) {
    self.master = master
    self.media = media
    self.segments = segments
  }

  public var all: [ResourceValidator] { [master, media] + segments }
}
