import DuoKBTestSupport
import Foundation
import Testing

/// `duo-kb import`, `index` and `search` in-process, on a corpus imported from JSON Lines.
@Suite struct SearchCommandTests {
  static let passages = """
    {"doc": "tech-talks/111463", "kind": "talk", "title": "Strike a pose", "url": "https://developer.apple.com/videos/play/tech-talks/111463/", "start": 226.0, "end": 228.7, "text": "Continuous scrolling content like articles, feeds, documents, and lists don’t displace.", "speaker": "Maria"}
    {"doc": "tech-talks/111463", "start": 228.7, "end": 232.0, "text": "These experiences already adapt through scrolling."}
    {"doc": "tech-talks/111462", "kind": "talk", "title": "Raise the bar", "url": "https://developer.apple.com/videos/play/tech-talks/111462/", "start": 370.0, "end": 373.0, "text": "Use toolbarVerticalBehavior to opt a custom view into the vertical bar.", "extra": "ignored"}
    {"doc": "hig/layout", "kind": "hig", "title": "Layout", "url": "https://developer.apple.com/design/human-interface-guidelines/layout", "anchor": "Best-practices", "text": "Keep important content away from the hinge."}

    """

  func corpus() async throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    let run = await runCLI(["import", "-"], environment: ["DUO_KB_HOME": scratch.url.path], stdin: Self.passages)
    #expect(run.status == .success, "\(run.stderr)")
    #expect(run.stdout == "imported 3 documents, 4 passages\n")
    return scratch
  }

  @Test func searchBuildsTheIndexOnceAndSaysSo() async throws {
    let home = try await corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let first = await runCLI(["search", "scrolling content"], environment: env)
    #expect(first.status == .success)
    #expect(first.stderr.contains("built the index"))
    #expect(
      first.stdout.contains("“Continuous scrolling content like articles, feeds, documents, and lists don’t displace.”")
    )
    #expect(first.stdout.contains("https://developer.apple.com/videos/play/tech-talks/111463/?time=226"))
    #expect(first.stdout.contains("tech-talks/111463@3:46"))
    let second = await runCLI(["search", "scrolling content"], environment: env)
    #expect(second.stderr.isEmpty)
    #expect(second.stdout == first.stdout)
  }

  @Test func jsonKeepsTheDocumentedNames() async throws {
    let home = try await corpus()
    let run = await runCLI(
      ["search", "hinge OR scrolling", "--format", "json", "--limit", "1"], environment: ["DUO_KB_HOME": home.url.path])
    #expect(run.status == .success)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["query"] as? String == "hinge OR scrolling")
    #expect(object["total"] as? Int == 3, "total counts every match, not only those printed")
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(results.count == 1)
    #expect(object["version"] as? Int == 1)
    #expect(
      Set(results[0].keys) == [
        "rank", "score", "quote", "passageKind", "start", "end", "matchStart", "timestamp", "anchor", "heading", "link",
        "citation", "speaker", "source",
      ])
    let source = try #require(results[0]["source"] as? [String: Any])
    #expect(Set(source.keys) == ["kind", "id", "title", "url", "event", "year", "language", "framework", "deprecated"])
    #expect(source["language"] as? String == "en")
  }

  @Test func higHitsHaveAnAnchorAndNoTimes() async throws {
    let home = try await corpus()
    let run = await runCLI(["search", "hinge", "--format", "json"], environment: ["DUO_KB_HOME": home.url.path])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let hit = try #require((object["results"] as? [[String: Any]])?.first)
    #expect(hit["start"] is NSNull && hit["end"] is NSNull && hit["timestamp"] is NSNull)
    #expect(hit["anchor"] as? String == "Best-practices")
    #expect(
      hit["link"] as? String == "https://developer.apple.com/design/human-interface-guidelines/layout#Best-practices")
    #expect(hit["citation"] as? String == "hig/layout#Best-practices")
  }

  @Test func identifiersAreFoundBySplitWordsUnlessVerbatim() async throws {
    let home = try await corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let split = await runCLI(["search", "toolbar vertical behavior"], environment: env)
    #expect(split.status == .success)
    #expect(split.stdout.contains("toolbarVerticalBehavior"))
    let verbatim = await runCLI(["search", "toolbar vertical behavior", "--verbatim", "--strict"], environment: env)
    #expect(verbatim.status == .failure)
  }

  @Test func noHitsIsStatusOneAndABadQueryIsStatusTwoWithItsColumn() async throws {
    let home = try await corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let none = await runCLI(["search", "zebra"], environment: env)
    #expect(none.status == .failure)
    let bad = await runCLI(["search", "hinge (content"], environment: env)
    #expect(bad.status == .usage)
    #expect(bad.stderr.contains("column"))
    #expect(bad.stderr.contains("^"))
  }

  @Test func filtersNarrowTheHits() async throws {
    let home = try await corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let hig = await runCLI(["search", "content", "--kind", "hig"], environment: env)
    #expect(hig.stdout.contains("hig/layout") && !hig.stdout.contains("tech-talks"))
    let source = await runCLI(["search", "content source:tech-talks/111463"], environment: env)
    #expect(source.stdout.contains("tech-talks/111463") && !source.stdout.contains("hig/layout"))
    let badKind = await runCLI(["search", "content", "--kind", "podcast"], environment: env)
    #expect(badKind.status == .usage)
    // Every kind a search accepts is named, documentation pages too.
    #expect(badKind.stderr.contains("--kind takes talk, hig, doc or code, not 'podcast'"))
  }

  @Test func batchAnswersOneJSONLinePerQueryInOrder() async throws {
    let home = try await corpus()
    let run = await runCLI(
      ["search", "--batch", "-"], environment: ["DUO_KB_HOME": home.url.path],
      stdin: "hinge\nzebra\n\"unclosed\nscrolling\n")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["query"] as? String } == ["hinge", "zebra", "\"unclosed", "scrolling"])
    #expect(objects.map { $0["total"] as? Int } == [1, 0, nil, 2])
    #expect(objects[0]["micros"] is Int)
    #expect(objects[2]["error"] is String && objects[2]["column"] as? Int == 1)
    #expect(objects.map { $0["status"] as? Int } == [0, 1, 2, 0])
    #expect(run.status == .usage, "a line that does not parse fails the batch, whatever the others found")
  }

  @Test func batchHonoursFormatAndExitsLikeOneSearch() async throws {
    let home = try await corpus()
    let environment = ["DUO_KB_HOME": home.url.path]
    let text = await runCLI(
      ["search", "--batch", "-", "--format", "text"], environment: environment, stdin: "hinge\nzebra\n")
    #expect(text.stdout.hasPrefix("== hinge\n1. "), "\(text.stdout)")
    #expect(text.stdout.contains("== zebra\n0 matching passages"))
    #expect(text.status == .success)
    let none = await runCLI(["search", "--batch", "-"], environment: environment, stdin: "zebra\nquagga\n")
    #expect(none.status == .failure)
    let markdown = await runCLI(
      ["search", "--batch", "-", "--format", "markdown"], environment: environment, stdin: "hinge\n")
    #expect(markdown.stdout.hasPrefix("## Search: hinge"))
  }

  @Test func indexCommandBuildsAndThenLeavesACurrentIndexAlone() async throws {
    let home = try await corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let build = await runCLI(["index"], environment: env)
    #expect(build.stdout.hasPrefix("indexed 3 documents, 4 passages"))
    let again = await runCLI(["index"], environment: env)
    #expect(again.stdout == "the index matches the corpus\n")
    let forced = await runCLI(["index", "--rebuild"], environment: env)
    #expect(forced.stdout.hasPrefix("indexed 3 documents"))
  }

  @Test(
    "A damaged or missing index is rebuilt, never read as garbage",
    arguments: ["terms.dki", "postings.dki", "store.dki", "CURRENT"])
  func damagedIndexIsRebuilt(file: String) async throws {
    let home = try await corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    let first = await runCLI(["search", "hinge"], environment: env)
    let index = home.url.appendingPathComponent("Index")
    let generation = try String(contentsOf: index.appendingPathComponent("CURRENT"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let target =
      file == "CURRENT"
      ? index.appendingPathComponent(file)
      : IndexFiles.url(file, ofGeneration: index.appendingPathComponent(generation))
    var bytes = try Data(contentsOf: target)
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: target)
    let second = await runCLI(["search", "hinge"], environment: env)
    #expect(second.status == .success)
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.contains("rebuilt the index"), "\(second.stderr)")
  }

  /// An index too large to be checksummed whole at open: the search itself finds the
  /// damaged quote (its passage checksum), and the CLI rebuilds once and answers.
  @Test func aDamagedQuoteFoundBySearchIsRebuiltAndAskedAgain() async throws {
    let filler = (0..<1_500).map { number in
      "{\"doc\": \"hig/filler\", \"kind\": \"hig\", \"title\": \"Filler\", \"url\": \"https://example.com/f\", \"text\": \"\(String(repeating: "Padding words number \(number) fill the store. ", count: 20))\"}"
    }.joined(separator: "\n")
    let scratch = try ScratchDirectory()
    let env = ["DUO_KB_HOME": scratch.url.path]
    let imported = await runCLI(["import", "-"], environment: env, stdin: Self.passages + filler + "\n")
    #expect(imported.status == .success, "\(imported.stderr)")
    let first = await runCLI(["search", "hinge"], environment: env)
    #expect(first.status == .success)
    let index = scratch.url.appendingPathComponent("Index")
    let generation = try String(contentsOf: index.appendingPathComponent("CURRENT"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let store = IndexFiles.url("store.dki", ofGeneration: index.appendingPathComponent(generation))
    var bytes = try Data(contentsOf: store)
    #expect(bytes.count > 1 << 20)
    let quote = try #require(bytes.range(of: Data("away from the hinge".utf8)))
    bytes[quote.lowerBound] ^= 0x01
    try bytes.write(to: store)
    let second = await runCLI(["search", "hinge"], environment: env)
    #expect(second.status == .success)
    #expect(second.stdout == first.stdout)
    #expect(second.stderr.contains("rebuilt the index: store.dki was damaged"), "\(second.stderr)")
    let third = await runCLI(["search", "hinge"], environment: env)
    #expect(third.stderr.isEmpty && third.stdout == first.stdout)
  }

  @Test func colorOnlyOnATerminalAndNeverWithNoColor() async throws {
    let home = try await corpus()
    let terminal = await runCLI(
      ["search", "hinge"], environment: ["DUO_KB_HOME": home.url.path], stdoutIsTerminal: true)
    #expect(terminal.stdout.contains("\u{1B}["))
    let noColor = await runCLI(
      ["search", "hinge"], environment: ["DUO_KB_HOME": home.url.path, "NO_COLOR": "1"], stdoutIsTerminal: true)
    #expect(!noColor.stdout.contains("\u{1B}"))
    let pipe = await runCLI(["search", "hinge"], environment: ["DUO_KB_HOME": home.url.path])
    #expect(!pipe.stdout.contains("\u{1B}"))
  }

  @Test func searchOnAnEmptyHomeSaysHowToFillIt() async throws {
    let empty = try ScratchDirectory()
    let run = await runCLI(["search", "anything"], environment: ["DUO_KB_HOME": empty.url.path])
    #expect(run.status == .usage)
    #expect(run.stderr.contains("no documents"))
    #expect(run.stderr.contains("duo-kb refresh"))
  }
}

@Suite struct ImportCommandTests {
  @Test(
    "Bad JSON Lines are refused with file and line, and nothing is written",
    arguments: [
      ("{\"doc\": \"a/1\", \"text\": \"ok\"}\nnot json\n", ":2:"),
      ("{\"doc\": \"../../etc\", \"text\": \"x\"}\n", "not a valid document id"),
      ("{\"doc\": \"a/1\"}\n", "missing field 'text'"),
      ("{\"doc\": \"a/1\", \"text\": \"x\", \"kind\": \"podcast\"}\n", "kind must be"),
      ("{\"doc\": \"a/1\", \"text\": \"x\", \"start\": 5, \"end\": 1}\n", "start and end"),
      // A time too large for whole milliseconds, or negative, is refused on its own too.
      ("{\"doc\": \"x/1\", \"text\": \"hello\", \"start\": 1e300}\n", "start must be between 0 and"),
      ("{\"doc\": \"x/1\", \"text\": \"hello\", \"start\": -5}\n", "start must be between 0 and"),
      ("{\"doc\": \"x/1\", \"text\": \"hello\", \"end\": 1e19}\n", "end must be between 0 and"),
      ("{\"doc\": \"x/1\", \"text\": \"hello\", \"start\": 1, \"end\": 1e300}\n", "end must be between 0 and"),
      ("\n\n", "no passages"),
    ])
  func refusesBadLines(input: String, message: String) async throws {
    let home = try ScratchDirectory()
    let run = await runCLI(["import", "-"], environment: ["DUO_KB_HOME": home.url.path], stdin: input)
    #expect(run.status == .usage)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("Corpus/documents").path))
  }

  @Test func importsAWebVTTFileAsATalk() async throws {
    let home = try ScratchDirectory()
    try home.write(
      "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Vince>Avoid fixed widths,\n\n00:00:03.000 --> 00:00:05.000\n<v Vince>breakpoints, or metrics.\n\n00:00:06.000 --> 00:00:07.000\n[ Music ]\n",
      to: "talk.vtt")
    let env = ["DUO_KB_HOME": home.url.path]
    let missing = await runCLI(["import", "talk.vtt"], in: home.url, environment: env)
    #expect(missing.status == .usage)
    let run = await runCLI(
      ["import", "talk.vtt", "--id", "wwdc2026/101", "--title", "Fixture"], in: home.url, environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    let search = await runCLI(["search", "breakpoints", "--format", "json"], environment: env)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
    let hit = try #require((object["results"] as? [[String: Any]])?.first)
    #expect(hit["quote"] as? String == "Avoid fixed widths, breakpoints, or metrics.")
    #expect(hit["start"] as? Double == 1 && hit["end"] as? Double == 5)
    #expect(hit["speaker"] as? String == "Vince")
  }

  /// A whole-file track (segments glued together, each boundary repeat standing twice) is
  /// merged like segments: the repeated cue is one cue, its words quoted once.
  @Test func importsAWholeFileTrackWithoutDoublingWords() async throws {
    let home = try ScratchDirectory()
    let cue1 = "00:00:01.000 --> 00:00:03.000\nAPFS is now ready\n\n"
    let cue2 = "00:00:03.000 --> 00:00:05.000\nto come to the Mac.\n\n"
    let cue3 = "00:00:05.000 --> 00:00:07.000\n>> Greg Christie: Good morning. [Applause]\n\n"
    try home.write("WEBVTT\n\n" + cue1 + cue2 + cue2 + cue3, to: "talk.vtt")
    let env = ["DUO_KB_HOME": home.url.path]
    let run = await runCLI(
      ["import", "talk.vtt", "--id", "wwdc2026/102", "--title", "Whole file"], in: home.url, environment: env)
    #expect(run.status == .success, "\(run.stderr)")
    let search = await runCLI(["search", "APFS OR morning", "--format", "json"], environment: env)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(
      Set(results.compactMap { $0["quote"] as? String }) == ["APFS is now ready to come to the Mac.", "Good morning."])
    #expect(results.first { $0["quote"] as? String == "Good morning." }?["speaker"] as? String == "Greg Christie")
  }
}
