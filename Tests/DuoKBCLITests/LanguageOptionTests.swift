import Corpus
import Foundation
import Testing

/// `--language` on add, setup and refresh: the languages a talk is harvested in.
@Suite struct LanguageOptionTests {
  static let talk = "https://developer.apple.com/videos/play/wwdc2024/10173/"

  @Test(
    "add records the languages as tags",
    arguments: [
      (["--language", "ja"], ["ja"]),
      (["--language", "en", "--language", "Japanese"], ["en", "ja"]),
      (["--language", "en,ko, zh"], ["en", "ko", "zh-Hans"]),
      (["--language", "ja", "--language", "jpn"], ["ja"]),
    ])
  func addRecordsLanguages(options: [String], expected: [String]) async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["add", Self.talk] + options, environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .success, "\(run.stderr)")
    let list = try SourceList.load(from: scratch.url.appendingPathComponent("Corpus/sources.json"))
    #expect(list.sources.first?.languages == expected)
  }

  @Test("add refuses what names no language", arguments: ["klingon", "", "日本", "ja,,"])
  func addRefuses(language: String) async throws {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["add", Self.talk, "--language", language], environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("--language"), "\(run.stderr)")
  }

  @Test func addRefusesAnIDReservedForLanguages() async throws {
    let scratch = try ScratchDirectory()
    for id in ["keynotes/ja", "hig/keynote"] {
      let run = await runCLI(
        ["add", "https://example.com/v/cmaf.m3u8", "--id", id, "--title", "Keynote"],
        environment: ["DUO_KB_HOME": scratch.url.path])
      #expect(run.status == .usage, "\(id)")
      #expect(run.stderr.contains("reserved"), "\(run.stderr)")
    }
  }

  @Test func setupPutsTheLanguagesOnTheCatalog() async throws {
    let scratch = try ScratchDirectory()
    // Nothing to reach: the refresh fails, the list is written first.
    let run = await runCLI(
      [
        "setup", "--without-hig", "--catalog-url", "http://127.0.0.1:9/videos/all-videos/", "--language", "en,ja",
        "--quiet",
      ],
      environment: ["DUO_KB_HOME": scratch.url.path])
    _ = run
    let list = try SourceList.load(from: scratch.url.appendingPathComponent("Corpus/sources.json"))
    #expect(list.sources.map(\.kind) == [.catalog])
    #expect(list.sources.first?.languages == ["en", "ja"])
  }
}
