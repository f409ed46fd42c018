import DuoKBTestSupport
import Foundation
import Testing

@testable import Citations

@Suite struct AuditTests {
  static let checklist = """
    # Fold review

    - [ ] Keep buttons out of the fold
    - [x] Scrolling content keeps flowing across the fold
      - query: "scrolling content"
    1. Support landscape keyboards on watches
    2) Bars move to the side
       of the outer display
    """

  @Test func markdownChecklists() throws {
    let items = try AuditChecklist.parse(Self.checklist)
    #expect(
      items.map(\.rule) == [
        "Keep buttons out of the fold", "Scrolling content keeps flowing across the fold",
        "Support landscape keyboards on watches", "Bars move to the side of the outer display",
      ])
    #expect(items.map(\.queries) == [[], ["\"scrolling content\""], [], []])
  }

  @Test func jsonChecklists() throws {
    let items = try AuditChecklist.parse(
      #"[{"rule": "Keep  buttons\nout", "queries": ["fold", " "]}, {"rule": "Bars"}]"#)
    #expect(items == [ChecklistItem(rule: "Keep buttons out", queries: ["fold"]), ChecklistItem(rule: "Bars")])
  }

  @Test(
    "Checklists that cannot be read say why",
    arguments: [
      ("", "no rules"),
      ("Just a paragraph.", "no rules"),
      ("[", "not valid JSON"),
      (#"{"rule": "x"}"#, "not an array of rules"),
      ("[{\"rule\": \"x\"", "not valid JSON"),
      (#"[{"queries": ["x"]}]"#, "item 1 has no \"rule\""),
      (#"[{"rule": "x", "queries": "fold"}]"#, "must be an array of strings"),
      (#"[{"rule": "x", "queries": [1]}]"#, "must be an array of strings"),
      (#"["x"]"#, "item 1 has no \"rule\""),
    ])
  func badChecklists(text: String, reason: String) {
    #expect {
      try AuditChecklist.parse(text)
    } throws: { error in
      (error as? CitationsError)?.description.contains(reason) == true
    }
  }

  @Test func oversizedChecklistsAreRefused() {
    let many = String(repeating: "- rule\n", count: AuditChecklist.maximumItems + 1)
    #expect(throws: CitationsError.self) { try AuditChecklist.parse(many) }
    let huge = String(repeating: "x", count: AuditChecklist.maximumBytes + 1)
    #expect(throws: CitationsError.self) { try AuditChecklist.parse(huge) }
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: CitationsError.self) { try AuditChecklist.parse(deep) }
  }

  @Test func aRuleIsSearchedAsItsWordsWithoutOperators() {
    #expect(
      AuditKeywords.query("Keep the buttons OUT of the fold, and the fold's edge")
        == "keep the buttons out of the fold and the fold's edge")
    #expect(AuditKeywords.query("“Quoted” -dash (parens) OR prefix*") == "quoted dash parens or prefix")
    #expect(AuditKeywords.query("  ").isEmpty)
  }

  @Test func reportGolden() throws {
    let corpus = try TestCorpus()
    let report = try corpus.index().audit(try AuditChecklist.parse(Self.checklist), title: "fold-review.md")
    #expect(report.items.filter { !$0.isSupported }.map(\.rule) == ["Support landscape keyboards on watches"])
    try Golden.check(report.markdown, named: "audit-report.md")
  }

  @Test func jsonReportGolden() throws {
    let corpus = try TestCorpus()
    let report = try corpus.index().audit(try AuditChecklist.parse(Self.checklist), title: "fold-review.md")
    try Golden.check(report.json + "\n", named: "audit-report.json")
  }

  @Test func everyQuoteOfAnUntouchedReportVerifies() throws {
    let corpus = try TestCorpus()
    let items =
      try AuditChecklist.parse(Self.checklist) + [
        ChecklistItem(rule: "Anything about layout", queries: ["safe area", "backgrounds", "toolbar", "thank"]),
        ChecklistItem(rule: "Lists", queries: ["lists feeds"]),
      ]
    let report = try corpus.index().audit(items, title: "all", quotesPerRule: 5)
    let verdicts = try corpus.verifier().verify(text: report.markdown, file: "report.md")
    let quoteCount = report.items.reduce(0) { $0 + $1.quotes.count }
    #expect(quoteCount >= 8)
    #expect(verdicts.count == quoteCount)
    let failures = verdicts.filter { !$0.isVerified }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func oneWordOfSeveralIsWeakSupport() throws {
    let corpus = try TestCorpus()
    let report = try corpus.index().audit([ChecklistItem(rule: "Mind the fold")], title: "t")
    // The key words are "mind" and "fold": two passages say "fold", none says both.
    #expect(report.items[0].verdict == .weak)
    #expect(report.items[0].quotes.allSatisfy { $0.score < report.threshold })
    let single = try corpus.index().audit([ChecklistItem(rule: "The fold")], title: "t")
    #expect(single.items[0].verdict == .supported)
    // The two that say "fold", and "folding screens" by its stem, below them.
    #expect(single.items[0].quotes.count == 3)
    #expect(single.items[0].quotes.last?.quote.contains("folding") == true, "\(single.items[0].quotes.map(\.quote))")
  }

  @Test func weakEvidenceIsMarkedOncePerRuleAndNeverShownAtTheThreshold() throws {
    let corpus = try TestCorpus()
    let report = try corpus.index().audit(try AuditChecklist.parse(Self.checklist), title: "t")
    let markdown = report.markdown
    #expect(!markdown.contains("(weak evidence"))
    let sections = markdown.components(separatedBy: "\n## ").dropFirst()
    for (item, section) in zip(report.items, sections) where item.verdict != .unsupported {
      #expect(section.contains(item.rule))
      let marks = section.components(separatedBy: "Weaker evidence").count - 1
      guard item.verdict == .supported else {
        #expect(marks == 0, "a weak rule says so once, in its verdict")
        continue
      }
      let weaker = item.quotes.filter { $0.score < report.threshold }
      #expect(marks == (weaker.isEmpty ? 0 : 1), "\(item.rule)")
      // The mark stands between the rule's quotes at the threshold and those below it.
      guard let mark = section.range(of: "Weaker evidence") else { continue }
      for quote in item.quotes {
        let line = try #require(section.range(of: "“\(quote.quote)”"), "\(quote.quote)")
        #expect((line.lowerBound > mark.lowerBound) == (quote.score < report.threshold), "\(quote.quote)")
      }
    }
    #expect(report.items.contains { item in item.verdict == .supported && item.quotes.contains { $0.score < 0.45 } })
    let figures: [(Double, String)] = [(0.449, "0.44"), (0.29, "0.29"), (0.17, "0.17"), (0.001, "0.00"), (0, "0.00")]
    for (value, shown) in figures { #expect(AuditReport.figure(below: value) == shown, "\(value)") }
  }

  /// The header's three counts are those of the report's sections.
  @Test func theHeaderCountsAgreeWithTheSections() throws {
    let corpus = try TestCorpus()
    let items =
      try AuditChecklist.parse(Self.checklist) + [ChecklistItem(rule: "Mind the fold"), ChecklistItem(rule: "Zebras")]
    let markdown = try corpus.index().audit(items, title: "t").markdown
    let header = try #require(markdown.split(separator: "\n").first { $0.contains(" rules: ") })
    let numbers = header.split { !$0.isNumber }.compactMap { Int($0) }
    #expect(numbers.count >= 4, "\(header)")
    let (total, supported, weak, unsupported) = (numbers[0], numbers[1], numbers[2], numbers[3])
    let sections = markdown.components(separatedBy: "\n## ").dropFirst()
    let rules = sections.filter { $0.first?.isNumber == true }
    #expect(rules.count == total)
    #expect(rules.filter { $0.contains("\n\nSupport ") }.count == supported)
    #expect(rules.filter { $0.contains("**Weak support**") }.count == weak)
    #expect(rules.filter { $0.contains("**No support found.**") }.count == unsupported)
    func listed(_ heading: String) -> Int {
      guard let section = sections.first(where: { $0.hasPrefix(heading + "\n") }) else { return 0 }
      return section.split(separator: "\n").filter { $0.hasPrefix("- ") }.count
    }
    #expect(listed("Weak support") == weak)
    #expect(listed("Without support") == unsupported)
    #expect(weak >= 1 && unsupported >= 1, "\(header)")
  }
}
