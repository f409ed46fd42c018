import Testing

@testable import Citations

@Suite struct QuotationExtractorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    /// Quotation text, claimed seconds, leader.
    let expected: [(String, [Int], Int?)]
    var testDescription: String { text }
  }

  static let cases: [Case] = [
    Case(text: "He said “scroll on” (3:46).", expected: [("scroll on", [226], nil)]),
    Case(text: "He said \"scroll on\" (12:07) and left.", expected: [("scroll on", [727], nil)]),
    Case(text: "“A,” then “B” (1:02:03)", expected: [("A,", [3723], nil), ("B", [3723], 0)]),
    Case(text: "“A.” Then “B” (0:05)", expected: [("B", [5], nil)]),
    Case(text: "“A” (at 0:07, 0:09)", expected: [("A", [7], nil)]),
    Case(text: "“A” ([0:07](https://x.test/v/?time=7))", expected: [("A", [7, 7], nil)]),
    Case(
      text: "“A” [talk](https://developer.apple.com/videos/play/tech-talks/1/?time=30)", expected: [("A", [30], nil)]),
    Case(text: "“A” https://developer.apple.com/videos/play/tech-talks/1/?time=30 later", expected: [("A", [30], nil)]),
    Case(text: "The list (16:40): “start here”; more", expected: [("start here", [1000], nil)]),
    Case(text: "“A” — Vince, [T](https://x.test/p?time=9) (0:09)", expected: [("A", [9, 9], nil)]),
    Case(text: "Undated “A” and “B”.", expected: []),
    // Attributions before the quotation.
    Case(text: "At 9:20, “four words go here”", expected: [("four words go here", [560], nil)]),
    Case(text: "and at 9:20 Harry says “four words go here”.", expected: [("four words go here", [560], nil)]),
    Case(text: "“A” (0:05) and then “B”", expected: [("A", [5], nil)]),
    // Ranges, with either dash, and two-digit minutes.
    Case(text: "“A” (3:42-4:51)", expected: [("A", [222], nil)]),
    Case(text: "“A” (03:42–04:51)", expected: [("A", [222], nil)]),
    // Citation ids, bare or in parentheses; straight quotation marks with 00:00 times.
    Case(text: "“A” tech-talks/111466@9:20", expected: [("A", [560], nil)]),
    Case(
      text: "\"will be deprecated in a future release\" (03:57)",
      expected: [("will be deprecated in a future release", [237], nil)]),
    // A mistyped time still dates the quotation: it is counted.
    Case(text: "“A” (9:2O)", expected: [("A", [], nil)]),
    // Other quotation marks.
    Case(text: "«four words go here» (0:01)", expected: [("four words go here", [1], nil)]),
    Case(text: "‘four words go here’ (0:01)", expected: [("four words go here", [1], nil)]),
    Case(text: "It doesn’t matter what ‘x’ is (0:01)", expected: []),
    // Code spans and UI labels are not quotations.
    Case(text: "Use `“Done” (0:10)` here", expected: []),
    Case(text: "Tap “Done” to finish.", expected: []),
    Case(text: "“A” [3:46] and “B” [x]", expected: [("A", [226], nil)]),
    Case(
      text: "See [“A”](https://developer.apple.com/videos/play/tech-talks/1/?time=30).", expected: [("A", [30], nil)]),
    Case(
      text: "so \"A\" — the app may cross, \"B\" (*Prepare your app*, 02:15–02:28). Next",
      expected: [("A", [135], nil), ("B", [135], nil)]),
    Case(text: "At 4:15 p.m. it said “later this month.”", expected: []),
    Case(text: "“A” (4:15 p.m.)", expected: []),
    Case(text: "“unclosed (0:10)", expected: []),
    Case(text: "a \"measured\"inch (0:10)", expected: []),
    Case(text: "> Whole quote\n> — Vince, Design talk (0:30)", expected: [("Whole quote", [30], nil)]),
    Case(text: "> “First” and “second”\n>\n> — Vince (0:30)", expected: [("First", [30], nil), ("second", [30], 0)]),
    Case(text: "```\n“code” (0:10)\n```\n“prose” (0:11)", expected: [("prose", [11], nil)]),
    Case(text: "> Said so.\n\n— Ada, Design (0:12)\n\nMore.", expected: [("Said so.", [12], nil)]),
    Case(text: "> Said so.\n\nText.\n\n— Ada, Design (0:12)", expected: []),
  ]

  @Test(arguments: cases)
  func extracts(_ example: Case) {
    let found = QuotationExtractor.quotations(in: example.text)
    #expect(found.map(\.text) == example.expected.map(\.0))
    #expect(found.map(\.claimedSeconds) == example.expected.map(\.1))
    #expect(found.map(\.leader) == example.expected.map(\.2))
  }

  static let catalog = SourceCatalog(documents: [
    ("tech-talks/111466", "Design for iPhone Duo"), ("tech-talks/111461", "Prepare your app for iPhone Duo"),
    ("hig/layout", "Layout"), ("hig/designing-for-iphone-duo", "Designing for iPhone Duo"),
  ])

  struct SourceCase: CustomTestStringConvertible, Sendable {
    let text: String
    /// Quotation text and the documents (catalog numbers) it is attributed to.
    let expected: [(String, Set<Int>)]
    var testDescription: String { text }
  }

  static let sourceCases: [SourceCase] = [
    // A title in italics, bold, quotation marks or plain, before or after.
    SourceCase(text: "In *Design for iPhone Duo*, “four words go here”.", expected: [("four words go here", [0])]),
    SourceCase(text: "“four words go here” (**Design for iPhone Duo**, 1:00)", expected: [("four words go here", [0])]),
    SourceCase(
      text: "The talk “Design for iPhone Duo” says “four words go here” (1:00).",
      expected: [("four words go here", [0])]),
    SourceCase(text: "Design for iPhone Duo says “four words go here”.", expected: [("four words go here", [0])]),
    // A short title only when emphasised.
    SourceCase(text: "The *Layout* page: “four words go here”.", expected: [("four words go here", [2])]),
    // A title inside quotation marks is the writer's words, never the source of the next one.
    SourceCase(
      text: "“Great design for iPhone Duo hinges on it” (2:25) and “you could prefer even numbers” (7:41)",
      expected: [("Great design for iPhone Duo hinges on it", []), ("you could prefer even numbers", [])]),
    // A source applies within its list item, paragraph or blockquote only.
    SourceCase(
      text: "- *Design for iPhone Duo*: “four words go here” (1:00)\n- “other four words here” (2:00)",
      expected: [("four words go here", [0]), ("other four words here", [])]),
    SourceCase(
      text: "In *Design for iPhone Duo*: “four words go here” (1:00)\n\n“other four words here” (2:00)",
      expected: [("four words go here", [0]), ("other four words here", [])]),
    // A heading names the source of its section.
    SourceCase(
      text: "## Design for iPhone Duo\n\n“four words go here” (1:00)\n\n## Other\n\n“other four words here” (2:00)",
      expected: [("four words go here", [0]), ("other four words here", [])]),
    // A lead-in paragraph dates and sources the blockquotes after it.
    SourceCase(
      text:
        "Blunt (*Prepare your app for iPhone Duo*, 03:42–04:51):\n\n> The inner display does it.\n\n> And the outer one too.",
      expected: [("The inner display does it.", [1]), ("And the outer one too.", [1])]),
    // Attribution comes from the writer: prose that merely resembles a title names nothing.
    SourceCase(
      text: "What does designing for iPhone Duo require? Two layouts: “four words go here” (4:32)",
      expected: [("four words go here", [])]),
    SourceCase(
      text: "# Designing for iPhone Duo: What Moves, Splits, and Stays\n\n“four words go here” (4:32)",
      expected: [("four words go here", [])]),
    SourceCase(
      text: "Designing for iPhone Duo: What Moves\n\nAnd so “four words go here” (4:32).",
      expected: [("four words go here", [])]),
    SourceCase(
      text: "Apple published Designing for iPhone Duo today, and “four words go here” (4:32).",
      expected: [("four words go here", [])]),
    // A title the writer attaches to the quotation names its document.
    SourceCase(
      text: "As the HIG page Designing for iPhone Duo says, “four words go here”.",
      expected: [("four words go here", [3])]),
    SourceCase(
      text: "Designing for iPhone Duo says “four words go here” (4:32).", expected: [("four words go here", [3])]),
    SourceCase(
      text: "## Designing for iPhone Duo\n\n“four words go here” (4:32)", expected: [("four words go here", [3])]),
    SourceCase(
      text: "“four words go here” (Designing for iPhone Duo, 4:32)", expected: [("four words go here", [3])]),
    SourceCase(
      text: "Maria on it (Strike a pose, Designing for iPhone Duo, 4:32):\n\n> The inner display does it.",
      expected: [("The inner display does it.", [3])]),
    // A HIG citation id and deep links name their documents.
    SourceCase(text: "“four words go here” (hig/layout#Grids)", expected: [("four words go here", [])]),
  ]

  @Test(arguments: sourceCases)
  func attributesSources(_ example: SourceCase) {
    let found = QuotationExtractor.quotations(in: example.text, catalog: Self.catalog)
    #expect(found.map(\.text) == example.expected.map(\.0))
    #expect(found.map(\.attribution.titles) == example.expected.map(\.1))
  }

  struct PassageCase: CustomTestStringConvertible, Sendable {
    let text: String
    /// Whether a time, link or citation id names one passage; whether Apple is named.
    let namesPassage: Bool
    let namesApple: Bool
    var testDescription: String { text }
  }

  /// What makes a short quotation checkable: a time, a deep link or a citation id; a speaker
  /// or a title names no passage.
  static let passageCases: [PassageCase] = [
    PassageCase(text: "“by groups” (13:36)", namesPassage: true, namesApple: false),
    PassageCase(text: "At 13:36, “by groups”.", namesPassage: true, namesApple: false),
    PassageCase(
      text: "“by groups” https://developer.apple.com/videos/play/tech-talks/1/?time=30", namesPassage: true,
      namesApple: false),
    PassageCase(text: "“by groups” tech-talks/111466@9:20", namesPassage: true, namesApple: false),
    PassageCase(text: "Apple: “by groups”.", namesPassage: false, namesApple: true),
    PassageCase(text: "*Design for iPhone Duo*: “by groups”.", namesPassage: false, namesApple: false),
  ]

  @Test(arguments: passageCases)
  func aTimeALinkOrAnIDNamesAPassage(_ example: PassageCase) throws {
    let found = QuotationExtractor.quotations(in: example.text, catalog: Self.catalog)
    let quotation = try #require(found.first)
    #expect(quotation.attribution.namesPassage == example.namesPassage)
    #expect(quotation.attribution.namesApple == example.namesApple)
  }

  @Test func leadInRangeAndCitationIDs() {
    let found = QuotationExtractor.quotations(
      in: "Blunt (*Prepare your app for iPhone Duo*, 03:42–04:51):\n\n> The inner display does it.",
      catalog: Self.catalog)
    #expect(found.first?.claimedSeconds == [222])
    #expect(found.first?.claimedUntil == 291)
    #expect(found.first?.form == .blockquote)
    let ids = QuotationExtractor.quotations(in: "“four words go here” (hig/layout#Grids)", catalog: Self.catalog)
    #expect(ids.first?.attribution.documentIDs == ["hig/layout"])
    #expect(ids.first?.attribution.anchor == "Grids")
    let mistyped = QuotationExtractor.quotations(in: "“four words go here” (9:2O)", catalog: Self.catalog)
    #expect(mistyped.first?.attribution.malformedTime == "9:2O")
    let named = QuotationExtractor.quotations(in: "Apple calls it “a great opportunity to support landscape”.")
    #expect(named.first?.attribution.namesApple == true)
    let columns = QuotationExtractor.quotations(in: "ab “four words go here” (0:01)\n> “x y z w” (0:02)")
    #expect(columns.map(\.column) == [4, 3])
  }

  @Test func linesAreThoseOfTheOpeningMark() {
    let text = "Title\n\nFirst line “one” (0:01)\nsecond “two\nspans” (0:02)\r\n\r\n“three” (0:03)"
    #expect(QuotationExtractor.quotations(in: text).map(\.line) == [3, 4, 7])
  }

  @Test func hostileInputEndsQuickly() {
    let many = String(repeating: "“x” (0:01)\n", count: 5_000)
    #expect(QuotationExtractor.quotations(in: many).count == 5_000)
    let oneLine = String(repeating: "“x” (0:01) ", count: 5_000)
    #expect(QuotationExtractor.quotations(in: oneLine).count < 5_000, "a line is cut at WriteUp.maximumLineLength")
    let open = String(repeating: "“", count: 20_000) + " (0:01)"
    #expect(
      QuotationExtractor.quotations(in: open).allSatisfy { $0.text.count <= QuotationExtractor.maximumQuotationLength })
    let parentheses = "“x” " + String(repeating: "(", count: 50_000)
    #expect(QuotationExtractor.quotations(in: parentheses).isEmpty)
    #expect(QuotationExtractor.quotations(in: String(decoding: [0xFF, 0xFE, 0x00, 0x22, 0x22], as: UTF8.self)).isEmpty)
  }

  @Test func rangesClaimAnyTimeInThem() {
    let found = QuotationExtractor.quotations(in: "“A” (02:15–02:28) and “B” (0:10 to 0:20) and “C” (0:30, 0:40)")
    #expect(found.map(\.claimedUntil) == [148, 20, nil])
    #expect(found.map(\.claimedTime) == ["02:15–02:28", "0:10 to 0:20", "0:30"])
  }

  @Test func timestampsAndLinkTimes() {
    #expect(QuotationExtractor.timestamps(in: "at 3:46, 1:02:03 and 99:99 or 12:345").map(\.seconds) == [226, 3723])
    #expect(QuotationExtractor.linkSeconds("https://a.test/v/?time=226") == 226)
    #expect(QuotationExtractor.linkSeconds("https://a.test/v/?x=1&t=30s") == 30)
    #expect(QuotationExtractor.linkSeconds("https://a.test/v/?time=-3") == nil)
    #expect(QuotationExtractor.linkSeconds("https://a.test/v/") == nil)
  }
}
