/// A word-level diff between what the corpus says and what a quotation says.
public struct WordDiff: Sendable, Equatable {
  public enum Change: String, Sendable, Codable {
    /// In both.
    case same
    /// Said in the corpus, missing from the quotation.
    case said
    /// In the quotation, never said there.
    case quoted
  }

  public struct Part: Sendable, Equatable, Codable {
    public var change: Change
    public var words: [String]
  }

  public var parts: [Part]
  /// Words of the quotation that match the corpus.
  public var matchedWords: Int
  public var quotedWords: Int
  /// Words said that the quotation leaves out, and quoted words never said (a changed word
  /// counts in both); counted as the diff is made, so that a shortened diff keeps them.
  public private(set) var leftOut = 0
  public private(set) var added = 0

  /// `same words [-said-]{+quoted+} same words`, as `wdiff` writes it.
  public var rendered: String {
    parts.map { part in
      let words = part.words.joined(separator: " ")
      switch part.change {
      case .same: return words
      case .said: return "[-\(words)-]"
      case .quoted: return "{+\(words)+}"
      }
    }.joined(separator: " ")
  }

  /// The diff as edits: words kept, omitted (said, left out), added (quoted, never said), and
  /// changed (said words replaced by quoted ones).
  public struct Edit: Sendable, Equatable, Encodable {
    public enum Operation: String, Sendable, Codable {
      case same, omitted, added, changed
    }
    public var operation: Operation
    /// The words said (same, omitted, changed) and quoted (same, added, changed).
    public var said: [String]
    public var quoted: [String]

    enum CodingKeys: String, CodingKey {
      case operation = "op"
      case said, quoted
    }
  }

  public var edits: [Edit] {
    var edits: [Edit] = []
    for part in parts {
      switch part.change {
      case .same: edits.append(Edit(operation: .same, said: part.words, quoted: part.words))
      case .said: edits.append(Edit(operation: .omitted, said: part.words, quoted: []))
      case .quoted:
        if let last = edits.indices.last, edits[last].operation == .omitted {
          edits[last].operation = .changed
          edits[last].quoted = part.words
        } else {
          edits.append(Edit(operation: .added, said: [], quoted: part.words))
        }
      }
    }
    return edits
  }

  mutating func append(_ change: Change, _ word: String) {
    switch change {
    case .same: break
    case .said: leftOut += 1
    case .quoted: added += 1
    }
    if let last = parts.indices.last, parts[last].change == change {
      parts[last].words.append(word)
    } else {
      parts.append(Part(change: change, words: [word]))
    }
  }

  /// At most about `limit` words shown: when there are more, each run longer than a few
  /// words keeps its first and last words around a `…`, runs of the same words first; what
  /// is still over the limit ends in a `…`. The counts are the whole diff's.
  func shortened(toWords limit: Int) -> WordDiff {
    let kept = 4
    func wordCount(_ parts: [Part]) -> Int { parts.reduce(0) { $0 + $1.words.count } }
    var copy = self
    for changes in [[Change.same], [.said, .quoted]] where wordCount(copy.parts) > limit {
      for index in copy.parts.indices where changes.contains(copy.parts[index].change) {
        let words = copy.parts[index].words
        guard words.count > 2 * kept + 1 else { continue }
        copy.parts[index].words = Array(words.prefix(kept)) + ["…"] + Array(words.suffix(kept))
      }
    }
    guard wordCount(copy.parts) > limit else { return copy }
    var budget = limit
    var parts: [Part] = []
    for part in copy.parts {
      guard budget > 0 else { break }
      parts.append(Part(change: part.change, words: Array(part.words.prefix(budget))))
      budget -= parts[parts.count - 1].words.count
    }
    parts.append(Part(change: .same, words: ["…"]))
    copy.parts = parts
    return copy
  }
}

/// Where a quotation fits best inside a stretch of the corpus: the span of the corpus with
/// the cheapest word edits to it (a fitting alignment: the span may start and end anywhere).
///
/// A word said but left out costs 1, a word quoted but never said 2, a word changed 2: so a
/// quotation that leaves words out of the middle of a sentence aligns with the whole sentence
/// (`like [-articles feeds documents and-] lists`), not with a span cut short before them.
struct WordAlignment {
  static let leftOutCost: Int32 = 1
  static let addedCost: Int32 = 2
  static let changedCost: Int32 = 2

  /// The best span of `corpus` (half-open word offsets) and the diff against it.
  var span: Range<Int>
  var diff: WordDiff
  var cost: Int

  /// `quote` and `corpus` are (exact, folded) words. Words compare folded; a word equal only
  /// folded shows as a change, except the quotation's first letter.
  init(
    quote: [(text: String, folded: String, original: String)],
    corpus: [(text: String, folded: String, original: String)]
  ) {
    let rows = quote.count + 1
    let columns = corpus.count + 1
    var cost = [Int32](repeating: 0, count: rows * columns)
    for row in 1..<rows { cost[row * columns] = Int32(row) * Self.addedCost }
    for row in 1..<rows {
      for column in 1..<columns {
        let same = quote[row - 1].folded == corpus[column - 1].folded
        let diagonal = cost[(row - 1) * columns + column - 1] + (same ? 0 : Self.changedCost)
        let up = cost[(row - 1) * columns + column] + Self.addedCost
        let left = cost[row * columns + column - 1] + Self.leftOutCost
        cost[row * columns + column] = min(diagonal, up, left)
      }
    }
    var end = 0
    for column in 0..<columns where cost[(rows - 1) * columns + column] < cost[(rows - 1) * columns + end] {
      end = column
    }
    self.cost = Int(cost[(rows - 1) * columns + end])
    var operations: [(WordDiff.Change, String)] = []
    var row = rows - 1
    var column = end
    while row > 0 {
      let here = cost[row * columns + column]
      if column > 0 {
        let same = quote[row - 1].folded == corpus[column - 1].folded
        if here == cost[(row - 1) * columns + column - 1] + (same ? 0 : Self.changedCost) {
          let exact =
            quote[row - 1].text == corpus[column - 1].text
            || (row == 1
              && QuoteText.firstLetterFolded(quote[0].text) == QuoteText.firstLetterFolded(corpus[column - 1].text))
          if same && exact {
            operations.append((.same, corpus[column - 1].original))
          } else {
            operations.append((.quoted, quote[row - 1].original))
            operations.append((.said, corpus[column - 1].original))
          }
          row -= 1
          column -= 1
          continue
        }
        if here == cost[row * columns + column - 1] + Self.leftOutCost {
          operations.append((.said, corpus[column - 1].original))
          column -= 1
          continue
        }
      }
      operations.append((.quoted, quote[row - 1].original))
      row -= 1
    }
    var diff = WordDiff(parts: [], matchedWords: 0, quotedWords: quote.count)
    for (change, word) in operations.reversed() {
      diff.append(change, word)
      if change == .same { diff.matchedWords += 1 }
    }
    self.diff = diff
    span = column..<end
  }
}
