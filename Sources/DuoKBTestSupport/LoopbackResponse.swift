import Foundation

/// What a `LoopbackServer` route answers.
public indirect enum LoopbackResponse: Sendable {
  /// 200 with a UTF-8 body.
  case body(String, headers: [String: String] = [:])
  /// 200 with raw bytes.
  case data(Data, headers: [String: String] = [:])
  /// 200 with a file's bytes, read when requested (a missing file answers 500).
  case fixture(URL, headers: [String: String] = [:])
  /// Any status, with headers and a body.
  case status(Int, headers: [String: String] = [:], body: String = "")
  /// The n-th request to the path gets the n-th response; the last one repeats.
  case sequence([LoopbackResponse])
  /// Waits before answering.
  case delayed(milliseconds: Int, LoopbackResponse)
  /// Declares `declaredLength` bytes, sends `body` (shorter), then closes the connection.
  case truncated(declaredLength: Int, body: String)
  /// A redirect to `location` (absolute, or a path on this server).
  case redirect(to: String, status: Int = 302)
  /// 200 with `Content-Encoding: gzip` when the request accepts gzip, plain otherwise.
  case gzipped(String)
  /// 200 with ETag and Last-Modified; 304 when If-None-Match matches the ETag, or when
  /// If-Modified-Since is given without If-None-Match and is not before Last-Modified
  /// (RFC 9110 §13.1.1, §13.1.3, §13.2.2).
  case entity(String, etag: String?, lastModified: Date?)
  /// Closes the connection without answering.
  case closeConnection
  /// 200 without Content-Length: the body ends when the connection closes (RFC 9112 §6.3 rule 8).
  case unsized(String)
  /// 200 whose body trickles out at `bytesPerSecond` (a slow drip), a tenth of a second's
  /// worth at a time.
  case drip(String, bytesPerSecond: Int)
  /// Fails about `rate` (0...1) of the requests — 503 with Retry-After, 500, a closed
  /// connection or a truncated body, in turn — and answers the rest with `response`. Which requests fail
  /// depends only on `seed`, the path and how many requests the path had before.
  case faults(rate: Double, seed: UInt64 = 0, LoopbackResponse)
  /// Computes the answer from the request.
  case handler(@Sendable (LoopbackRequest) -> LoopbackResponse)
}

/// A request as the server received it.
public struct LoopbackRequest: Sendable {
  public var method: String
  /// The request target: path and query.
  public var target: String
  /// The path, query removed.
  public var path: String
  /// Header fields, names lowercased.
  public var headers: [String: String]
  /// Which accepted connection carried it (1-based).
  public var connectionNumber: Int

  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A response reduced to bytes on the wire.
struct LoopbackWireResponse {
  var status: Int
  var headers: [(String, String)]
  var body: Data
  var delayMilliseconds = 0
  /// Declared Content-Length, when it differs from the body (a truncated answer).
  var declaredLength: Int?
  var closesWithoutAnswer = false
  /// No Content-Length; the close ends the body.
  var isUnsized = false
  /// Sends the body this slowly (nil: at once).
  var dripBytesPerSecond: Int?

