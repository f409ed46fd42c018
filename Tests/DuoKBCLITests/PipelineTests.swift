import Foundation
import Testing

@testable import DuoKBCLI

/// `search --format tsv` for pipelines, `open` for links, and `__complete-ids` for the
/// shell completions.
@Suite struct PipelineTests {
  @Test func cutFieldOneGivesIDsThatQuoteTakes() throws {
    let shell = try SampleShell()
    let ids = try shell.run(#"duo-kb search --format tsv --limit 30 "scrolling content" | cut -f1"#)
    #expect(ids.status == 0, "\(ids.stderr)")
    let lines = ids.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count >= 5 && lines.count <= 30)
    for id in lines {
      #expect(id.hasPrefix("tech-talks/") && id.contains("@"), "\(id)")
      let quoted = try shell.run("duo-kb quote '\(id)'")
      #expect(quoted.status == 0 && quoted.stdout.hasPrefix(id + " · "), "quote \(id): \(quoted.stderr)")
    }
  }

  @Test func everyLineHasFourFieldsInOrder() async throws {
    let shell = try SampleShell()
    let run = try shell.run(#"duo-kb search --format tsv "scrolling content" --limit 3"#)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 3 && run.stdout.hasSuffix("\n"))
    let first = try #require(lines.first).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    #expect(
      first == [
        "tech-talks/111463@3:46", "3:46", "Strike a pose with adaptive layouts on iPhone Duo",
        "Continuous scrolling content like articles, feeds, documents, and lists don’t displace.",
      ])
    for line in lines { #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 4) }
    let none = try shell.run("duo-kb search --format tsv zzyzxnothing")
    #expect(none.status == 1 && none.stdout.isEmpty)
    // A batch in TSV: every hit of every query, one line each, nothing else.
    let batch = try shell.run(
      #"printf 'scrolling content\nlayout region\n' | duo-kb search --batch - --format tsv --limit 2"#)
    let batchLines = batch.stdout.split(separator: "\n")
    #expect(batch.status == 0 && batchLines.count == 4, "\(batch.stdout)")
    #expect(batchLines.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 4 })
  }

  @Test(
    "A field holds no tab and no line break; the rule is reversible",
    arguments: [
      ("plain", "plain"), ("a\tb", #"a\tb"#), ("a\nb", #"a\nb"#), ("a\r\nb", #"a\r\nb"#),
      (#"C:\path"#, #"C:\\path"#), (#"\n"#, #"\\n"#), ("bell\u{07}", "bell\u{FFFD}"),
      ("esc\u{1B}[31m", "esc\u{FFFD}[31m"), ("line\u{2028}sep", #"line\nsep"#), ("rtl\u{202E}x", "rtl\u{FFFD}x"),
      ("", ""),
    ])
  func fieldEscaping(text: String, expected: String) {
    #expect(TSVLine.field(text) == expected)
  }

  @Test func openPrintsTheDeepLink() async throws {
    let scratch = try CitationCommandTests.home()
    let talk = await CitationCommandTests.run(["open", "tech-talks/900001@0:40"], in: scratch)
    #expect(talk.status == .success, "\(talk.stderr)")
    #expect(talk.stdout.hasSuffix("?time=40\n") && talk.stdout.hasPrefix("https://"))
    let section = await CitationCommandTests.run(["open", "hig/testing-layout#Best-practices"], in: scratch)
    #expect(section.status == .success && section.stdout.hasSuffix("#Best-practices\n"), "\(section.stderr)")
    let document = await CitationCommandTests.run(["open", "tech-talks/900001"], in: scratch)
    #expect(document.status == .success && !document.stdout.contains("time="), "\(document.stdout)")
    let unknown = await CitationCommandTests.run(["open", "tech-talks/123@0:10"], in: scratch)
    #expect(unknown.status == .failure && unknown.stdout.isEmpty && unknown.stderr.contains("hint:"))
    let notAnID = await CitationCommandTests.run(["open", "not an id"], in: scratch)
    #expect(notAnID.status == .usage)
  }

  /// A stand-in opener that records its arguments and exits with `status`.
  static func opener(in scratch: ScratchDirectory, status: Int) throws -> [String: String] {
    let name = LinkOpener.program
    try scratch.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$0.args\"\nexit \(status)\n", to: "bin/\(name)")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: scratch.url.appendingPathComponent("bin/\(name)").path)
    return ["DUO_KB_HOME": scratch.url.path, "PATH": scratch.url.appendingPathComponent("bin").path + ":/usr/bin:/bin"]
  }

  @Test func browserRunsTheOpenerWithTheLinkAlone() async throws {
    let scratch = try CitationCommandTests.home()
    let environment = try Self.opener(in: scratch, status: 0)
    let run = await runCLI(["open", "--browser", "tech-talks/900001@0:40"], in: scratch.url, environment: environment)
    #expect(run.status == .success && run.stdout.isEmpty, "\(run.stderr)")
    let arguments = try scratch.read("bin/\(LinkOpener.program).args").split(separator: "\n")
    #expect(arguments.count == 1 && arguments[0].hasSuffix("?time=40"))
  }

  @Test func aFailingOrMissingOpenerIsAPlainNo() async throws {
    let scratch = try CitationCommandTests.home()
    let environment = try Self.opener(in: scratch, status: 3)
    let failing = await runCLI(["open", "--browser", "tech-talks/900001"], in: scratch.url, environment: environment)
    #expect(failing.status == .failure && failing.stderr.contains("exit status 3"), "\(failing.stderr)")
    var empty = environment
    empty["PATH"] = scratch.url.appendingPathComponent("nowhere").path
    let missing = await runCLI(["open", "--browser", "tech-talks/900001"], in: scratch.url, environment: empty)
    #expect(missing.status == .failure && missing.stderr.contains("no \(LinkOpener.program) on PATH"))
    #expect(missing.stderr.contains("without --browser"))
  }

  @Test func onlyWebLinksReachTheOpener() {
    #expect(throws: CommandFailure.self) { try LinkOpener.open("-n file:///etc/passwd", environment: [:]) }
    #expect(throws: CommandFailure.self) { try LinkOpener.open("file:///etc/passwd", environment: [:]) }
  }

  @Test func completeIDsListsDocumentsThenTheirPassages() async throws {
    let scratch = try CitationCommandTests.home()
    let none = await CitationCommandTests.run(["__complete-ids", "tech"], in: scratch)
    #expect(none.status == .success && none.stdout.isEmpty && none.stderr.isEmpty, "no index: nothing, quietly")
    #expect(await CitationCommandTests.run(["index"], in: scratch).status == .success)
    let documents = await CitationCommandTests.run(["__complete-ids", "tech-talks/9"], in: scratch)
    #expect(documents.stdout.split(separator: "\n").contains("tech-talks/900001"))
    #expect(documents.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("tech-talks/9") })
    let passages = await CitationCommandTests.run(["__complete-ids", "tech-talks/900001@0:4"], in: scratch)
    let ids = passages.stdout.split(separator: "\n").map(String.init)
    #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("tech-talks/900001@0:4") }, "\(ids)")
    for id in ids {
      #expect(await CitationCommandTests.run(["quote", id], in: scratch).status == .success, "\(id)")
    }
    let sections = await CitationCommandTests.run(["__complete-ids", "hig/testing-layout#"], in: scratch)
    #expect(sections.stdout.contains("hig/testing-layout#Best-practices"))
    let nothing = await CitationCommandTests.run(["__complete-ids", "nowhere/1@"], in: scratch)
    #expect(nothing.status == .success && nothing.stdout.isEmpty)
  }

  @Test func completeIDsIsHidden() async {
    let overview = await runCLI(["--help"])
    #expect(!overview.stdout.contains("__complete"))
    #expect(!ManualPage.roff().contains(".SS \"__complete"))
    #expect(!CompletionScript.bash().contains("__complete-ids)"))
  }
}
