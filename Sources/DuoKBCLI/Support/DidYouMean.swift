/// Suggests the closest known name for a misspelt one, or nil when none is close.
enum DidYouMean {
  static func suggestion(for name: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(name, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(1, name.count / 3) ? best.0 : nil
  }

  /// `--version` or `--help` for the ways people guess them (`version`, `-v`, `-help`).
  static func globalOption(for name: String) -> String? {
    switch name {
    case "version", "-v", "-V", "-version", "--v": "--version"
    case "-help", "--h", "usage", "--usage": "--help"
    default: nil
    }
  }

  /// Edit distance counting an insertion, deletion, substitution or swap of two
  /// neighbours as one edit (optimal string alignment), over Unicode scalars.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let left = Array(a.unicodeScalars)
    let right = Array(b.unicodeScalars)
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var twoBack = [Int](repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = previous
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
          best = min(best, twoBack[j - 2] + 1)
        }
        current[j] = best
      }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[right.count]
  }
}
