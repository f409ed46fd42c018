import DocumentModel

/// Reads the query language:
///
///     query   := or
///     or      := and ("OR" and)*
///     and     := unary (["AND"] unary)*          words side by side must all match
///     unary   := ("NOT" | "-") unary | primary
///     primary := "(" or ")" | "\"" words "\"" | word "*" | field ":" value | word
///
/// `OR`, `AND`, `NOT` are operators only in capitals. Fields: `kind:talk|hig|doc|code`,
/// `source:ID`, `event:NAME`, `year:N`, `speaker:NAME`, `lang:TAG` (BCP 47, `zh` also
/// matching `zh-Hans`), `framework:NAME` and `platform:NAME` (documentation pages of a
/// framework, available on a platform: `framework:UIKit platform:visionOS`); they restrict the whole query
/// wherever they stand. Another `name:value` is read as words. Control characters count as
/// spaces. Limits (each an error, never a slow query): `maximumCharacters`, `maximumTerms`,
/// `maximumDepth` of parentheses.
struct QueryParser {
  static let maximumCharacters = 4_096
  static let maximumTerms = 64
  static let maximumDepth = 32
  static let maximumPrefixTerms = 20_000
  static let fields: Set<String> = ["kind", "source", "event", "year", "speaker", "lang", "framework", "platform"]
  static let kinds: Set<String> = ["talk", "hig", "doc", "code"]

  enum Lexeme: Equatable {
    case open, close, minus
    case phrase(String)
    case word(String)
    case keyword(String)
  }

  struct Located: Equatable {
    var lexeme: Lexeme
    var column: Int
  }

  private var lexemes: [Located] = []
  private var position = 0
  private var filters = SearchFilters()
  private var termCount = 0
  private var endColumn = 1