  var closesAfter: Bool { declaredLength != nil || closesWithoutAnswer || isUnsized }
}

extension LoopbackResponse {
  /// Resolves sequences, delays and handlers for the `hitIndex`-th (0-based) request to a path.
  func wire(for request: LoopbackRequest, hitIndex: Int, baseURL: String) -> LoopbackWireResponse {
    switch self {
    case .body(let text, let headers):
      return LoopbackWireResponse(status: 200, headers: Self.sorted(headers), body: Data(text.utf8))
    case .data(let data, let headers):
      return LoopbackWireResponse(status: 200, headers: Self.sorted(headers), body: data)
    case .fixture(let url, let headers):
      guard let data = try? Data(contentsOf: url) else {
        return LoopbackWireResponse(
          status: 500, headers: [], body: Data("missing fixture \(url.lastPathComponent)".utf8))
      }
      return LoopbackWireResponse(status: 200, headers: Self.sorted(headers), body: data)
    case .status(let code, let headers, let body):
      return LoopbackWireResponse(status: code, headers: Self.sorted(headers), body: Data(body.utf8))
    case .sequence(let responses):
      guard let last = responses.last else {
        return LoopbackWireResponse(status: 500, headers: [], body: Data("empty sequence".utf8))
      }
      let response = hitIndex < responses.count ? responses[hitIndex] : last
      return response.wire(for: request, hitIndex: hitIndex, baseURL: baseURL)
    case .delayed(let milliseconds, let response):
      var wire = response.wire(for: request, hitIndex: hitIndex, baseURL: baseURL)
      wire.delayMilliseconds += milliseconds
      return wire
    case .truncated(let declaredLength, let body):
      var wire = LoopbackWireResponse(status: 200, headers: [], body: Data(body.utf8))
      wire.declaredLength = declaredLength
      return wire
    case .redirect(let location, let status):
      let absolute = location.hasPrefix("/") ? baseURL + location : location
      return LoopbackWireResponse(status: status, headers: [("Location", absolute)], body: Data())
    case .gzipped(let text):
      let accepts = request.header("Accept-Encoding")?.lowercased().contains("gzip") ?? false
      guard accepts else { return LoopbackWireResponse(status: 200, headers: [], body: Data(text.utf8)) }
      return LoopbackWireResponse(
        status: 200, headers: [("Content-Encoding", "gzip")], body: LoopbackGzip.encode(Data(text.utf8)))
    case .entity(let text, let etag, let lastModified):
      return Self.entity(text, etag: etag, lastModified: lastModified, request: request)
    case .closeConnection:
      var wire = LoopbackWireResponse(status: 0, headers: [], body: Data())
      wire.closesWithoutAnswer = true
      return wire
    case .unsized(let text):
      var wire = LoopbackWireResponse(status: 200, headers: [], body: Data(text.utf8))
      wire.isUnsized = true
      return wire
    case .drip(let text, let rate):
      var wire = LoopbackWireResponse(status: 200, headers: [], body: Data(text.utf8))
      wire.dripBytesPerSecond = max(1, rate)
      return wire
    case .faults(let rate, let seed, let response):
      let draw = LoopbackFaults.draw(seed: seed, path: request.path, hitIndex: hitIndex)
      guard Double(draw % 1_000_000) / 1_000_000 < rate else {
        return response.wire(for: request, hitIndex: hitIndex, baseURL: baseURL)
      }
      return LoopbackFaults.fault(number: draw / 1_000_000)
        .wire(for: request, hitIndex: hitIndex, baseURL: baseURL)
    case .handler(let make):
      return make(request).wire(for: request, hitIndex: hitIndex, baseURL: baseURL)
    }
  }

  private static func entity(
    _ text: String, etag: String?, lastModified: Date?, request: LoopbackRequest
  ) -> LoopbackWireResponse {
    var headers: [(String, String)] = []
    if let etag { headers.append(("ETag", etag)) }
    if let lastModified { headers.append(("Last-Modified", LoopbackHTTPDate.format(lastModified))) }
    let notModified: Bool
    if let condition = request.header("If-None-Match") {
      let tags = condition.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      notModified = etag.map { tag in tags.contains("*") || tags.contains(tag) } ?? false
    } else if let since = request.header("If-Modified-Since").flatMap(LoopbackHTTPDate.parse),
      let lastModified
    {
      notModified = lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
    } else {
      notModified = false
    }
    return LoopbackWireResponse(
      status: notModified ? 304 : 200, headers: headers, body: notModified ? Data() : Data(text.utf8))
  }

  private static func sorted(_ headers: [String: String]) -> [(String, String)] {
    headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}

/// IMF-fixdate (RFC 9110 §5.6.7), for Last-Modified and If-Modified-Since.
public enum LoopbackHTTPDate {
  public static func format(_ date: Date) -> String { formatter().string(from: date) }
  public static func parse(_ text: String) -> Date? { formatter().date(from: text) }

  private static func formatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter
  }
}

/// Deterministic fault choice for `.faults`: FNV-1a over the path, mixed by SplitMix64.
enum LoopbackFaults {
  static func draw(seed: UInt64, path: String, hitIndex: Int) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var mixed = hash ^ seed ^ (UInt64(hitIndex) &* 0x9e37_79b9_7f4a_7c15)
    mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
    return mixed ^ (mixed >> 31)
  }

  static func fault(number: UInt64) -> LoopbackResponse {
    switch number % 4 {
    case 0: .status(503, headers: ["Retry-After": "1"], body: "injected fault")
    case 1: .status(500, body: "injected fault")
    case 2: .closeConnection
    default: .truncated(declaredLength: 1_000, body: "injected")
    }
  }
}
