/// The content hash of a document (`FetchMetadata.contentHash`): SHA-256, hex, over its
/// passages and cues in an unambiguous encoding, so that an unchanged document has an
/// unchanged hash and is not rewritten.
///
/// Encoding (version `duo-kb content v1`): every string is its UTF-8 length as 8 bytes
/// big-endian followed by its bytes; every optional is a byte 0 (absent) or 1 followed by
/// its value; integers are written as decimal strings. Passages (kind, text, start, end,
/// anchor, heading, speaker, firstCue, lastCue), then cues (start, end, raw, text,
/// settings, voice), each list preceded by its count.
///
/// Version `duo-kb content v2`, used when any passage has a `layout` (HIG documents
/// harvested since layouts are recorded): the same, with each passage's layout after
/// `lastCue` as an optional (role, block, depth, number, table, row, column). A document
/// without layouts keeps its v1 hash, so corpora written before v2 still check clean.
///
/// A layout that names its aside (`PassageLayout.aside`, documentation pages only) adds the
/// name after its column.
///
/// A documentation page (`Document.documentation` given) hashes as v1 or v2, followed by
/// its metadata (role, symbol kind, role heading, modules, then each platform's name,
/// introduced, deprecated and three flags, then the deprecation summary), so that a page
/// newly deprecated upstream is rewritten although its text is not changed. Talks and HIG
/// pages have no metadata and keep their hash.
public enum ContentHash {
  static let version = "duo-kb content v1"
  static let layoutVersion = "duo-kb content v2"

  public static func of(_ document: Document) -> String {
    var encoder = Encoder()
    encoder.content(passages: document.passages, cues: document.cues)
    if let metadata = document.documentation { encoder.documentation(metadata) }
    return SHA256.hex(encoder.hasher.finalize())
  }

  public static func of(passages: [Passage], cues: [StoredCue]) -> String {
    var encoder = Encoder()
    encoder.content(passages: passages, cues: cues)
    return SHA256.hex(encoder.hasher.finalize())
  }
}

extension ContentHash.Encoder {
  mutating func content(passages: [Passage], cues: [StoredCue]) {
    let hasLayouts = passages.contains { $0.layout != nil }
    string(hasLayouts ? ContentHash.layoutVersion : ContentHash.version)
    integer(passages.count)
    for passage in passages {
      string(passage.kind.rawValue)
      string(passage.text)
      optional(passage.startMilliseconds)
      optional(passage.endMilliseconds)
      optional(passage.anchor)
      optional(passage.heading)
      optional(passage.speaker)
      optional(passage.firstCue)
      optional(passage.lastCue)
      if hasLayouts { layout(passage.layout) }
    }
    integer(cues.count)
    for cue in cues {
      integer(cue.startMilliseconds)
      integer(cue.endMilliseconds)
      string(cue.raw)
      string(cue.text)
      optional(cue.settings)
      optional(cue.voice)
    }
  }

  mutating func documentation(_ metadata: DocumentationMetadata) {
    for value in [metadata.role, metadata.symbolKind, metadata.roleHeading] { optional(value) }
    integer(metadata.modules.count)
    for module in metadata.modules { string(module) }
    integer(metadata.platforms.count)
    for platform in metadata.platforms {
      string(platform.name)
      optional(platform.introduced)
      optional(platform.deprecated)
      for flag in [platform.isDeprecatedFlag, platform.isBeta, platform.isUnavailable] { integer(flag ? 1 : 0) }
    }
    optional(metadata.deprecationSummary)
  }
}

extension ContentHash {
  struct Encoder {
    var hasher = SHA256()

    mutating func string(_ text: String) {
      let length = UInt64(text.utf8.count)
      hasher.update((0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> UInt64($0 * 8)) })
      hasher.update(text.utf8)
    }

    mutating func integer(_ value: Int) { string(String(value)) }

    mutating func layout(_ layout: PassageLayout?) {
      hasher.update(CollectionOfOne(UInt8(layout == nil ? 0 : 1)))
      guard let layout else { return }
      string(layout.role.rawValue)
      integer(layout.block)
      for value in [layout.depth, layout.number, layout.table, layout.row, layout.column] { optional(value) }
      // Only documentation pages name their asides; other layouts keep their v2 hash.
      if let aside = layout.aside { string(aside) }
    }

    mutating func optional(_ value: String?) {
      hasher.update(CollectionOfOne(UInt8(value == nil ? 0 : 1)))
      if let value { string(value) }
    }

    mutating func optional(_ value: Int?) {
      hasher.update(CollectionOfOne(UInt8(value == nil ? 0 : 1)))
      if let value { integer(value) }
    }
  }
}
