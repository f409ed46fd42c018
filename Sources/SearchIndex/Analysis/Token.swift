/// One indexed term occurrence.
///
/// Positions are *slots*: every identifier part takes one slot, so a word with three parts
/// spans three slots and its whole form covers all of them. A phrase matches when each
/// term starts in the slot after the previous term ends.
struct Token: Equatable, Sendable, CustomStringConvertible {
  /// Folded term bytes; extras (forms that verbatim queries must not see) carry
  /// `TermSpace.extraMarker` as their first byte.
  var term: [UInt8]
  var startSlot: Int
  var endSlot: Int
  /// UTF-8 byte range in the analyzed text.
  var byteStart: Int
  var byteEnd: Int

  var isExtra: Bool { term.first == TermSpace.extraMarker }
  var text: String { String(decoding: isExtra ? Array(term.dropFirst()) : term, as: UTF8.self) }
  var description: String {
    "\(isExtra ? "+" : "")\(text)@\(startSlot)\(endSlot == startSlot ? "" : "-\(endSlot)")"
  }
}

/// The leading byte of dictionary keys, which keeps kinds of terms apart in one sorted
/// dictionary. Verbatim terms have no marker (a folded term never starts with a byte < 0x20).
enum TermSpace {
  /// Identifier parts, plural folds, compounds: found by standard queries only.
  static let extraMarker: UInt8 = 0x01
  /// Words of document titles (postings list documents, not passages).
  static let titleMarker: UInt8 = 0x02
  /// Words of passage headings (postings list heading ids).
  static let headingMarker: UInt8 = 0x03
  /// Words of document descriptions (a talk's abstract, a page's summary; postings list
  /// documents, not passages).
  static let descriptionMarker: UInt8 = 0x04
  /// Runs of an identifier's parts as phrases (`PartPhrases`): found by standard queries
  /// for an identifier, in place of walking its parts' postings.
  static let partPhraseMarker: UInt8 = 0x05
  /// Prefixes of many terms with their merged postings (`StoredPrefixes`): read by a
  /// standard query for the prefix in place of merging its terms' postings.
  static let storedPrefixMarker: UInt8 = 0x06

  /// Whether `term` is a word of a field (title, heading, description), whose postings
  /// number documents or headings, not passages.
  static func isFieldTerm(_ term: some Collection<UInt8>) -> Bool {
    guard let first = term.first else { return false }
    return first == titleMarker || first == headingMarker || first == descriptionMarker
  }
}
