import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The small scanners the extractor reads times and links with.
extension QuotationExtractor {
  static func matchingParenthesis(_ characters: [Character], open: Int) -> Int? {
    var depth = 0
    var index = open
    while index < characters.count, index - open < 600 {
      if characters[index] == "(" { depth += 1 }
      if characters[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
      if characters[index] == "\n" { return nil }
      index += 1
    }
    return nil
  }

  /// The end of a Markdown link `[text](url)` opening at `open`.
  static func linkEnd(_ characters: [Character], open: Int) -> Int? {
    var index = open
    while index < characters.count, index - open < 400, characters[index] != "]" { index += 1 }
    guard index + 1 < characters.count, characters[index] == "]", characters[index + 1] == "(" else { return nil }
    return matchingParenthesis(characters, open: index + 1).map { $0 + 1 }
  }

  static func startsURL(_ characters: [Character], at index: Int) -> Bool {
    let prefix = String(characters[index..<min(characters.count, index + 8)])
    return prefix.hasPrefix("https://") || prefix.hasPrefix("http://")
  }

  /// Times in `text`: `m:ss`, `mm:ss` or `h:mm:ss`, not part of a longer number and not a
  /// clock time (`4:15 p.m.`).
  static func timestamps(in text: String) -> [(seconds: Int, text: String)] {
    let characters = Array(text)
    var result: [(Int, String)] = []
    var index = 0
    while index < characters.count {
      guard characters[index].isASCII, characters[index].isNumber,
        index == 0 || !(characters[index - 1].isNumber || ":=@".contains(characters[index - 1]))
      else {
        index += 1
        continue
      }
      var end = index
      while end < characters.count, (characters[end].isASCII && characters[end].isNumber) || characters[end] == ":" {
        end += 1
      }
      let candidate = String(characters[index..<end])
      let after = String(characters[end..<min(characters.count, end + 5)]).lowercased()
      let isClock = ["am", "pm", " am", " pm", "a.m", "p.m", " a.m", " p.m"].contains { after.hasPrefix($0) }
      if !isClock, let seconds = Timecode.parse(Substring(candidate)) { result.append((seconds, candidate)) }
      index = end
    }
    return result
  }

  static func urls(in text: String) -> [String] {
    var result: [String] = []
    var rest = Substring(text)
    while let range = rest.firstRange(of: "http") {
      let tail = rest[range.lowerBound...]
      guard tail.hasPrefix("https://") || tail.hasPrefix("http://") else {
        rest = rest[range.upperBound...]
        continue
      }
      let end = tail.firstIndex { $0.isWhitespace || ")>]\"”’'".contains($0) } ?? tail.endIndex
      result.append(String(tail[..<end]))
      rest = tail[end...]
    }
    return result
  }

  /// The `time=` (or `t=`) query value of a link, in seconds.
  static func linkSeconds(_ link: String) -> Int? {
    guard let query = link.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
    for item in query.split(whereSeparator: { $0 == "&" || $0 == "#" }) {
      let pair = item.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0] == "time" || pair[0] == "t" else { continue }
      let value = pair[1].hasSuffix("s") ? pair[1].dropLast() : pair[1]
      if let seconds = Int(value), seconds >= 0, seconds < 100_000 { return seconds }
    }
    return nil
  }

  /// `first–second` as written in `text` when the two times are joined by a dash or "to".
  static func range(_ first: String, _ second: String, in text: String) -> String? {
    guard let start = text.firstRange(of: first) else { return nil }
    let rest = text[start.upperBound...]
    let gap = rest.prefix { !$0.isNumber }
    guard ["–", "-", "—", "to"].contains(gap.trimmingSpaces()),
      rest.dropFirst(gap.count).hasPrefix(second)
    else {
      return nil
    }
    return String(text[start.lowerBound..<rest.index(rest.startIndex, offsetBy: gap.count + second.count)])
  }

  /// A time with a typo in it, as written in a parenthesis after a quotation: `9:2O`, `12:3`,
  /// `1:7:20`; nil when there is none, or only a valid time or a clock time.
  static func mistypedTime(in text: String) -> String? {
    let characters = Array(text)
    for index in characters.indices where characters[index] == ":" {
      var start = index
      while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber || characters[start - 1] == ":" {
        start -= 1
      }
      var end = index + 1
      while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == ":" {
        end += 1
      }
      guard start < index, end > index + 1, index - start <= 2 else { continue }
      let candidate = String(characters[start..<end])
      guard candidate.count <= 8, Timecode.parse(Substring(candidate)) == nil else { continue }
      let tail = candidate[candidate.index(after: candidate.firstIndex(of: ":")!)...]
      // `9:2O`, `9:2`: digits and the letters that stand for them (O, o, l, I).
      if tail.allSatisfy({ $0.isNumber || "OolI".contains($0) }) { return candidate }
    }
    return nil
  }

  /// duo-kb citation ids in `text`: `event/number@m:ss`, `hig/slug#anchor`, `doc/path#anchor`, or an id the
  /// corpus holds, each with an optional place (`@3:46.2`) or older `~hash`.
  static func citationIDs(in text: String, catalog: SourceCatalog) -> [CitationID] {
    var result: [CitationID] = []
    for token in text.split(whereSeparator: { $0.isWhitespace || "()[]<>,;\"“”".contains($0) }) {
      var candidate = Substring(token)
      while let last = candidate.last, ".:!?*_’'".contains(last) { candidate = candidate.dropLast() }
      while let first = candidate.first, "*_".contains(first) { candidate = candidate.dropFirst() }
      guard candidate.contains("/"), !candidate.contains("://"), !candidate.hasPrefix("/"),
        let id = CitationID(parsing: String(candidate))
      else { continue }
      let parts = id.documentID.split(separator: "/")
      // Documentation ids take up to four segments (`doc/foundation/nsdata/getbytes-_-4c1f09a2`).
      let isDocumentation = parts.first == "doc" && parts.count >= 2
      guard parts.count == 2 || isDocumentation, parts.allSatisfy({ !$0.isEmpty }) else { continue }
      let hasLocator: Bool
      switch id.locator {
      case .time: hasLocator = true
      case .anchor(let anchor): hasLocator = anchor != nil
      }
      if hasLocator || parts[0] == "hig" || isDocumentation || catalog.numbersByID[id.documentID] != nil {
        result.append(id)
      }
    }
    return result
  }
}
