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
public enum ContentHash {
  static let version = "duo-kb content v1"
  static let layoutVersion = "duo-kb content v2"

  public static func of(_ document: Document) -> String {
    of(passages: document.passages, cues: document.cues)
  }

  public static func of(passages: [Passage], cues: [StoredCue]) -> String {
    var encoder = Encoder()
    let hasLayouts = passages.contains { $0.layout != nil }
    encoder.string(hasLayouts ? layoutVersion : version)
    encoder.integer(passages.count)
    for passage in passages {
      encoder.string(passage.kind.rawValue)
      encoder.string(passage.text)
      encoder.optional(passage.startMilliseconds)
      encoder.optional(passage.endMilliseconds)
      encoder.optional(passage.anchor)
      encoder.optional(passage.heading)
      encoder.optional(passage.speaker)
      encoder.optional(passage.firstCue)
      encoder.optional(passage.lastCue)
      if hasLayouts { encoder.layout(passage.layout) }
    }
    encoder.integer(cues.count)
    for cue in cues {
      encoder.integer(cue.startMilliseconds)
      encoder.integer(cue.endMilliseconds)
      encoder.string(cue.raw)
      encoder.string(cue.text)
      encoder.optional(cue.settings)
      encoder.optional(cue.voice)
    }
    return SHA256.hex(encoder.hasher.finalize())
  }

  private struct Encoder {
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
