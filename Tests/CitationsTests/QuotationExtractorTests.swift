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
    Case(text: "“A” [talk](https://developer.apple.com/videos/play/tech-talks/1/?time=30)", expected: [("A", [30], nil)]),
    Case(text: "“A” https://developer.apple.com/videos/play/tech-talks/1/?time=30 later", expected: [("A", [30], nil)]),
    Case(text: "The list (16:40): “start here”; more", expected: [("start here", [1000], nil)]),
    Case(text: "“A” — Vince, [T](https://x.test/p?time=9) (0:09)", expected: [("A", [9, 9], nil)]),
    Case(text: "Undated “A” and “B”.", expected: []),
    Case(text: "“A” [3:46] and “B” [x]", expected: [("A", [226], nil)]),
    Case(text: "See [“A”](https://developer.apple.com/videos/play/tech-talks/1/?time=30).", expected: [("A", [30], nil)]),
    Case(
      text: "so \"A\" — the app may cross, \"B\" (*Prepare your app*, 02:15–02:28). Next",
      expected: [("A", [135], nil), ("B", [135], 0)]),
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
    #expect(QuotationExtractor.quotations(in: open).allSatisfy { $0.text.count <= QuotationExtractor.maximumQuotationLength })
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
