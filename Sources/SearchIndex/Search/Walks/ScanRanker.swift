/// Scores passages of a scan into the top hits, passing over those that cannot enter: by
/// frequency (the least whose best case, length 0, reaches the threshold) and by length
/// (`LengthLimits`).
struct ScanRanker {
  let idf: Double
  let averageLength: Double
  /// The least frequency that can still enter, whatever the length.
  private(set) var minimumFrequency = 0
  private var limits = LengthLimits()

  init(idf: Double, averageLength: Double) {
    self.idf = idf
    self.averageLength = averageLength
  }

  /// Whether a passage of frequency 1 can still enter.
  var admitsFrequencyOne: Bool { minimumFrequency <= 1 }

  /// The longest passage of `frequency` (1...`LengthLimits.frequencies`) that can still
  /// enter once the top hits are full.
  func lengthLimit(frequency: Int) -> Int { limits.limit(frequency: frequency) }

  /// Whether a passage of `frequency` can still enter, whatever its length.
  func admits(frequency: Int) -> Bool { frequency >= minimumFrequency }

  mutating func consider(
    _ passage: Int, _ frequency: Int, length: Int, into collector: inout TopHits, score: (Int, Int) -> Double
  ) {
    guard frequency >= minimumFrequency else { return }
    if collector.isFull && !limits.admits(frequency: frequency, length: length) { return }
    let wasFull = collector.isFull
    let threshold = collector.threshold
    collector.insert(UInt32(passage), score(passage, frequency))
    guard collector.isFull && (!wasFull || collector.threshold != threshold) else { return }
    limits.update(threshold: collector.threshold, idf: idf, averageLength: averageLength)
    while minimumFrequency < 255
      && idf * BM25.saturation(frequency: Double(minimumFrequency), length: 0, averageLength: 1)
        < collector.threshold
    {
      minimumFrequency += 1
    }
  }
}
