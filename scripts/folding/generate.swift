// Writes the folding tables of SearchIndex (Sources/SearchIndex/Analysis/FoldingTableData.swift)
// from Foundation's own folding and normalization, so that the index folds without linking
// Foundation and exactly as it did with it. Run by scripts/gen-folding-tables.
import Foundation

func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

var fold: [(UInt32, [UInt32])] = []
var compatibility: [(UInt32, [UInt32])] = []
var pairs: [(UInt64, UInt32)] = []
var droppedAfterAny: [UInt32] = []
var droppedAfterLatin: [UInt32] = []
var irregular = 0
func folding(_ text: String) -> [UInt32] {
  scalars(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
}
// Which characters a mark is dropped after depends on the mark: most go after any
// character; others (some vowel signs, enclosing marks) only after the Latin, Greek and
// Cyrillic letters that Foundation strips diacritics from. U+0301 and U+0B57 stand for
// the two kinds; U+0511 is a letter after which only the first kind goes.
var basesOfAny: [ClosedRange<UInt32>] = []
var basesOfLatin: [ClosedRange<UInt32>] = []
func extend(_ ranges: inout [ClosedRange<UInt32>], _ value: UInt32) {
  if let last = ranges.last, last.upperBound == value - 1 {
    ranges[ranges.count - 1] = last.lowerBound...value
  } else {
    ranges.append(value...value)
  }
}
for value in UInt32(1)...0x10FFFF {
  guard let scalar = Unicode.Scalar(value) else { continue }
  let alone = folding(String(scalar))
  if folding(String(scalar) + "\u{0301}") == alone { extend(&basesOfAny, value) }
  if folding(String(scalar) + "\u{0B57}") == alone { extend(&basesOfLatin, value) }
}
for value in UInt32(0)...0x10FFFF {
  guard let scalar = Unicode.Scalar(value) else { continue }
  let text = String(scalar)
  let folded = scalars(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
  if folded != [value] { fold.append((value, folded)) }
  // After a letter, some marks are dropped as diacritics of it, though alone they stay.
  let afterLetter = folding("a" + text)
  if afterLetter == [0x61] && !folded.isEmpty {
    if folding("\u{0511}" + text) == [0x511] {
      droppedAfterAny.append(value)
    } else {
      droppedAfterLatin.append(value)
    }
  } else if afterLetter != [0x61] + folded {
    irregular += 1
  }
  // Hangul syllables are decomposed and composed arithmetically, not from the tables.
  if (0xAC00...0xD7A3).contains(value) { continue }
  let mapped = scalars(text.decomposedStringWithCompatibilityMapping)
  if mapped != [value] { compatibility.append((value, mapped)) }
  // Canonical composition, one step: a composite is its decomposition's first part (composed)
  // and its last mark.
  let decomposed = scalars(text.decomposedStringWithCanonicalMapping)
  guard decomposed.count >= 2,
    scalars(text.decomposedStringWithCanonicalMapping.precomposedStringWithCanonicalMapping) == [value]
  else { continue }
  var head = String.UnicodeScalarView()
  for part in decomposed.dropLast() { head.append(Unicode.Scalar(part)!) }
  let first = scalars(String(head).precomposedStringWithCanonicalMapping)
  guard first.count == 1 else { continue }
  pairs.append((UInt64(first[0]) << 32 | UInt64(decomposed.last!), value))
}

FileHandle.standardError.write(Data("scalars folded otherwise after a letter: \(irregular)\n".utf8))

/// Hex digits in groups of four from the right, as swift-format asks of literals of more
/// than eight.
func grouped(_ digits: String) -> String {
  guard digits.count > 8 else { return digits }
  var groups: [Substring] = []
  var end = digits.endIndex
  while end > digits.startIndex {
    let start = digits.index(end, offsetBy: -4, limitedBy: digits.startIndex) ?? digits.startIndex
    groups.insert(digits[start..<end], at: 0)
    end = start
  }
  return groups.joined(separator: "_")
}

/// An array literal of hex numbers, wrapped.
func literal(_ numbers: [UInt64]) -> String {
  var lines: [String] = []
  var line = ""
  for number in numbers {
    let entry = "0x" + grouped(String(number, radix: 16, uppercase: true)) + ","
    if line.count + entry.count + 1 > 94 {
      lines.append(line)
      line = ""
    }
    line += (line.isEmpty ? "" : " ") + entry
  }
  if !line.isEmpty { lines.append(line) }
  return lines.map { "    " + $0 }.joined(separator: "\n")
}

/// Keys, where each key's values start, and the values, of a one-to-many table.
func table(_ name: String, _ what: String, _ entries: [(UInt32, [UInt32])]) -> String {
  var starts: [UInt64] = [0]
  var values: [UInt64] = []
  for (_, mapped) in entries {
    values += mapped.map(UInt64.init)
    starts.append(UInt64(values.count))
  }
  return """
      /// \(what) (\(entries.count) scalars): the scalars `\(name)Keys[i]` becomes are
      /// `\(name)Values[\(name)Starts[i]..<\(name)Starts[i + 1]]`.
      static let \(name)Keys: [UInt32] = [
    \(literal(entries.map { UInt64($0.0) }))
      ]
      static let \(name)Starts: [UInt32] = [
    \(literal(starts))
      ]
      static let \(name)Values: [UInt32] = [
    \(literal(values))
      ]
    """
}

func flattened(_ ranges: [ClosedRange<UInt32>]) -> [UInt64] {
  ranges.flatMap { [UInt64($0.lowerBound), UInt64($0.upperBound)] }
}

print(
  """
  // Generated by scripts/gen-folding-tables from Foundation's folding and normalization; do
  // not edit. FoldingTableTests compares the folding with Foundation's.

  /// The tables of `FoldingTables`, sorted by key, as constant arrays (no work at start).
  enum FoldingTableData {
  \(table("fold", "Case and diacritic folding of one scalar, where it changes it", fold))

  \(table("compatibility", "NFKD of one scalar, where it changes it (Hangul aside)", compatibility))

    /// Marks that alone fold to themselves or another scalar, but are dropped as diacritics
    /// after a character of `basesOfAny` (\(droppedAfterAny.count) scalars).
    static let droppedAfterAny: [UInt32] = [
  \(literal(droppedAfterAny.map(UInt64.init)))
    ]

    /// The same, dropped only after a character of `basesOfLatin` (\(droppedAfterLatin.count) scalars).
    static let droppedAfterLatin: [UInt32] = [
  \(literal(droppedAfterLatin.map(UInt64.init)))
    ]

    /// Ranges of characters after which `droppedAfterAny` go: first, last, first, last...
    static let basesOfAny: [UInt32] = [
  \(literal(flattened(basesOfAny)))
    ]

    /// Ranges of characters after which `droppedAfterLatin` go.
    static let basesOfLatin: [UInt32] = [
  \(literal(flattened(basesOfLatin)))
    ]

    /// Canonical composition (\(pairs.count) pairs; Hangul aside): `first << 32 | second`, and
    /// the composite at the same index of `compositionValues`.
    static let compositionKeys: [UInt64] = [
  \(literal(pairs.sorted { $0.0 < $1.0 }.map(\.0)))
    ]
    static let compositionValues: [UInt32] = [
  \(literal(pairs.sorted { $0.0 < $1.0 }.map { UInt64($0.1) }))
    ]
  }
  """)
