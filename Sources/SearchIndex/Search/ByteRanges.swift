/// Byte ranges of matched words, as highlights carry them.
enum ByteRanges {
  /// `ranges` sorted, with overlapping or touching ones joined into one.
  static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    // Highlights come in text order, apart: then nothing is to be sorted or joined.
    if ranges.indices.dropFirst().allSatisfy({ ranges[$0 - 1].upperBound < ranges[$0].lowerBound }) {
      return ranges
    }
    var merged: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
