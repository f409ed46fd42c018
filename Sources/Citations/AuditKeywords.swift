/// The key words of a rule: its words, lower-cased, without stop words and duplicates.
enum AuditKeywords {
  static let maximumKeywords = 8

  static func keywords(_ rule: String) -> [String] {
    var seen: Set<String> = []
    var result: [String] = []
    for word in rule.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
      let text = String(word)
      guard text.count >= 2, !stopWords.contains(text), seen.insert(text).inserted else { continue }
      result.append(text)
      if result.count == maximumKeywords { break }
    }
    return result
  }

  static let stopWords: Set<String> = [
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are", "as",
    "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can",
    "could", "did", "do", "does", "doing", "don", "down", "during", "each", "either", "else", "every", "few",
    "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "him", "his",
    "how", "if", "in", "into", "is", "it", "its", "itself", "just", "may", "me", "might", "more", "most",
    "must", "my", "never", "no", "nor", "not", "now", "of", "off", "on", "once", "one", "only", "or",
    "other", "our", "ours", "out", "over", "own", "same", "shall", "she", "should", "so", "some", "such",
    "than", "that", "the", "their", "theirs", "them", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "under", "until", "up", "us", "use", "very", "was", "we", "were", "what",
    "when", "where", "which", "while", "who", "whom", "why", "will", "with", "without", "would", "you",
    "your", "yours", "make", "sure", "keep", "let", "get", "via", "etc", "e", "g", "i",
  ]
}
