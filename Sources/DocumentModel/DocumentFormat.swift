#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The file a document is stored in (`Corpus/documents/<id>.json`): JSON that a person can
/// read and `git diff` can show line by line, written by `DocumentWriter` and read by
/// `DocumentReader` without going through `JSONDecoder` (several times slower, and the
/// corpus is read whole for every index build).
///
/// Format 4 (written since it was introduced): format 3 with each talk passage's cue starts,
/// so the index times a match at the cue it begins in without normalizing the cues again:
/// `"cueStarts":[[utf8Offset,cue],…]`, where the words of each cue after the passage's first
/// begin in its text (`Passage.cueStarts`, made with the passages by `TalkDocument`). Left
/// out when a passage of cues has none (its words come from one cue); `null` when they are
/// not known. The reader refuses a start that is not inside the text, after the one before,
/// on a character's first byte, and of a later cue of the passage
/// (`DocumentProblem.invalidCueStart`).
///
/// Format 3: format 2 without what the reader can derive exactly (`DerivedFields`), about
/// half the bytes of a talk:
/// - a passage's `kind` when it is the document's usual one (`speech` in a talk, `text` in
///   a HIG page); its `lastCue` when it is its `firstCue`; its `startMilliseconds` and
///   `endMilliseconds` when they are the start of its first cue and the end of its last;
///   its `text` when it is its cues' texts, first to last, joined by one space, each line
///   break a space. A field that is absent although a rule would give a value is written
///   `null`. A passage with none of its fields left is `{}`.
/// - a cue's `settings` when they are the document's `"cueSettings"` (a top-level key: the
///   settings most cues share, written when two or more do); a cue without settings in
///   such a document says `"settings":null`.
/// The reader fills these in once the whole file is read; a passage without text whose
/// cues are not in the file is refused (`missingField("text")`), as is derived text past
/// `maximumByteCount` in all.
///
/// Format 2: an object whose first key is `"formatVersion" : 2`, then the document's
/// metadata, one key a line; `fetch` as an object; `sections`, `passages` and `cues` as
/// arrays with one element a line. A passage is a compact object with the keys of
/// `Passage`; a cue is a compact array `[start, end, raw]`, with a fourth element
/// `{"text", "settings", "voice", "identifier"}` holding what it has besides: `text` is
/// left out when it is the raw payload itself, byte for byte (a cue without tags or
/// character references, most of Apple's).
///
/// Formats 1 to 3 still read, their talk passages without cue starts (nil: not known);
/// such a document is written in format 4, with `"cueStarts":null`, the next time it is
/// written, and `TalkDocument.completingCueStarts` finds them again for the index.
///
/// Format 1 (before): `JSONEncoder`'s pretty-printed `Codable` form, keys sorted, no
/// `formatVersion`, each cue an object with the keys of `StoredCue`. It still reads too.
///
/// Reading either: a cue may be an object or an array; unknown keys are skipped, as
/// `JSONDecoder` does; `null` reads as an absent optional; a key given twice in one object
/// is refused (`DocumentProblem.duplicateKey`), as is a `formatVersion` above `version`.
public enum DocumentFormat {
  /// The format this build writes, and the newest it reads.
  public static let version = 4
  /// A document file larger than this is refused before it is read (the largest real talks
  /// take under 1 MB).
  public static let maximumByteCount = 64 << 20
  /// Documents nest four deep; only unknown fields could nest further.
  public static let maximumDepth = 32

  public static func encode(_ document: Document) -> Data {
    Data(DocumentWriter.bytes(of: document))
  }

  /// The document in an older format this build can write (2 or 3), or the newest: for the
  /// tests and benchmarks that compare formats.
  package static func encode(_ document: Document, formatVersion: Int) -> Data {
    Data(DocumentWriter.bytes(of: document, version: max(2, min(formatVersion, version))))
  }

  public static func decode(_ data: Data) throws(DocumentModelError) -> Document {
    guard data.count <= maximumByteCount else {
      throw .documentTooLarge(byteCount: data.count, limit: maximumByteCount)
    }
    let result: Result<Document, DocumentModelError> = data.withUnsafeBytes { raw in
      var reader = DocumentReader(JSONByteReader(raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth))
      do throws(DocumentModelError) { return .success(try reader.document()) } catch { return .failure(error) }
    }
    return try result.get()
  }
}
