import DocumentModel
import Foundation
import MCPServer
import Testing

/// The tools' answers say a document's language, and its citation ids and links carry it.
@Suite struct LanguageAnswerTests {
  static let korean = Document(
    id: "wwdc2026/101/ko", kind: .talk, title: "새로운 디자인",
    url: "https://developer.apple.com/kr/videos/play/wwdc2026/101/", language: "ko", event: "wwdc2026", year: 2026,
    passages: [
      Passage(
        kind: .speech, text: "레이아웃을 조정하는 방법을 알아봅시다", startMilliseconds: 13_000, endMilliseconds: 16_000, firstCue: 0,
        lastCue: 0)
    ],
    cues: [
      StoredCue(
        startMilliseconds: 13_000, endMilliseconds: 16_000, raw: "레이아웃을 조정하는 방법을 알아봅시다", text: "레이아웃을 조정하는 방법을 알아봅시다")
    ])

  @Test func searchAndQuoteCarryTheLanguage() throws {
    let harness = try ServerHarness(documents: TestCorpus.documents + [Self.korean])
    harness.initialize()
    let search = harness.call("search", ["query": "조정하는"])["result"]?["structuredContent"]
    let hit = try #require(search?["results"]?.arrayValue?.first)
    #expect(hit["source"]?["id"]?.stringValue == "wwdc2026/101/ko")
    #expect(hit["source"]?["language"]?.stringValue == "ko")
    #expect(hit["citation"]?.stringValue == "wwdc2026/101/ko@0:13")
    #expect(hit["link"]?.stringValue == "https://developer.apple.com/kr/videos/play/wwdc2026/101/?time=13")
    // The English talk's answers say English.
    let english = harness.call("search", ["query": "kind:talk lang:en"])["result"]?["structuredContent"]
    let languages = english?["results"]?.arrayValue?.compactMap { $0["source"]?["language"]?.stringValue }
    #expect(languages?.isEmpty == false)
    #expect(languages?.allSatisfy { $0 == "en" } == true)
    let quote = harness.call("quote", ["citation": "wwdc2026/101/ko@0:13"])["result"]?["structuredContent"]
    #expect(quote?["target"]?["quote"]?.stringValue == "레이아웃을 조정하는 방법을 알아봅시다", "\(String(describing: quote))")
    #expect(quote?["target"]?["source"]?["language"]?.stringValue == "ko")
  }
}
