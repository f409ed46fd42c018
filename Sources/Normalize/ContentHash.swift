/// The content hash of a document (`FetchMetadata.contentHash`): SHA-256, hex, over its
/// passages and cues in an unambiguous encoding, so that an unchanged document has an
/// unchanged hash and is not rewritten.
///
/// Encoding (version `duo-kb content v1`): every string is its UTF-8 length as 8 bytes
/// big-endian followed by its bytes; every optional is a byte 0 (absent) or 1 followed by
/// its value; integers are written as decimal strings. Passages (kind, text, start, end,
/// anchor, heading, speaker, firstCue, lastCue), then cues (start, end, raw, text,
/// settings, voice), each list preceded by its count.
public enum ContentHash {
  static let version = "duo-kb content v1"

  public static func of(_ document: Document) -> String {
    of(passages: document.passages, cues: document.cues)
  }

  public static func of(passages: [Passage], cues: [StoredCue]) -> String {
    var encoder = Encoder()
    encoder.string(version)
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
