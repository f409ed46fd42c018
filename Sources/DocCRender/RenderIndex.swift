import Foundation
import JSON

/// A documentation navigator index (swift-docc's `RenderIndex`), such as the HIG table of
/// contents at `https://developer.apple.com/tutorials/data/index/design--human-interface-guidelines`:
/// `interfaceLanguages.<language>[]` nodes with `path`, `title`, `type` and `children`.
public struct RenderIndex: Sendable, Equatable {
  /// One node, flattened in document order; `depth` is 0 for a top-level node.
  public struct Entry: Sendable, Equatable {
    public var path: String?
    public var title: String
    public var type: String?
    public var depth: Int

    public init(path: String?, title: String, type: String?, depth: Int) {
      self.path = path
      self.title = title
      self.type = type
      self.depth = depth
    }
  }

  /// Entries per interface language (`swift`, `occ`), in document order.
  public var entriesByLanguage: [String: [Entry]]
  public var warnings: [DocCWarning]

  /// Every entry's path, each once, in document order across languages sorted by name.
  public var paths: [String] {
    var seen = Set<String>()
    return entriesByLanguage.keys.sorted().flatMap { entriesByLanguage[$0] ?? [] }
      .compactMap(\.path).filter { seen.insert($0).inserted }
  }
}

/// Reads a navigator index with the same bounds and checks as `RenderPageDecoder`.
public struct RenderIndexDecoder: Sendable {
  public let limits: DocCLimits

  public init(limits: DocCLimits = .default) {
    self.limits = limits
  }

  public func decode(_ data: Data, url: URL?) throws(DocCRenderError) -> RenderIndex {
    let (root, warnings) = try RenderPageDecoder.parse(data, url: url, limits: limits)
    guard case .object(let languages)? = root["interfaceLanguages"] else {
      throw .notRenderJSON(url: url, reason: "no interfaceLanguages object")
    }
    var entries: [String: [RenderIndex.Entry]] = [:]
    for (language, nodes) in languages {
      var flat: [RenderIndex.Entry] = []
      Self.flatten(nodes, depth: 0, into: &flat)
      entries[language] = flat
    }
    return RenderIndex(entriesByLanguage: entries, warnings: warnings)
  }

  /// Recursion follows the JSON, whose depth `JSONPreflight` has bounded.
  private static func flatten(_ nodes: JSONValue, depth: Int, into entries: inout [RenderIndex.Entry]) {
    for node in nodes.arrayValue ?? [] where node.isObject {
      entries.append(
        RenderIndex.Entry(
          path: node["path"]?.stringValue, title: node["title"]?.stringValue ?? "",
          type: node["type"]?.stringValue, depth: depth))
      if let children = node["children"] { flatten(children, depth: depth + 1, into: &entries) }
    }
  }
}
