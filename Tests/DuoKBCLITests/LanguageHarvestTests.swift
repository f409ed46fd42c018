import Citations
import Corpus
import DocumentModel
import Foundation
import KnowledgeBase
import Testing

/// A talk harvested in two languages, and talks in Chinese and Korean, from loopback: each
/// language is a document of its own whose id, citation ids, links, filters and JSON say
/// which language it is.
@Suite struct LanguageHarvestTests {
  @Test func twoLanguagesOfOneTalkAreTwoDocuments() async throws {
    let (scratch, base, _) = try await CJKHarvestTests.harvested()
    let english = try #require(try base.corpus.read(id: "wwdc2025/30001"))
    let japanese = try #require(try base.corpus.read(id: "wwdc2025/30001/ja"))
    #expect(english.language == "en")
    #expect(english.passages.map(\.text) == ["An English line."])
    #expect(english.url == "https://developer.apple.com/videos/play/wwdc2025/30001/")
    #expect(japanese.language == "ja")
    // The Japanese document is read from the page under /jp/: its URL and title.
    #expect(japanese.url == "https://developer.apple.com/jp/videos/play/wwdc2025/30001/")
    #expect(japanese.title == "デザインの新機能")
    // Apple has no page under /cn/ for the Chinese talk: its document links to the English page.
    let chinese = try #require(try base.corpus.read(id: "wwdc2025/30002/zh-hans"))
    #expect(chinese.url == "https://developer.apple.com/videos/play/wwdc2025/30002/")
    #expect(chinese.title == "Talk 30002")
    let korean = try #require(try base.corpus.read(id: "wwdc2025/30003/ko"))
    #expect(korean.language == "ko")
    #expect(korean.url == "https://developer.apple.com/kr/videos/play/wwdc2025/30003/")
    // Talks listed in one language other than English have no English document.
    #expect(try base.corpus.read(id: "wwdc2025/30002") == nil)
    #expect(try base.corpus.read(id: "wwdc2025/30003") == nil)
    _ = scratch
  }

  @Test(
    "lang: keeps one language's documents",
    arguments: [
      ("デザイン", ["wwdc2025/30001/ja"]), ("デザイン lang:ja", ["wwdc2025/30001/ja"]), ("デザイン lang:en", []),
      ("\"English line\" lang:en", ["wwdc2025/30001"]), ("\"English line\" lang:ja", []),
      ("Xcode lang:ko", ["wwdc2025/30003/ko"]), ("WWDC lang:zh", ["wwdc2025/30002/zh-hans"]),
      ("WWDC lang:zh-Hans", ["wwdc2025/30002/zh-hans"]),
    ])
  func languageFilter(query: String, expected: [String]) async throws {
    let (scratch, base, _) = try await CJKHarvestTests.harvested()
    let hits = try base.openIndex().index.answer(query, limit: 10).hits
    #expect(Set(hits.map(\.source.id)) == Set(expected), "\(query)")
    _ = scratch
  }

  @Test func citationIDsAndLinksCarryTheLanguage() async throws {
    let (scratch, _, _) = try await CJKHarvestTests.harvested()
    let home = scratch.url.path
    let search = await runCLI(["search", "長いフレーム", "--home", home, "--format", "json"])
    #expect(search.status == .success, "\(search.stderr)")
    let result = try #require(try Self.results(search.stdout).first)
    #expect(result["citation"] as? String == "wwdc2025/30001/ja@0:13")
    #expect(result["link"] as? String == "https://developer.apple.com/jp/videos/play/wwdc2025/30001/?time=13")
    let source = try #require(result["source"] as? [String: Any])
    #expect(source["id"] as? String == "wwdc2025/30001/ja")
    #expect(source["language"] as? String == "ja")

    // The citation id and the Japanese page's link both name the Japanese passage.
    for reference in ["wwdc2025/30001/ja@0:13", "https://developer.apple.com/jp/videos/play/wwdc2025/30001/?time=13"] {
      let quote = await runCLI(["quote", reference, "--home", home])
      #expect(quote.status == .success, "\(reference): \(quote.stderr)")
      #expect(quote.stdout.contains("非常に長いフレームで"), "\(reference): \(quote.stdout)")
    }
    // The English document's id names the English passage.
    let english = await runCLI(["quote", "wwdc2025/30001@0:01", "--home", home])
    #expect(english.stdout.contains("An English line."), "\(english.stdout)")

    let cite = await runCLI(["cite", "wwdc2025/30001/ja@0:13", "--home", home, "--format", "csl-json"])
    #expect(cite.status == .success, "\(cite.stderr)")
    #expect(
      cite.stdout.contains("\"language\" : \"ja\"") || cite.stdout.contains("\"language\":\"ja\""), "\(cite.stdout)")
    _ = scratch
  }

  static func results(_ json: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return object?["results"] as? [[String: Any]] ?? []
  }
}
