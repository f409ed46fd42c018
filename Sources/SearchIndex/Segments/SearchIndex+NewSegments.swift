#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SearchIndex {
  /// Names of this generation's segments, in order.
  public var segmentNames: [String] { segments.map(\.name) }

  /// The segments of the current generation of `indexDirectory` that the generation before
  /// it does not name: those its build wrote. Nil when there is no earlier generation to
  /// compare with, or a manifest cannot be read (then every segment counts as new).
  public static func segmentsNewInCurrentGeneration(of indexDirectory: URL) -> Set<String>? {
    let root = indexDirectory.deletingLastPathComponent()
    guard let current = try? IndexDirectory.currentGeneration(in: indexDirectory),
      let manifest = try? readManifest(current, within: root)
    else { return nil }
    let generations = IndexDirectory.generations(in: indexDirectory)
    guard let number = generations.first(where: { $0.url.lastPathComponent == current.lastPathComponent })?.number,
      let previous = generations.last(where: { $0.number < number }),
      let before = try? readManifest(previous.url, within: root)
    else { return nil }
    return Set(manifest.segments.map(\.name)).subtracting(before.segments.map(\.name))
  }

  /// The live documents (numbered across segments) of the segments named.
  public func liveDocuments(inSegments names: Set<String>) -> [Int] {
    var found: [Int] = []
    for (ordinal, segment) in segments.enumerated() where names.contains(segment.name) {
      for local in 0..<segment.documentCount where !segment.deletedDocuments.contains(local) {
        found.append(globalDocument(segment: ordinal, local: local))
      }
    }
    return found
  }
}
