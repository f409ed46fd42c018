/// For frequencies 1-8, the longest passage (in words) whose BM25 saturation can still
/// reach a threshold: a scan over many passages compares lengths instead of scoring each.
struct LengthLimits {
  static let frequencies = 8
  /// By frequency; -1 where no length reaches the threshold.
  private var limits = [Int](repeating: Int.max, count: frequencies + 1)

  /// Limits for a score threshold of `threshold` with this `idf`. Rounded generously (up
  /// by a word): a limit may let a passage through to be scored, never keep one out.
  mutating func update(threshold: Double, idf: Double, averageLength: Double) {
    let target = threshold / idf
    for frequency in 1...Self.frequencies {
      let f = Double(frequency)
      // f (k1 + 1) / (f + k1 (1 - b + b L / avg)) >= target, solved for L.
      let length =
        averageLength / (BM25.k1 * BM25.b)
        * (f * (BM25.k1 + 1) / target - f - BM25.k1 * (1 - BM25.b))
      limits[frequency] =
        length.isNaN || length >= Double(Int32.max) ? Int.max : length < 0 ? -1 : Int(length) + 1
    }
  }

  /// The longest passage of `frequency` (1...`frequencies`) that can reach the threshold:
  /// -1 when none can, `Int.max` before the first update.
  func limit(frequency: Int) -> Int { limits[frequency] }

  /// Whether a passage can reach the threshold (beyond the table's frequencies: always,
  /// for exact scoring).
  func admits(frequency: Int, length: Int) -> Bool {
    frequency > Self.frequencies || length <= limits[frequency]
  }
}
