/// Ranks drawn from a Zipf distribution (weight 1/rank) over a vocabulary of `count` words,
/// as the corpus generators choose their words.
package struct ZipfDraw: Sendable {
  private let cumulative: [Double]

  package init(count: Int) {
    var total = 0.0
    cumulative = (0..<count).map { rank in
      total += 1 / Double(rank + 1)
      return total
    }
  }

  /// A rank in `0..<count`, rank 0 the likeliest.
  package func rank(_ random: inout SplitMix64) -> Int {
    let target = random.unit() * cumulative[cumulative.count - 1]
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
