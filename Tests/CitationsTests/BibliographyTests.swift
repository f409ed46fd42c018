import DocumentModel
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Testing

@testable import Citations

/// The bibliography a set of quotes makes, and its CSL-JSON, BibTeX and RIS: one entry per
/// document with the date published and the date fetched, one cite per passage.
@Suite struct BibliographyTests {
  /// The design talk as a harvest stores it: with the page's date and the time fetched.
  static func datedTalk() -> Document {
    var talk = CitationFixtures.designTalk()
    talk.published = "2026-09-09"
    talk.fetch = FetchMetadata(sourceURL: talk.url, fetchedAt: "2026-09-16T08:30:00Z")
    return talk
  }

  static func bibliography(_ ids: [String], talk: Document = datedTalk()) throws -> Bibliography {
    let corpus = try TestCorpus(talk: talk)
    let index = try corpus.index()
    let outcome = try corpus.base.cite(ids, in: index)
    #expect(outcome.misses.isEmpty)
    return outcome.bibliography
  }

  static let ids = [
    "tech-talks/900001@0:40", "wwdc2024/900002@1:10", "tech-talks/900001@0:16", "hig/testing-layout#Folding",
  ]

  @Test func onePerDocumentAndOneCitePerPassage() throws {
    let bibliography = try Self.bibliography(Self.ids + ["tech-talks/900001@0:40"])
    #expect(bibliography.entries.map(\.id) == ["tech-talks/900001", "wwdc2024/900002", "hig/testing-layout"])
    #expect(bibliography.cites.map(\.locator) == ["0:40", "1:10", "0:16", "“Folding”"])
    #expect(bibliography.cites.map(\.label) == [.timestamp, .timestamp, .timestamp, .section])
    let talk = try #require(bibliography.entries.first)
    #expect(talk.issued == CalendarDate(year: 2026, month: 9, day: 9))
    #expect(talk.issuedFrom == .page)
    #expect(bibliography.entries.map(\.issuedFrom) == [.page, .year, nil])
    #expect(talk.accessed == CalendarDate(year: 2026, month: 9, day: 16))
    #expect(talk.speakers == ["Ada"])
    #expect(talk.url == "https://developer.apple.com/videos/play/tech-talks/900001/")
    // No date on the WWDC talk's page: the year of its event; none at all for the HIG page.
    #expect(bibliography.entries[1].issued == CalendarDate(year: 2024))
    #expect(bibliography.entries[1].accessed == nil)
    #expect(bibliography.entries[2].issued == nil)
  }

  @Test(arguments: [CitationFormat.cslJSON, .bibtex, .ris, .markdown, .text, .json])
  func bibliographyGolden(format: CitationFormat) throws {
    let output = CitationFormatter.format(try Self.bibliography(Self.ids), as: format)
    try Golden.check(output + "\n", named: "bibliography.\(format.rawValue)")
  }

