/// The folding of `TermFolding`, without Foundation: its case and diacritic folding, the
/// diacritics it drops after a character, NFKC and canonical composition, read from tables
/// generated from Foundation (`FoldingTableData`, constant arrays searched in place), so that
/// a term folds as Foundation folded it.
enum FoldingTables {
  /// What case and diacritic folding makes of one scalar: nil when it stays as it is.
  static func fold(_ scalar: Unicode.Scalar) -> ArraySlice<UInt32>? {
    mapped(scalar.value, FoldingTableData.foldKeys, FoldingTableData.foldStarts, FoldingTableData.foldValues)
  }

  /// Whether `mark`, after the character `base`, is dropped as a diacritic of it: the
  /// combining diacritics after almost any character, other marks (vowel signs, enclosing
  /// marks...) only after Latin, Greek and Cyrillic letters. U+0345, the Greek iota below,
  /// goes after any character (alone, it folds to `ι`).
  static func dropsMark(_ mark: UInt32, after base: UInt32) -> Bool {
    if mark == 0x0345 { return true }
    if contains(FoldingTableData.droppedAfterAny, mark) { return inRanges(FoldingTableData.basesOfAny, base) }
    if contains(FoldingTableData.droppedAfterLatin, mark) { return inRanges(FoldingTableData.basesOfLatin, base) }
    return false
  }

  /// NFKC of `scalars` (compatibility decomposition, canonical order, canonical
  /// composition), as Foundation's `precomposedStringWithCompatibilityMapping` gives it.
  static func compatibilityComposed(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
    var decomposed: [Unicode.Scalar] = []
    for scalar in scalars {
      if let replacement = mapped(
        scalar.value, FoldingTableData.compatibilityKeys, FoldingTableData.compatibilityStarts,
        FoldingTableData.compatibilityValues)
      {
        decomposed += replacement.compactMap(Unicode.Scalar.init)
      } else if (0xAC00...0xD7A3).contains(scalar.value) {
        decomposeHangul(scalar.value, into: &decomposed)
      } else {
        decomposed.append(scalar)
      }
    }
    putInCanonicalOrder(&decomposed)
    return composed(decomposed)
  }

  /// Canonical composition (Unicode's algorithm, on text in canonical order): each scalar
  /// joins the last starter when the pair has a composite and nothing between them blocks it.
  static func composed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(scalars.count)
    var starter: Int?
    var lastClass: UInt8 = 0
    for scalar in scalars {
      let combiningClass = scalar.properties.canonicalCombiningClass.rawValue
      if let index = starter {
        let adjacent = index == result.count - 1
        if adjacent || (lastClass != 0 && lastClass < combiningClass),
          let composite = composite(result[index], scalar)
        {
          result[index] = composite
          continue
        }
      }
      if combiningClass == 0 {
        starter = result.count
        lastClass = 0
      } else {
        lastClass = combiningClass
      }
      result.append(scalar)
    }
    return result
  }

  private static func composite(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
    // Hangul: a leading and a vowel jamo make an LV syllable, an LV syllable and a trailing
    // jamo an LVT one (Unicode §3.12).
    let (f, s) = (first.value, second.value)
    if (0x1100...0x1112).contains(f), (0x1161...0x1175).contains(s) {
      return Unicode.Scalar(0xAC00 + ((f - 0x1100) * 21 + (s - 0x1161)) * 28)
    }
    if (0xAC00...0xD7A3).contains(f), (f - 0xAC00) % 28 == 0, (0x11A8...0x11C2).contains(s) {
      return Unicode.Scalar(f + (s - 0x11A7))
    }
    let keys = FoldingTableData.compositionKeys
    let index = lowerBound(keys, UInt64(f) << 32 | UInt64(s))
    guard index < keys.count, keys[index] == UInt64(f) << 32 | UInt64(s) else { return nil }
    return Unicode.Scalar(FoldingTableData.compositionValues[index])
  }

  /// A Hangul syllable's jamo: leading, vowel and, when it has one, trailing (Unicode §3.12).
  private static func decomposeHangul(_ syllable: UInt32, into scalars: inout [Unicode.Scalar]) {
    let index = syllable - 0xAC00
    scalars.append(Unicode.Scalar(0x1100 + index / (21 * 28))!)
    scalars.append(Unicode.Scalar(0x1161 + (index % (21 * 28)) / 28)!)
    if index % 28 != 0 { scalars.append(Unicode.Scalar(0x11A7 + index % 28)!) }
  }

  /// Each run of marks sorted by combining class, stably (Unicode's canonical ordering).
  private static func putInCanonicalOrder(_ scalars: inout [Unicode.Scalar]) {
    var start = 0
    while start < scalars.count {
      guard scalars[start].properties.canonicalCombiningClass.rawValue != 0 else {
        start += 1
        continue
      }
      var end = start
      while end < scalars.count, scalars[end].properties.canonicalCombiningClass.rawValue != 0 { end += 1 }
      // Insertion sort: runs of marks are a few scalars long, and it is stable.
      for index in (start + 1)..<max(start + 1, end) {
        let scalar = scalars[index]
        let combiningClass = scalar.properties.canonicalCombiningClass.rawValue
        var position = index
        while position > start, scalars[position - 1].properties.canonicalCombiningClass.rawValue > combiningClass {
          scalars[position] = scalars[position - 1]
          position -= 1
        }
        scalars[position] = scalar
      }
      start = end
    }
  }

  private static func mapped(
    _ key: UInt32, _ keys: [UInt32], _ starts: [UInt32], _ values: [UInt32]
  ) -> ArraySlice<UInt32>? {
    let index = lowerBound(keys, key)
    guard index < keys.count, keys[index] == key else { return nil }
    return values[Int(starts[index])..<Int(starts[index + 1])]
  }

  private static func contains(_ sorted: [UInt32], _ value: UInt32) -> Bool {
    let index = lowerBound(sorted, value)
    return index < sorted.count && sorted[index] == value
  }

  /// Whether `value` lies in one of the ranges of `bounds` (first, last, first, last...).
  private static func inRanges(_ bounds: [UInt32], _ value: UInt32) -> Bool {
    var (low, high) = (0, bounds.count / 2)
    while low < high {
      let middle = (low + high) / 2
      if bounds[2 * middle + 1] < value { low = middle + 1 } else { high = middle }
    }
    return low < bounds.count / 2 && bounds[2 * low] <= value
  }

  /// The first index whose element is not below `value`.
  private static func lowerBound<Element: Comparable>(_ sorted: [Element], _ value: Element) -> Int {
    var (low, high) = (0, sorted.count)
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