  static func parse(_ text: String) throws(QueryError) -> ParsedQuery {
    // Count cheaply before anything else: utf8 count bounds the character count.
    if text.utf8.count > maximumCharacters {
      let characters = text.count
      if characters > maximumCharacters {
        throw .tooLong(characters: characters, limit: maximumCharacters)
      }
    }
    var parser = QueryParser()
    let bytes = Array(text.utf8)
    // Most queries are ASCII without a carriage return (which joins a line feed into one
    // character): each byte is then a character, and the lexer reads the bytes.
    if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      parser.lexemes = try lexASCII(bytes)
      parser.endColumn = bytes.count + 1
    } else {
      parser.lexemes = try lex(Array(text))
      parser.endColumn = text.count + 1
    }
    guard !parser.lexemes.isEmpty else { throw .syntax(column: 1, message: "empty query") }
    let root = try parser.parseOr(depth: 0)
    if parser.position < parser.lexemes.count {
      let extra = parser.lexemes[parser.position]
      throw .syntax(
        column: extra.column,
        message: extra.lexeme == .close
          ? "unmatched ')'" : "unexpected \(describe(extra.lexeme))")
    }
    guard let root else {
      if parser.filters.isEmpty { throw .syntax(column: 1, message: "empty query") }
      return ParsedQuery(root: .and([]), filters: parser.filters)
    }
    try checkPositive(root)
    return ParsedQuery(root: root, filters: parser.filters)
  }

  private static func describe(_ lexeme: Lexeme) -> String {
    switch lexeme {
    case .open: "'('"
    case .close: "')'"
    case .minus: "'-'"
    case .phrase: "phrase"
    case .word(let word): "'\(word)'"
    case .keyword(let keyword): "'\(keyword)'"
    }
  }

  static func isSpace(_ character: Character) -> Bool {
    if character.isWhitespace { return true }
    guard let scalar = character.unicodeScalars.first else { return true }
    return scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
  }

  /// A phrase's words, split where `isSpace` finds space: by bytes when the phrase is
  /// ASCII without a carriage return (each byte a character, as `lexASCII` reads them).
  static func phraseWords(_ text: String) -> [String] {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else {
      return text.split(whereSeparator: { isSpace($0) }).map(String.init)
    }
    return bytes.split(whereSeparator: isASCIISpace).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Whitespace and control characters, as `isSpace` finds them among ASCII.
  private static func isASCIISpace(_ byte: UInt8) -> Bool { byte <= 0x20 || byte == 0x7F }

  static func lex(_ characters: [Character]) throws(QueryError) -> [Located] {
    try lex(characters, marks: ("(", ")", "\"", "-"), isSpace: isSpace) { String($0) }
  }

  /// `lex` of ASCII bytes (none a carriage return): the same lexemes and columns.
  static func lexASCII(_ bytes: [UInt8]) throws(QueryError) -> [Located] {
    try lex(bytes, marks: (0x28, 0x29, 0x22, 0x2D), isSpace: isASCIISpace) { String(decoding: $0, as: UTF8.self) }
  }

  /// The lexer over characters or ASCII bytes: `marks` are `(`, `)`, `"` and `-`.
  private static func lex<Unit: Equatable>(
    _ characters: [Unit], marks: (open: Unit, close: Unit, quote: Unit, minus: Unit),
    isSpace: (Unit) -> Bool, text: (ArraySlice<Unit>) -> String
  ) throws(QueryError) -> [Located] {
    var result: [Located] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let column = index + 1
      if isSpace(character) {
        index += 1
      } else if character == marks.open {
        result.append(Located(lexeme: .open, column: column))
        index += 1
      } else if character == marks.close {
        result.append(Located(lexeme: .close, column: column))
        index += 1
      } else if character == marks.quote {
        guard let close = characters[(index + 1)...].firstIndex(of: marks.quote) else {
          throw .syntax(column: column, message: "unclosed quote")
        }
        result.append(Located(lexeme: .phrase(text(characters[(index + 1)..<close])), column: column))
        index = close + 1
      } else if character == marks.minus && index + 1 < characters.count && !isSpace(characters[index + 1])
        && characters[index + 1] != marks.close
        && (index == 0 || isSpace(characters[index - 1]) || characters[index - 1] == marks.open)
      {
        result.append(Located(lexeme: .minus, column: column))
        index += 1
      } else {
        var end = index
        // Compared one by one: `String.contains` walks a string's characters each time.
        while end < characters.count, !isSpace(characters[end]),
          characters[end] != marks.open, characters[end] != marks.close, characters[end] != marks.quote
        {
          end += 1
        }
        let word = text(characters[index..<end])
        let isKeyword = word == "OR" || word == "AND" || word == "NOT"
        result.append(Located(lexeme: isKeyword ? .keyword(word) : .word(word), column: column))
        index = end
      }
    }
    return result
  }

  private var peek: Located? { position < lexemes.count ? lexemes[position] : nil }

  private mutating func parseOr(depth: Int) throws(QueryError) -> QueryNode? {
    var alternatives: [QueryNode] = []
    var sawFilterOnly = false
    while true {
      let column = peek?.column ?? endColumn
      let node = try parseAnd(depth: depth)
      if let node { alternatives.append(node) } else { sawFilterOnly = true }
      guard let next = peek, next.lexeme == .keyword("OR") else { break }
      if node == nil {
        throw .syntax(column: column, message: "OR needs words on both sides")
      }
      position += 1
      if peek == nil || peek?.lexeme == .close || peek?.lexeme == .keyword("OR") {
        throw .syntax(column: next.column, message: "OR needs words on both sides")
      }
    }
    if alternatives.count > 1 && sawFilterOnly {
      throw .syntax(column: 1, message: "filters cannot be alternatives; put them outside OR")
    }
    return alternatives.count <= 1 ? alternatives.first : .or(alternatives)
  }

  private mutating func parseAnd(depth: Int) throws(QueryError) -> QueryNode? {
    var parts: [QueryNode] = []
    while let next = peek {
      switch next.lexeme {
      case .close, .keyword("OR"):
        return parts.count <= 1 ? parts.first : .and(parts)
      case .keyword("AND"):
        guard !parts.isEmpty else { throw .syntax(column: next.column, message: "AND needs words on both sides") }
        position += 1
        guard let after = peek, after.lexeme != .close, after.lexeme != .keyword("OR"),
          after.lexeme != .keyword("AND")
        else { throw .syntax(column: next.column, message: "AND needs words on both sides") }
      default:
        if let node = try parseUnary(depth: depth) { parts.append(node) }
      }
    }
    return parts.count <= 1 ? parts.first : .and(parts)
  }

  private mutating func parseUnary(depth: Int) throws(QueryError) -> QueryNode? {
    guard let next = peek else { throw .syntax(column: endColumn, message: "query ends too early") }
    if next.lexeme == .minus || next.lexeme == .keyword("NOT") {
      position += 1
      guard let operand = peek, operand.lexeme != .close, operand.lexeme != .keyword("OR") else {
        throw .syntax(column: next.column, message: "nothing to exclude after \(Self.describe(next.lexeme))")
      }
      guard let node = try parseUnary(depth: depth) else {
        throw .syntax(column: next.column, message: "filters cannot be negated")
      }
      return .not(node)
    }
    return try parsePrimary(depth: depth)
  }

  private mutating func parsePrimary(depth: Int) throws(QueryError) -> QueryNode? {
    guard let next = peek else { throw .syntax(column: endColumn, message: "query ends too early") }
    position += 1
    switch next.lexeme {
    case .open:
      guard depth < Self.maximumDepth else {
        throw .syntax(column: next.column, message: "parentheses nested deeper than \(Self.maximumDepth)")
      }
      guard let inner = try parseOr(depth: depth + 1) else {
        throw .syntax(column: next.column, message: "empty parentheses")
      }
      guard let close = peek, close.lexeme == .close else {
        throw .syntax(column: next.column, message: "unmatched '('")
      }
      position += 1
      return inner
    case .close:
      throw .syntax(column: next.column, message: "unmatched ')'")
    case .phrase(let text):
      let words = Self.phraseWords(text)
      guard !words.isEmpty else { throw .syntax(column: next.column, message: "empty phrase") }
      try count(words.count, column: next.column)
      return words.count == 1 ? .word(words[0]) : .phrase(words)
    case .keyword(let keyword):
      throw .syntax(column: next.column, message: "\(keyword) needs words on both sides")
    case .minus:
      throw .syntax(column: next.column, message: "unexpected '-'")
    case .word(let word):
      if let colon = word.firstIndex(of: ":"),
        Self.fields.contains(word[..<colon].lowercased())
      {
        try addFilter(
          String(word[..<colon]).lowercased(), String(word[word.index(after: colon)...]), column: next.column)
        return nil
      }
      try count(1, column: next.column)
      if word.hasSuffix("*") {
        let stem = word.trimmingSuffix("*")
        guard stem.contains(where: { $0.isLetter || $0.isNumber }) else {
          throw .syntax(column: next.column, message: "'*' must follow at least one letter or digit")
        }
        return .prefix(stem)
      }
      return .word(word)
    }
  }

  private mutating func count(_ terms: Int, column: Int) throws(QueryError) {
    termCount += terms
    if termCount > Self.maximumTerms {
      throw .tooManyTerms(count: termCount, limit: Self.maximumTerms)
    }
  }

  private mutating func addFilter(_ field: String, _ value: String, column: Int) throws(QueryError) {
    guard !value.isEmpty else { throw .syntax(column: column, message: "\(field): needs a value") }
    switch field {
    case "kind":
      let kind = value.lowercased()
      guard Self.kinds.contains(kind) else {
        throw .syntax(column: column, message: "kind: is talk, hig, doc or code, not '\(value)'")
      }
      filters.kinds.append(kind)
    case "source": filters.sources.append(value)
    case "event": filters.events.append(value)
    case "year":
      guard let year = Int(value), value.count <= 6 else {
        throw .syntax(column: column, message: "year: needs a number, not '\(value)'")
      }
      filters.years.append(year)
    case "lang": filters.languages.append(value)
    case "framework": filters.frameworks.append(value)
    case "platform":
      guard PlatformAvailability.indexBit(of: value) != nil else {
        let names = PlatformAvailability.indexedPlatforms.joined(separator: ", ")
        throw .syntax(column: column, message: "platform: is one of \(names), not '\(value)'")
      }
      filters.platforms.append(value)
    default: filters.speakers.append(value)
    }
  }

  /// Negation needs something to subtract from: every AND must keep a positive part, and
  /// a negated part cannot stand alone or as an alternative.
  private static func checkPositive(_ node: QueryNode) throws(QueryError) {
    switch node {
    case .not:
      throw .syntax(column: 1, message: "a query needs words that are not excluded")
    case .and(let parts):
      guard parts.contains(where: { if case .not = $0 { false } else { true } }) || parts.isEmpty else {
        throw .syntax(column: 1, message: "a query needs words that are not excluded")
      }
      for part in parts {
        if case .not(let inner) = part { try checkNested(inner) } else { try checkPositive(part) }
      }
    case .or(let alternatives):
      for alternative in alternatives { try checkPositive(alternative) }
    case .word, .phrase, .prefix:
      break
    }
  }

  private static func checkNested(_ node: QueryNode) throws(QueryError) {
    if case .not = node { throw .syntax(column: 1, message: "double negation") }
    if case .and = node { try checkPositive(node) }
    if case .or = node { try checkPositive(node) }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: Character) -> String {
    var result = self
    while result.last == suffix { result.removeLast() }
    return result
  }
}