  /// The CSL 1.0.2 fields, with the types the schema gives them.
  @Test func cslItemsAreValid() throws {
    let text = CitationFormatter.format(try Self.bibliography(Self.ids), as: .cslJSON)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(items.count == 3)
    let talk = items[0]
    #expect(talk["id"] as? String == "tech-talks/900001")
    #expect(talk["type"] as? String == "speech")
    #expect(talk["genre"] as? String == "Video")
    #expect((talk["author"] as? [[String: String]]) == [["literal": "Apple Inc."]])
    #expect(talk["event-title"] as? String == "Apple Developer Tech Talks")
    #expect(talk["container-title"] == nil)
    #expect((talk["issued"] as? [String: [[Int]]]) == ["date-parts": [[2026, 9, 9]]])
    #expect((talk["accessed"] as? [String: [[Int]]]) == ["date-parts": [[2026, 9, 16]]])
    #expect(talk["URL"] as? String == "https://developer.apple.com/videos/play/tech-talks/900001/")
    #expect(talk["note"] as? String == "Speakers: Ada")
    #expect(items[1]["event-title"] as? String == "WWDC24")
    let page = items[2]
    #expect(page["type"] as? String == "webpage")
    #expect(page["container-title"] as? String == "Human Interface Guidelines")
    #expect(page["event-title"] == nil && page["issued"] == nil && page["genre"] == nil)
    let allowed: Set<String> = [
      "id", "type", "title", "author", "genre", "container-title", "event", "event-title", "issued", "accessed", "URL",
      "note", "language",
    ]
    for item in items { #expect(Set(item.keys).isSubset(of: allowed)) }
  }

  @Test func citesCarryTheTimeAsLocator() throws {
    let record = try #require(CiteRecord(try Self.bibliography(Self.ids), format: .cslJSON))
    let data = try AnswerFormat.data(record)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let cites = try #require(object["cites"] as? [[String: Any]])
    #expect(cites.first?["id"] as? String == "tech-talks/900001")
    #expect(cites.first?["locator"] as? String == "0:40")
    #expect(cites.first?["label"] as? String == "timestamp")
    #expect(cites.first?["citation"] as? String == "tech-talks/900001@0:40")
    #expect((object["hits"] as? [Any])?.count == 4)
    #expect((object["items"] as? [Any])?.count == 3)
  }

  @Test(
    "Dates as pages and the corpus write them",
    arguments: [
      ("2026-09-09", [2026, 9, 9]), ("2026-09-16T00:00:00Z", [2026, 9, 16]), ("2024-06", [2024, 6]), ("2024", [2024]),
      ("2026-13-01", nil), ("2026-02-32", nil), ("26-09-09", nil), ("", nil), ("June 10, 2024", nil),
      ("９９９９-01-01", nil), ("+202-01-01", nil), ("1066-10-14", nil), ("99999999999999999999", nil),
    ] as [(String, [Int]?)])
  func readsDates(text: String, parts: [Int]?) {
    #expect(CalendarDate(iso8601: text)?.parts == parts)
  }

  @Test(
    "BibTeX escapes LaTeX's special characters",
    arguments: [
      ("Lists & tables", "Lists \\& tables"),
      ("100% of {apps}", "100\\% of \\{apps\\}"),
      ("$5 #1 a_b", "\\$5 \\#1 a\\_b"),
      ("~/x^2 \\path", "\\textasciitilde{}/x\\textasciicircum{}2 \\textbackslash{}path"),
      ("two\nlines\t and  spaces ", "two lines and spaces"),
      ("iPhone Duo — “folds”", "iPhone Duo — “folds”"),
    ])
  func bibTeXEscapes(text: String, escaped: String) {
    #expect(BibTeXWriter.escape(text) == escaped)
  }

  @Test(
    "BibTeX keys are author, year and word, in ASCII letters and digits",
    arguments: [
      ("Design for iPhone Duo", 2026, "apple2026Design"),
      ("What’s new in SwiftUI", 2024, "apple2024SwiftUI"),
      ("Meet the testing toolbar", nil, "appleNDTesting"),
      ("Créer des écrans pliés", 2025, "apple2025Crer"),
      ("の", nil, "appleNDTalk"),
    ] as [(String, Int?, String)])
  func bibTeXKeys(title: String, year: Int?, key: String) {
    let entry = Bibliography.Entry(
      id: "tech-talks/1", kind: .talk, title: title, url: "https://a.example/", event: nil,
      issued: year.flatMap { CalendarDate(year: $0) }, issuedFrom: nil, accessed: nil, speakers: [], language: "en")
    #expect(BibTeXKey.key(for: entry) == key)
  }

  @Test func bibTeXKeysAreUniqueInABibliography() {
    let entry = Bibliography.Entry(
      id: "tech-talks/1", kind: .talk, title: "Design for iPhone Duo", url: "https://a.example/", event: nil,
      issued: CalendarDate(year: 2026), issuedFrom: nil, accessed: nil, speakers: [], language: "en")
    var other = entry
    other.id = "tech-talks/2"
    #expect(BibTeXKey.keys(for: [entry, other, entry]) == ["apple2026Design", "apple2026Designb", "apple2026Designc"])
  }

  @Test func bibTeXURLsStayReadable() {
    #expect(BibTeXWriter.url("https://a.example/x?time=226#Top%20") == "https://a.example/x?time=226#Top%20")
    #expect(BibTeXWriter.url("https://a.example/{x} y\\") == "https://a.example/%7Bx%7D%20y%5C")
  }

  @Test(
    "RIS values stay on their line",
    arguments: [
      ("Title\nER  - ", "Title ER -"), ("a\r\nb\u{2028}c\u{0}d", "a b c d"), ("  plain  ", "plain"),
    ])
  func risFieldsStayOnOneLine(text: String, field: String) {
    #expect(RISWriter.field(text) == field)
  }

  /// A title that would break each format: its text reaches the reader intact, and the
  /// entry's structure holds.
  @Test func hostileTitlesKeepEveryFormatWhole() throws {
    var talk = Self.datedTalk()
    talk.title = "Braces } { and % & \\end{document}\nER  - @misc{x,"
    let bibliography = try Self.bibliography(["tech-talks/900001@0:40"], talk: talk)
    let bibtex = CitationFormatter.format(bibliography, as: .bibtex)
    var depth = 0
    for character in bibtex.replacingOccurrences(of: "\\{", with: "").replacingOccurrences(of: "\\}", with: "") {
      if character == "{" { depth += 1 }
      if character == "}" { depth -= 1 }
      #expect(depth >= 0)
    }
    #expect(depth == 0)
    #expect(bibtex.components(separatedBy: "@misc{").count == 2, "one entry: the title's @misc is text")
    #expect(
      bibtex.contains("title = {{Braces \\} \\{ and \\% \\& \\textbackslash{}end\\{document\\} ER - @misc\\{x,}}"))
    let ris = CitationFormatter.format(bibliography, as: .ris)
    #expect(ris.split(separator: "\n").filter { $0.hasPrefix("ER  -") }.count == 1)
    #expect(ris.contains("TI  - Braces } { and % & \\end{document} ER - @misc{x,\n"))
    let csl = CitationFormatter.format(bibliography, as: .cslJSON)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(csl.utf8)) as? [[String: Any]])
    #expect(items.first?["title"] as? String == talk.title)
  }

  /// A HIG page is dated by the latest day of its change log, as the harvest records it;
  /// a page without one has its access date only.
  @Test func aHIGPageIsIssuedOnItsLastChange() throws {
    let corpus = try TestCorpus()
    var page = CitationFixtures.layoutPage()
    page.fetch = FetchMetadata(sourceURL: page.url, fetchedAt: "2026-09-16T08:30:00Z")
    try corpus.replace(page)
    let undated = try corpus.base.cite(["hig/testing-layout#Folding"], in: corpus.index()).bibliography
    #expect(undated.entries[0].issued == nil)
    #expect(undated.entries[0].accessed == CalendarDate(year: 2026, month: 9, day: 16))
    page.published = "2025-06-09"
    try corpus.replace(page)
    let bibliography = try corpus.base.cite(["hig/testing-layout#Folding"], in: corpus.index()).bibliography
    #expect(bibliography.entries[0].issued == CalendarDate(year: 2025, month: 6, day: 9))
    let csl = CitationFormatter.format(bibliography, as: .cslJSON)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(csl.utf8)) as? [[String: Any]])
    #expect((items.first?["issued"] as? [String: [[Int]]]) == ["date-parts": [[2025, 6, 9]]])
    #expect((items.first?["accessed"] as? [String: [[Int]]]) == ["date-parts": [[2026, 9, 16]]])
    let bibtex = CitationFormatter.format(bibliography, as: .bibtex)
    #expect(bibtex.contains("date = {2025-06-09}") && bibtex.contains("year = {2025}"), "\(bibtex)")
    #expect(CitationFormatter.format(bibliography, as: .ris).contains("PY  - 2025\n"))
  }

  /// Without a corpus document (an index alone), an entry is what the hits say: no dates
  /// beyond the year, the speakers of the passages cited.
  @Test func entriesFromHitsAloneHaveNoAccessDate() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    let hits = try ["tech-talks/900001@0:10", "tech-talks/900001@0:40"].map {
      try index.quote(try #require(CitationID(parsing: $0)), context: 0).target
    }
    let bibliography = Bibliography(hits: hits)
    #expect(bibliography.entries.count == 1)
    #expect(bibliography.entries[0].issued == CalendarDate(year: 2026))
    #expect(bibliography.entries[0].accessed == nil)
    #expect(bibliography.entries[0].speakers == ["Ada"])
    let ris = RISWriter.write(bibliography)
    #expect(ris.contains("PY  - 2026\nDA  - 2026///\n"))
    #expect(!ris.contains("Y2  -"))
    #expect(!BibTeXWriter.write(bibliography).contains("urldate"))
  }
}
