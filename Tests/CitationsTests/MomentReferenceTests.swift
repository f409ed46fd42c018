import KnowledgeBase
import Testing

@testable import Citations

@Suite struct MomentReferenceTests {
  static let talk = "tech-talks/111463"

  @Test(
    "Every way a user names a moment",
    arguments: [
      ("tech-talks/111463@3:46", MomentReference.citation(CitationID(documentID: talk, locator: .time(seconds: 226)))),
      ("tech-talks/111463@1:02:03", .citation(CitationID(documentID: talk, locator: .time(seconds: 3723)))),
      ("hig/layout#Adaptability", .citation(CitationID(documentID: "hig/layout", locator: .anchor("Adaptability")))),
      ("tech-talks/111461@3:42-4:51", .range(documentID: "tech-talks/111461", fromSeconds: 222, toSeconds: 291)),
      ("tech-talks/111461@03:42–04:51", .range(documentID: "tech-talks/111461", fromSeconds: 222, toSeconds: 291)),
      (
        "https://developer.apple.com/videos/play/tech-talks/111463/?time=226",
        .citation(CitationID(documentID: talk, locator: .time(seconds: 226)))
      ),
      (
        "https://developer.apple.com/jp/videos/play/tech-talks/111463/?t=226s",
        .citation(CitationID(documentID: talk + "/ja", locator: .time(seconds: 226)))
      ),
      (
        "https://developer.apple.com/cn/videos/play/tech-talks/111463/?time=226",
        .citation(CitationID(documentID: talk + "/zh-hans", locator: .time(seconds: 226)))
      ),
      ("https://developer.apple.com/kr/videos/play/tech-talks/111463/", .document(talk + "/ko")),
      // A locale without localized talk pages names the talk's own document.
      (
        "https://developer.apple.com/fr/videos/play/tech-talks/111463/?time=226",
        .citation(CitationID(documentID: talk, locator: .time(seconds: 226)))
      ),
      ("tech-talks/111463/ja@3:46", .citation(CitationID(documentID: talk + "/ja", locator: .time(seconds: 226)))),
      (
        "tech-talks/111463/zh-hans@1:02-1:10",
        .range(documentID: talk + "/zh-hans", fromSeconds: 62, toSeconds: 70)
      ),
      ("https://developer.apple.com/videos/play/tech-talks/111463/", .document(talk)),
      (
        "https://developer.apple.com/design/human-interface-guidelines/layout#adaptability",
        .citation(CitationID(documentID: "hig/layout", locator: .anchor("adaptability")))
      ),
      ("https://developer.apple.com/design/human-interface-guidelines/layout", .document("hig/layout")),
      ("tech-talks/111463", .document(talk)),
      ("<tech-talks/111463@3:46>", .citation(CitationID(documentID: talk, locator: .time(seconds: 226)))),
      ("111463@3:46", .unqualified(number: "111463", rest: "@3:46")),
      ("111463", .unqualified(number: "111463", rest: "")),
    ])
  func reads(text: String, expected: MomentReference) {
    #expect(MomentReference(parsing: text) == expected)
  }

  @Test(
    "Not a moment",
    arguments: [
      "", "scrolling content", "tech-talks/111461@4:51-3:42", "https://example.test/blog/post",
      "https://developer.apple.com/videos/play/tech-talks/111463/?time=-3",
      "https://developer.apple.com/videos/play/tech-talks/111463/?time=99999999999999999999999",
      "../../etc@1:00", String(repeating: "x", count: 5_000),
    ])
  func refuses(text: String) {
    #expect(MomentReference(parsing: text) == nil)
  }

  @Test func rangesQuoteEveryPassageInThemAndNearMissesSuggest() throws {
    let corpus = try TestCorpus()
    let index = try corpus.index()
    let range = try index.quote(.range(documentID: "tech-talks/900001", fromSeconds: 10, toSeconds: 20), context: 0)
    #expect(range.passages.map(\.quote).count == 3)
    #expect(range.target.quote.hasPrefix("Welcome to the talk. Today we look"))
    #expect(throws: CitationsError.self) { try index.quote(.unqualified(number: "900001", rest: "@0:10"), context: 0) }
    do {
      _ = try index.quote(.unqualified(number: "900001", rest: "@0:10"), context: 0)
    } catch {
      #expect(error.description.contains("did you mean 'tech-talks/900001@0:10'?"))
    }
    do {
      _ = try index.quote(CitationID(documentID: "hig/testing-layout", locator: .anchor("nowhere")), context: 0)
    } catch {
      #expect(error.description.contains("its sections are #Best-practices, #Folding"))
    }
    let lowerCased = try index.quote(
      CitationID(documentID: "hig/testing-layout", locator: .anchor("folding")), context: 0)
    #expect(lowerCased.target.quote == "Avoid placing text across the fold.")
    let overview = try index.overview(documentID: "hig/testing-layout")
    #expect(overview.title == "Testing layout")
    #expect(overview.chapters.map(\.title) == ["Best practices", "Folding"])
  }
}
