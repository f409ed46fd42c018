import Foundation
import Harvest

/// The network part of a talk harvest, kept minimal: master playlist, the English
/// subtitle playlist, then every segment concurrently. (The real walk, with the HLS and
/// WebVTT parsers, is the harvester's; this measures the transport alone.)
struct BenchWalk: Sendable {
  let client: HTTPClient

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Fetches one talk; returns how many segment bytes arrived.
  func harvest(masterURL: String) async throws -> Int {
    let master = try await client.fetch(masterURL)
    guard let text = master.text,
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("#EXT-X-MEDIA:TYPE=SUBTITLES") }),
      let uri = Self.attribute("URI", in: String(line)),
      let mediaURL = Self.resolve(uri, against: master.finalURL)
    else { throw Failure(description: "\(masterURL): no subtitle rendition") }
    let media = try await client.fetch(mediaURL)
    let segmentURLs = (media.text ?? "").split(separator: "\n")
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
      .compactMap { Self.resolve(String($0), against: media.finalURL) }
    let results = await client.fetchAll(segmentURLs.map { HTTPRequest(url: $0) }, maxConcurrent: 100)
    var bytes = 0
    for result in results { bytes += try result.get().body.count }
    return bytes
  }

  static func attribute(_ name: String, in line: String) -> String? {
    guard let range = line.range(of: "\(name)=\"") else { return nil }
    let rest = line[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
  }

  static func resolve(_ reference: String, against base: String) -> String? {
    URL(string: reference, relativeTo: URL(string: base))?.absoluteURL.absoluteString
  }
}
