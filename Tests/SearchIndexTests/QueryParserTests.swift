import DuoKBTestSupport
import Testing

@testable import SearchIndex

@Suite struct QueryParserTests {
  @Test(
    "Parses the query language",
    arguments: [
      ("swift ui", "AND(swift, ui)"),
      ("swift AND ui", "AND(swift, ui)"),
      ("\"exact phrase here\"", "\"exact phrase here\""),
      ("a OR b c", "OR(a, AND(b, c))"),
      ("(a OR b) c", "AND(OR(a, b), c)"),
      ("a -b", "AND(a, NOT(b))"),
      ("a NOT b", "AND(a, NOT(b))"),
      ("tool*", "tool*"),
      ("right-to-left", "right-to-left"),  // a hyphen inside a word is not a minus
      ("a\u{0}\u{7}b", "AND(a, b)"),  // control characters are spaces
      ("UIView:animate", "UIView:animate"),  // not a field: words
      ("\"solo\"", "solo"),
    ])
  func parses(query: String, tree: String) throws {
    #expect(try QueryParser.parse(query).root.description == tree)
  }

  @Test func readsFilters() throws {
    let parsed = try QueryParser.parse(
      "toolbar kind:hig source:tech-talks/111466 event:wwdc2024 year:2026 speaker:Vince")
    #expect(parsed.root == .word("toolbar"))
    #expect(
      parsed.filters
        == SearchFilters(
          kinds: ["hig"], sources: ["tech-talks/111466"], events: ["wwdc2024"], years: [2026], speakers: ["Vince"]))
    #expect(try QueryParser.parse("kind:talk").root == .and([]))
  }

  @Test(
    "Errors carry the column",
    arguments: [
      ("", 1, "empty query"),
      ("   ", 1, "empty query"),
      ("a \"open phrase", 3, "unclosed quote"),
      ("(a b", 1, "unmatched '('"),
      ("a b)", 4, "unmatched ')'"),
      ("*", 1, "'*' must follow at least one letter or digit"),
      ("a OR", 3, "OR needs words on both sides"),
      ("OR a", 1, "OR needs words on both sides"),
      ("a AND", 3, "AND needs words on both sides"),
      ("kind:video", 1, "kind: is talk, hig, doc or code, not 'video'"),
      ("x year:soon", 3, "year: needs a number, not 'soon'"),
      ("-a", 1, "a query needs words that are not excluded"),
      ("()", 1, "empty parentheses"),
      ("a source:", 3, "source: needs a value"),
    ])
  func errors(query: String, column: Int, message: String) {
    #expect(throws: QueryError.syntax(column: column, message: message)) {
      try QueryParser.parse(query)
    }
  }

  @Test func hostileQueriesFailFast() {
    #expect(throws: QueryError.tooLong(characters: 100_000, limit: QueryParser.maximumCharacters)) {
      try QueryParser.parse(String(repeating: "a", count: 100_000))
    }
    let manyTerms = Array(repeating: "w", count: 1_000).joined(separator: " ")
    #expect(throws: QueryError.tooManyTerms(count: 65, limit: QueryParser.maximumTerms)) {
      try QueryParser.parse(manyTerms)
    }
    let deep = String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40)
    #expect(throws: QueryError.syntax(column: 33, message: "parentheses nested deeper than 32")) {
      try QueryParser.parse(deep)
    }
  }

  /// ASCII queries are lexed from their bytes: every lexeme and column, and every error,
  /// as the lexer over characters gives them, for random strings of the characters that
  /// matter to it (marks, spaces, controls, DEL, keywords' letters).
  @Test func theASCIILexerReadsAsTheCharacterLexer() {
    let alphabet = Array("()\"-:*aORNDTx1 \t\n\u{0B}\u{0C}\u{01}\u{1F}\u{7F}".utf8)
    var random = SplitMix64(seed: 0xA5C1_1E8E)
    var lexed = 0
    for round in 0..<20_000 {
      let length = 1 + random.next(below: 14)
      let bytes = (0..<length).map { _ in alphabet[random.next(below: alphabet.count)] }
      let text = String(decoding: bytes, as: UTF8.self)
      let characters = Result { () throws(QueryError) in try QueryParser.lex(Array(text)) }
      let ascii = Result { () throws(QueryError) in try QueryParser.lexASCII(bytes) }
      #expect(characters == ascii, "round \(round): \(bytes)")
      if case .success = ascii { lexed += 1 }
    }
    #expect(lexed > 5_000)
  }

  /// A phrase's words split by bytes are those split by characters, for random ASCII
  /// strings of spaces, controls, DEL and letters, and for text that is not ASCII.
  @Test func anASCIIPhraseSplitsAsItsCharacters() {
    let alphabet = Array("ab \t\n\u{0B}\u{0C}\u{01}\u{1F}\u{7F}".utf8)
    var random = SplitMix64(seed: 0x5EED_0F_5A11)
    for round in 0..<5_000 {
      let length = random.next(below: 12)
      let text = String(decoding: (0..<length).map { _ in alphabet[random.next(below: alphabet.count)] }, as: UTF8.self)
      let byCharacters = text.split(whereSeparator: QueryParser.isSpace).map(String.init)
      #expect(QueryParser.phraseWords(text) == byCharacters, "round \(round): \(Array(text.utf8))")
    }
    #expect(QueryParser.phraseWords("a\r\nb\u{2003}c\u{200B}d") == ["a", "b", "c", "d"])
  }
}
