/// Okapi BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009).
enum BM25 {
  static let k1 = 1.2
  static let b = 0.75
  /// Added to a term's saturation when the passage's document title has the term.
  static let titleWeight = 0.6
  /// Added when the passage's heading has the term.
  static let headingWeight = 0.4

  /// The term-frequency part of a term's score, without its idf.
  @inline(__always)
  static func saturation(frequency: Double, length: Double, averageLength: Double) -> Double {
    frequency * (k1 + 1) / (frequency + k1 * (1 - b + b * length / averageLength))
  }

  /// BM25's idf, kept positive: log(1 + (N - n + 0.5) / (n + 0.5)).
  static func idf(documentFrequency: Int, count: Int) -> Double {
    let n = Double(documentFrequency)
    return log1p((Double(count) - n + 0.5) / (n + 0.5))
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
