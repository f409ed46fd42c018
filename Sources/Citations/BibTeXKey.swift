/// BibTeX keys in the `authorYearWord` form reference managers make and accept:
/// `apple2026Designing`, `appleNDLayout` for an undated page. Only ASCII letters and digits,
/// so BibTeX, biber and every manager take them; a key two entries would share gets `b`,
/// `c`, … on the later ones, as an author's works of one year are told apart.
enum BibTeXKey {
  /// Words that do not name a work: its first other word does.
  static let skipped: Set<String> = [
    "a", "an", "the", "and", "of", "for", "in", "on", "to", "with", "what", "whats", "meet", "your", "new", "how",
  ]

  static func keys(for entries: [Bibliography.Entry]) -> [String] {
    var used: [String: Int] = [:]
    return entries.map { entry in
      let base = key(for: entry)
      let count = used[base, default: 0]
      used[base] = count + 1
      guard count > 0 else { return base }
      return base + letters(count)
    }
  }

  /// `apple` + the year published (`ND` without one) + the first word of the title.
  static func key(for entry: Bibliography.Entry) -> String {
    let year = entry.issued.map { String($0.year) } ?? "ND"
    return "apple" + year + word(entry.title, fallback: entry.kind == .talk ? "Talk" : "Page")
  }

  /// The title's first word that is not a skipped one, in ASCII letters and digits, its
  /// first letter a capital.
  static func word(_ title: String, fallback: String) -> String {
    let words = title.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "’" || $0 == "'") })
      .map {
        String($0.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
      }
      .filter { !$0.isEmpty }
    guard let word = words.first(where: { !skipped.contains($0.lowercased()) }) ?? words.first else { return fallback }
    return word.prefix(1).uppercased() + word.dropFirst()
  }

  /// 1 → `b`, 2 → `c`, …, 25 → `z`, 26 → `ba`: the letters after the first use.
  static func letters(_ count: Int) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
    var number = count
    var text = ""
    repeat {
      text = String(alphabet[number % 26]) + text
      number /= 26
    } while number > 0
    return text
  }
}
