import DocumentModel
import Foundation

/// A query in both languages: ours and SQLite FTS5's.
package struct GeneratedQuery: Sendable {
  package var kind: String
  package var ours: String
  package var fts5: String

  /// The same query in tantivy's query language.
  package var tantivy: String {
    switch kind {
    case "and": fts5.replacingOccurrences(of: "\" AND \"", with: "\" +\"").withPlus
    case "not": fts5.replacingOccurrences(of: "\" NOT \"", with: "\" -\"").withPlus
    case "or" where fts5.hasPrefix("("): "+" + fts5.replacingOccurrences(of: ") AND ", with: ") +")
    default: fts5
    }
  }
}

extension String {
  fileprivate var withPlus: String { "+" + self }
}

/// A fixed, seeded mix of queries over a generated corpus: common and rare terms, API
/// identifiers, AND, OR, NOT, phrases of 2-5 words taken from the text, prefixes.
package struct QueryGenerator {
  package static let kinds = ["common", "rare", "identifier", "and", "or", "not", "phrase", "prefix"]

  package static func queries(
    count: Int, seed: UInt64, generator: CorpusGenerator, documents: [Document]
  ) -> [GeneratedQuery] {
    var random = SplitMix64(seed: seed)
    let vocabulary = generator.vocabulary
    let plain = vocabulary.enumerated().filter { $0.element.allSatisfy { $0.isASCII && $0.isLetter } }
    let identifiers = vocabulary.filter { word in
      word.dropFirst().contains { $0.isUppercase } && word.allSatisfy { $0.isLetter }
    }
    func pick(_ range: Range<Int>) -> String {
      let candidates = plain.filter { range.contains($0.offset) }
      return candidates[Int(random.next() % UInt64(candidates.count))].element.lowercased()
    }
    let passages = documents.flatMap { $0.passages.filter { $0.kind != .code } }
    var result: [GeneratedQuery] = []
    for number in 0..<count {
      let kind = kinds[number % kinds.count]
      switch kind {
      case "common":
        let word = pick(0..<40)
        result.append(.init(kind: kind, ours: word, fts5: "\"\(word)\""))
      case "rare":
        let word = pick(min(1_000, plain.count / 2)..<vocabulary.count)
        result.append(.init(kind: kind, ours: word, fts5: "\"\(word)\""))
      case "identifier":
        let word = identifiers[Int(random.next() % UInt64(identifiers.count))]
        result.append(.init(kind: kind, ours: word, fts5: "\"\(word)\""))
      case "and":
        let a = pick(0..<300)
        let b = pick(20..<600)
        result.append(.init(kind: kind, ours: "\(a) \(b)", fts5: "\"\(a)\" AND \"\(b)\""))
      case "or":
        let a = pick(50..<2_000)
        let b = pick(50..<2_000)
        let c = pick(0..<100)
        if number % 3 == 0 {
          result.append(.init(kind: kind, ours: "(\(a) OR \(b)) \(c)", fts5: "(\"\(a)\" OR \"\(b)\") AND \"\(c)\""))
        } else {
          result.append(.init(kind: kind, ours: "\(a) OR \(b)", fts5: "\"\(a)\" OR \"\(b)\""))
        }
      case "not":
        let a = pick(0..<200)
        let b = pick(0..<200)
        result.append(
          .init(kind: kind, ours: number % 2 == 0 ? "\(a) -\(b)" : "\(a) NOT \(b)", fts5: "\"\(a)\" NOT \"\(b)\""))
      case "phrase":
        let passage = passages[Int(random.next() % UInt64(passages.count))]
        let words = passage.text.split(separator: " ").map {
          $0.trimmingCharacters(in: [".", "?", "!", ","])
        }.filter { !$0.isEmpty && !$0.contains("\"") }
        let length = min(words.count, 2 + Int(random.next() % 4))
        let start = Int(random.next() % UInt64(words.count - length + 1))
        let phrase = words[start..<(start + length)].joined(separator: " ")
        result.append(.init(kind: kind, ours: "\"\(phrase)\"", fts5: "\"\(phrase)\""))
      default:
        let word = pick(0..<3_000)
        let stem = String(word.prefix(max(3, min(word.count, 3 + Int(random.next() % 2)))))
        result.append(.init(kind: kind, ours: "\(stem)*", fts5: "\"\(stem)\"*"))
      }
    }
    return result
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    var text = self
    while let last = text.last, set.contains(last) { text = text.dropLast() }
    while let first = text.first, set.contains(first) { text = text.dropFirst() }
    return String(text)
  }
}
