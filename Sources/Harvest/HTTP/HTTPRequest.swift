import Foundation

/// One GET (or HEAD) request, optionally conditional (RFC 9110 §13.1).
public struct HTTPRequest: Sendable, Hashable {
  public var url: String
  /// HEAD asks for the headers only.
  public var isHead: Bool
  /// The validator from the last fetch: sent as If-None-Match.
  public var etag: String?
  /// The Last-Modified of the last fetch, as received: sent as If-Modified-Since.
  public var lastModified: String?
  /// Overrides the client's size limit for this request.
  public var maxBodyBytes: Int?
  /// Extra request header fields (name, value).
  public var extraHeaders: [String: String]

  public init(
    url: String, isHead: Bool = false, etag: String? = nil, lastModified: String? = nil,
    maxBodyBytes: Int? = nil, extraHeaders: [String: String] = [:]
  ) {
    self.url = url
    self.isHead = isHead
    self.etag = etag
    self.lastModified = lastModified
    self.maxBodyBytes = maxBodyBytes
    self.extraHeaders = extraHeaders
  }

  /// The header lines libcurl sends beyond its own (Host, User-Agent, Accept-Encoding).
  var headerLines: [String] {
    var lines: [String] = []
    if let etag { lines.append("If-None-Match: \(etag)") }
    if let lastModified { lines.append("If-Modified-Since: \(lastModified)") }
    for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) {
      lines.append("\(name): \(value)")
    }
    return lines
  }
}
