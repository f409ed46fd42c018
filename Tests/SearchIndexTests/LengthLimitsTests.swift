import Testing

@testable import SearchIndex

/// A length limit must admit every passage whose score reaches the threshold, and keep out
/// all but those within a word of it.
@Suite struct LengthLimitsTests {
  @Test(arguments: [(2.0, 10.0), (0.3, 7.5), (9.0, 31.0), (1.0, 1.0)])
  func admitsExactlyThePassagesThatCanReachTheThreshold(idf: Double, averageLength: Double) {
    var limits = LengthLimits()
    for threshold in stride(from: 0.05, through: 2.3, by: 0.05).map({ $0 * idf }) {
      limits.update(threshold: threshold, idf: idf, averageLength: averageLength)
      for frequency in 1...LengthLimits.frequencies {
        for length in 0...400 {
          let score =
            idf
            * BM25.saturation(
              frequency: Double(frequency), length: Double(length), averageLength: averageLength)
          let admitted = limits.admits(frequency: frequency, length: length)
          if score >= threshold { #expect(admitted, "f \(frequency) length \(length) threshold \(threshold)") }
          let shorter =
            idf
            * BM25.saturation(
              frequency: Double(frequency), length: Double(max(0, length - 2)), averageLength: averageLength)
          if admitted { #expect(shorter >= threshold, "f \(frequency) length \(length) threshold \(threshold)") }
        }
      }
    }
    // Beyond the table every frequency is admitted, to be scored exactly.
    #expect(limits.admits(frequency: LengthLimits.frequencies + 1, length: 1_000_000))
  }
}
