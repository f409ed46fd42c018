import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

/// `duo-kb refresh` end to end: the fixture site the sample corpus is built from, served on
/// 127.0.0.1 and harvested through `--mirror`, gives passages that are exactly the
/// fixture's quotes, each starting at its time.
@Suite struct SampleSiteHarvestTests {
  static let site = ConformanceData.repositoryRoot.appendingPathComponent("scripts/sample-site")

  struct Quotes: Decodable {
    struct Talk: Decodable {
      var collection: String
      var id: String
      var quotes: [Quote]
    }
    struct Quote: Decodable {
      var time: String
      var text: String
    }
    var talks: [Talk]
  }

  @Test func harvestsEveryQuoteExactlyAtItsTime() async throws {
    let server = try FixtureSite(files: Self.site).server
    defer { server.stop() }
    let home = try ScratchDirectory()
    let run = await runCLI(
      [
        "refresh", "--sources", Self.site.appendingPathComponent("sources.json").path, "--allow-host", "127.0.0.1",
        "--mirror", "https://developer.apple.com=\(server.baseURL)", "--format", "json",
      ],
      environment: ["DUO_KB_HOME": home.url.path, "SOURCE_DATE_EPOCH": "1789516800"])
    #expect(run.status == .success, "\(run.stderr)")
    let quotes = try JSONDecoder().decode(
      Quotes.self, from: Data(contentsOf: Self.site.appendingPathComponent("quotes.json")))
    for talk in quotes.talks {
      let file = home.url.appendingPathComponent("Corpus/documents/\(talk.collection)/\(talk.id).json")
      // Read as the corpus reads it: the file leaves out what it derives (document format 3).
      let document = try DocumentFormat.decode(Data(contentsOf: file))
      #expect(document.url == "https://developer.apple.com/videos/play/\(talk.collection)/\(talk.id)/")
      let fetch = try #require(document.fetch)
      #expect(fetch.etag == nil && fetch.lastModified == nil, "a mirror's validators are not the original's")
      #expect(fetch.fetchedAt == "2026-09-16T00:00:00Z")
      #expect(fetch.validatorOrigin == nil, "no validators, so no origin of them")
      // The page's datePublished, and the year it gives (so `year:2026` finds the talk).
      #expect(document.published == "2026-09-09")
      #expect(document.year == 2026)
      let passages = document.passages
      // Each quote is the passages from the one starting at its time up to the next quote's.
      var remaining = passages[...]
      for quote in talk.quotes {
        let parts = quote.time.split(separator: ":").compactMap { Int($0) }
        let milliseconds = (parts[0] * 60 + parts[1]) * 1000
        guard let first = remaining.firstIndex(where: { $0.startMilliseconds == milliseconds }) else {
          Issue.record("\(talk.id) \(quote.time): no passage starts there")
          continue
        }
        var text = ""
        var index = first
        while index < remaining.endIndex, text.count < quote.text.count {
          text += (text.isEmpty ? "" : " ") + remaining[index].text
          index += 1
        }
        #expect(text == quote.text, "\(talk.id) \(quote.time)")
        remaining = remaining[index...]
      }
    }
  }
}
