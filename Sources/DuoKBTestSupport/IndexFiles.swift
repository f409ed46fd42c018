import Foundation

/// Where a test finds an index file to damage: the `.dki` files of a generation live in the
/// folder of its first segment (`Index/segments/<name>/`, Sources/SearchIndex/FORMAT.md), named by the
/// generation's manifest.
package enum IndexFiles {
  /// File `name` (`store.dki`) of the first segment of `generation` (a folder of `Index/`).
  package static func url(_ name: String, ofGeneration generation: URL) -> URL {
    let manifest = generation.appendingPathComponent("manifest.json")
    let object = (try? Data(contentsOf: manifest)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
    let segments = (object as? [String: Any])?["segments"] as? [[String: Any]]
    let segment = segments?.first?["name"] as? String ?? "none"
    return generation.deletingLastPathComponent().appendingPathComponent("segments")
      .appendingPathComponent(segment).appendingPathComponent(name)
  }

  /// File `name` of the first segment of the generation that `CURRENT` of `index` names.
  package static func current(_ name: String, in index: URL) throws -> URL {
    let generation = try String(contentsOf: index.appendingPathComponent("CURRENT"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return url(name, ofGeneration: index.appendingPathComponent(generation))
  }
}
