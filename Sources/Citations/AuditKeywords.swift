import StringTrimming

/// A rule as a best-match query: its words, lower-cased (so that no word reads as an
/// operator), without punctuation (so that nothing reads as a phrase, a prefix or an
/// exclusion), at most `maximumWords` of them.
enum AuditKeywords {
  static let maximumWords = 32

  static func query(_ rule: String) -> String {
    var words: [String] = []
    for word in rule.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }) {
      let text = word.trimming(["'", "’"])
      guard !text.isEmpty else { continue }
      words.append(text)
      if words.count == maximumWords { break }
    }
    return words.joined(separator: " ")
  }
}
