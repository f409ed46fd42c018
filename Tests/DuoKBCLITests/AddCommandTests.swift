import Corpus
import Foundation
import Testing

@Suite struct AddCommandTests {
  @Test(
    "Tells the kind from the URL",
    arguments: [
      ("https://developer.apple.com/videos/play/tech-talks/111466/", "talk"),
      ("https://developer.apple.com/videos/play/wwdc2024/10173", "talk"),
      ("https://developer.apple.com/jp/videos/play/wwdc2024/10173/", "talk"),
      ("https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo", "hig"),
      (
        "https://developer.apple.com/tutorials/data/design/human-interface-guidelines/layout.json",
        "hig"
      ),
    ])
  func addsSourceOfTheRightKind(url: String, kind: String) async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["add", url], environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .success, "\(run.stderr)")
    let list = try SourceList.load(from: scratch.url.appendingPathComponent("Corpus/sources.json"))
    #expect(list.sources.map(\.kind.rawValue) == [kind])
    #expect(list.sources.first?.url == url)
  }

  @Test func refusesDuplicatesWhateverTheTrailingSlash() async throws {
    let scratch = try ScratchDirectory()
    let env = ["DUO_KB_HOME": scratch.url.path]
    _ = await runCLI(["add", "https://developer.apple.com/videos/play/wwdc2024/10173/"], environment: env)
    let again = await runCLI(["add", "https://Developer.apple.com/videos/play/wwdc2024/10173"], environment: env)
    #expect(again.status == .usage)
    #expect(again.stderr.contains("already in sources.json"))
  }

  @Test func masterPlaylistNeedsIDAndTitle() async throws {
    let scratch = try ScratchDirectory()
    let env = ["DUO_KB_HOME": scratch.url.path]
    let bare = await runCLI(["add", "https://example.com/v/cmaf.m3u8"], environment: env)
    #expect(bare.status == .usage)
    #expect(bare.stderr.contains("needs --id and --title"))
    let hostileID = await runCLI(
      ["add", "https://example.com/v/cmaf.m3u8", "--id", "../../etc", "--title", "T"],
      environment: env)
    #expect(hostileID.status == .usage)
    let good = await runCLI(
      ["add", "https://example.com/v/cmaf.m3u8", "--id", "keynotes/2026", "--title", "Keynote"],
      environment: env)
    #expect(good.status == .success)
  }

  @Test(
    "Refuses what duo-kb does not harvest",
    arguments: [
      "ftp://developer.apple.com/videos/play/wwdc2024/10173/", "not a url",
      "https://developer.apple.com/videos/", "https://developer.apple.com/videos/play/wwdc2024/abc/",
    ])
  func refusesOtherURLs(url: String) async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["add", url], environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .usage)
    #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("Corpus/sources.json").path))
  }

  @Test func addsACatalogWithItsFilter() async throws {
    let scratch = try ScratchDirectory()
    let env = ["DUO_KB_HOME": scratch.url.path]
    let run = await runCLI(
      ["add", "https://developer.apple.com/videos/all-videos/", "--catalog", "--event", "wwdc2025", "--year", "2025"],
      environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    let list = try SourceList.load(from: scratch.url.appendingPathComponent("Corpus/sources.json"))
    #expect(list.sources.first?.kind == .catalog)
    #expect(list.sources.first?.filter == SourceEntry.Filter(event: "wwdc2025", year: 2025))
    let stray = await runCLI(
      ["add", "https://developer.apple.com/videos/play/wwdc2024/10173/", "--event", "x"], environment: env)
    #expect(stray.status == .usage)
    let badYear = await runCLI(
      ["add", "https://developer.apple.com/videos/x.json", "--catalog", "--year", "soon"], environment: env)
    #expect(badYear.status == .usage)
  }
}
