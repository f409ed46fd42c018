import Citations
import DecimalText
import SearchIndex

/// `search --explain` as text: under each hit, its score as the ranker made it, the
/// coverage factor, and one line per word or phrase of the query with its parts (only the
/// parts it has). The numbers are the ranker's (`ScoreExplanation`), shown to four decimals.
enum ExplainFormatter {
  static func lines(_ hit: QuotedHit) -> String {
    guard let explanation = hit.explanation else {
      return "   (not broken down: a strict search ranks by BM25 over the query's own operators)\n"
    }
    var text = "   score \(number(explanation.score)) = \(number(explanation.sum))"
    text += " × coverage \(number(explanation.coverage))^\(number(explanation.coordinationExponent))"
    text += " (own \(number(explanation.ownCoverage)), context \(number(explanation.contextCoverage)))"
    if explanation.naming != 1 {
      text += " × naming \(number(explanation.naming)) (it names the topic; the next passage goes on)"
    }
    text += "\n"
    let width = explanation.clauses.map(\.text.count).max() ?? 0
    for clause in explanation.clauses {
      let name = DisplayText.line(clause.text)
      text += "     \(name)\(String(repeating: " ", count: max(0, width - clause.text.count)))  "
      text += line(clause) + "\n"
    }
    return text
  }

  /// `8.2031 = idf 4.1015 × (own 1.7391 [1 as written, 9 words] + context 0.0600 [1.5 around] + title 0.3)`.
  static func line(_ clause: ScoreExplanation.Clause) -> String {
    var parts: [String] = []
    if clause.own > 0 {
      var found: [String] = []
      if clause.exactOccurrences > 0 { found.append("\(number(clause.exactOccurrences)) as written") }
      if clause.stemmedOccurrences > 0 { found.append("\(number(clause.stemmedOccurrences)) by stem") }
      found.append("\(number(clause.scoredLength)) words")
      parts.append("own \(number(clause.own)) [\(found.joined(separator: ", "))]")
    }
    if clause.context > 0 {
      parts.append("context \(number(clause.context)) [\(number(clause.neighbourOccurrences)) around]")
    }
    if clause.heading > 0 { parts.append("heading \(number(clause.heading))") }
    if clause.title > 0 { parts.append("title \(number(clause.title))") }
    if clause.description > 0 { parts.append("description \(number(clause.description))") }
    var factors = "idf \(number(clause.inverseDocumentFrequency))"
    if clause.weight != 1 { factors += " × stop word \(number(clause.weight))" }
    guard !parts.isEmpty else { return "0 (not in the passage nor around it; \(factors))" }
    return "\(number(clause.score)) = \(factors) × (\(parts.joined(separator: " + ")))"
  }

  /// Four decimals, trailing zeros dropped (`0.3`, `1.7391`, `2`).
  static func number(_ value: Double) -> String {
    var text = DecimalText.fixed(value, decimals: 4)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
