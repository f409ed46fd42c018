#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Case and diacritic folding, and the light English plural rule. The folding is Foundation's
/// (`String.folding(options: [.caseInsensitive, .diacriticInsensitive])`, and NFKC for width
/// forms), read from tables generated from it (`FoldingTables`), so that a process that
/// searches does not link Foundation.
enum TermFolding {
  /// Terms longer than this are cut (at a character boundary) before indexing and querying.
  static let maximumTermBytes = 128

  /// Lowercases ASCII directly; other text goes through Unicode case and diacritic folding.
  /// Typographic apostrophes become `'`.
  static func fold(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8]) {
    output.removeAll(keepingCapacity: true)
    var isASCII = true
    for index in range where bytes[index] >= 0x80 {
      isASCII = false
      break
    }
    if isASCII {
      for index in range {
        let byte = bytes[index]
        output.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
      }
    } else {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      let scalars =
        text.unicodeScalars.contains(where: isWidthForm)
        ? FoldingTables.compatibilityComposed(text.unicodeScalars) : Array(text.unicodeScalars)
      var base: UInt32?
      for scalar in scalars {
        // After a character, a diacritic of it goes, though alone it folds as itself or
        // another scalar (U+0345, the Greek iota below, becomes `ι`).
        if let base, FoldingTables.dropsMark(scalar.value, after: base) { continue }
        base = scalar.value
        for value in FoldingTables.fold(scalar) ?? [scalar.value] {
          guard let folded = Unicode.Scalar(value) else { continue }
          if folded.value == 0x2019 || folded.value == 0x02BC {
            output.append(UInt8(ascii: "'"))
          } else if folded.properties.generalCategory == .nonspacingMark {
            continue  // a mark left over after folding: dropped, as the diacritic it is
          } else {
            output.append(contentsOf: String(folded).utf8)
          }
        }
      }
    }
    truncate(&output)
  }

  /// A full-width or half-width form (`Ｘ`, `１`, `ｶ`): folded to its usual form (NFKC), so
  /// `Ｘｃｏｄｅ` is `xcode`.
  @inline(__always)
  static func isWidthForm(_ scalar: Unicode.Scalar) -> Bool {
    (0xFF00...0xFFEF).contains(scalar.value) || scalar.value == 0x3000
  }

  /// NFKC, composed once more (NFC), as Foundation gave it (`FoldingTables`).
  static func nfkc(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: FoldingTables.compatibilityComposed(text.unicodeScalars))
    return String(scalars)
  }

  /// One CJK character (with its marks), or two, as a term: the bytes as written, except
  /// that width forms and compatibility ideographs take their usual form (NFKC) and
  /// decomposed kana are composed (`か` + U+3099 is `が`). No case or diacritic folding:
  /// `が` and `か` are different words.
  static func foldCJK(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8]) {
    output.removeAll(keepingCapacity: true)
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    let needsMapping = text.unicodeScalars.contains { scalar in
      isWidthForm(scalar) || (0xF900...0xFAFF).contains(scalar.value)
        || scalar.properties.generalCategory == .nonspacingMark || (0x3099...0x309A).contains(scalar.value)
    }
    if needsMapping {
      output.append(contentsOf: nfkc(text).utf8)
    } else {
      output.append(contentsOf: bytes[range])
    }
    truncate(&output)
  }

  /// Cuts a term to `maximumTermBytes` without splitting a UTF-8 sequence.
  static func truncate(_ term: inout [UInt8]) {
    guard term.count > maximumTermBytes else { return }
    var end = maximumTermBytes
    while end > 0 && term[end] & 0xC0 == 0x80 { end -= 1 }
    term.removeSubrange(end...)
  }

  /// The form a standard query looks a folded word up under, as word and as extra term:
  /// its singular when plurals are folded (`cats` -> `cat`), else the word itself.
  static func lookupForm(_ folded: [UInt8], foldsPlurals: Bool) -> [UInt8] {
    foldsPlurals ? singular(folded) ?? folded : folded
  }

  /// The singular of a folded plural word, or nil: `-ies` -> `-y`, `-sses` -> `-ss`,
  /// `-xes`/`-ches`/`-shes` -> drop `es`, else `-s` (not `-ss`, `-us`, `-is`) -> drop `s`.
  /// Only ASCII letter words of four or more letters (so `its`, `has`, `was` stay).
  static func singular(_ term: [UInt8]) -> [UInt8]? {
    let count = term.count
    guard count >= 4, term.last == UInt8(ascii: "s") else { return nil }
    for byte in term where !(byte >= 0x61 && byte <= 0x7A) { return nil }
    func endsWith(_ suffix: String) -> Bool {
      let suffixBytes = Array(suffix.utf8)
      return count >= suffixBytes.count && term[(count - suffixBytes.count)...].elementsEqual(suffixBytes)
    }
    if endsWith("ies") && count >= 5 { return Array(term[..<(count - 3)]) + [UInt8(ascii: "y")] }
    if endsWith("sses") { return Array(term[..<(count - 2)]) }
    if endsWith("xes") || endsWith("ches") || endsWith("shes") { return Array(term[..<(count - 2)]) }
    if endsWith("ss") || endsWith("us") || endsWith("is") { return nil }
    return Array(term[..<(count - 1)])
  }

  /// The word with apostrophes removed (`don't` -> `dont`), or nil without one.
  static func withoutApostrophes(_ term: [UInt8]) -> [UInt8]? {
    guard term.contains(UInt8(ascii: "'")) else { return nil }
    return term.filter { $0 != UInt8(ascii: "'") }
  }

  /// The possessive's owner (`apple's` -> `apple`), or nil.
  static func possessiveOwner(_ term: [UInt8]) -> [UInt8]? {
    let count = term.count
    guard count >= 3, term[count - 2] == UInt8(ascii: "'"), term[count - 1] == UInt8(ascii: "s")
    else { return nil }
    return Array(term[..<(count - 2)])
  }

  /// Byte offsets where a `camelCase` identifier splits: lower->Upper (`toolbarVertical`),
  /// and before the last capital of a run followed by a lowercase letter (`HTTPServer`).
  /// A single leading lowercase letter stays attached (`iPhone`, `iOS`, `eBook`).
  /// Only ASCII letters and digits; anything else is not an identifier.
  static func identifierBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Int] {
    var boundaries: [Int] = []
    forEachIdentifierBoundary(bytes, range) { boundaries.append($0) }
    return boundaries.count >= maximumIdentifierBoundaries ? [] : boundaries
  }

  /// `identifierBoundaries(bytes, range).count`, without making the array.
  static func identifierBoundaryCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    var count = 0
    forEachIdentifierBoundary(bytes, range) { _ in count += 1 }
    return count >= maximumIdentifierBoundaries ? 0 : count
  }

  /// A word cut in this many places or more is not split at all.
  private static let maximumIdentifierBoundaries = 16

  /// Calls `visit` with each boundary `identifierBoundaries` keeps, in order (before its cap).
  @inline(__always)
  private static func forEachIdentifierBoundary(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ visit: (Int) -> Void
  ) {
    func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    for index in range {
      let byte = bytes[index]
      guard isUpper(byte) || isLower(byte) || WordScanner.isASCIIDigit(byte) else { return }
    }
    var index = range.lowerBound + 1
    while index < range.upperBound {
      let previous = bytes[index - 1]
      let current = bytes[index]
      let isBoundary =
        (isLower(previous) && isUpper(current))
        || (isUpper(previous) && isUpper(current) && index + 1 < range.upperBound && isLower(bytes[index + 1]))
      // A boundary right after a leading lowercase letter can only be the first: dropped.
      if isBoundary && !(index == range.lowerBound + 1 && isLower(bytes[range.lowerBound])) { visit(index) }
      index += 1
    }
  }
}
