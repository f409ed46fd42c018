extension QuotationVerdict {
  /// The longest real words (`closest`) a listed verdict keeps, in characters.
  static let maximumClosestLength = 1_000
  /// The most words a listed verdict's diff shows (`WordDiff.shortened`).
  static let maximumDiffWords = 300

  /// The verdict with its real words and diff shortened to the limits above, each cut
  /// marked by `…`; the diff's counts stay those of the whole diff.
  func bounded() -> QuotationVerdict {
    var copy = self
    if let closest, closest.count > Self.maximumClosestLength {
      copy.closest = String(closest.prefix(Self.maximumClosestLength - 1)) + "…"
    }
    copy.diff = diff?.shortened(toWords: Self.maximumDiffWords)
    return copy
  }
}
