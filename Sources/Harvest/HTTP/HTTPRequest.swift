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
  /// No attempt of this request runs past this instant of the client's clock (a source's
  /// deadline); the client's own `deadline`, when earlier, still binds.
  public var deadline: ContinuousClock.Instant?

  public init(
    url: String, isHead: Bool = false, etag: String? = nil, lastModified: String? = nil,
    maxBodyBytes: Int? = nil, extraHeaders: [String: String] = [:], deadline: ContinuousClock.Instant? = nil
  ) {
    self.url = url
    self.isHead = isHead
    self.etag = etag
    self.lastModified = lastModified
    self.maxBodyBytes = maxBodyBytes
    self.extraHeaders = extraHeaders
    self.deadline = deadline
  }

  /// The header lines libcurl sends beyond its own (Host, User-Agent, Accept-Encoding).
  /// CR and LF are dropped from names and values, so a stored validator can never
  /// inject a header line.
  var headerLines: [String] {
    var fields: [(String, String)] = []
    if let etag { fields.append(("If-None-Match", etag)) }
    if let lastModified { fields.append(("If-Modified-Since", lastModified)) }
    fields += extraHeaders.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    return fields.compactMap { name, value in
      let name = Self.singleLine(name).trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty, !name.contains(":") else { return nil }
      return "\(name): \(Self.singleLine(value))"
    }
  }

  private static func singleLine(_ text: String) -> String {
    String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })
  }
}
