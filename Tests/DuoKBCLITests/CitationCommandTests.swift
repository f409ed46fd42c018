import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI

@Suite struct CitationCommandTests {
  static func home() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    try CitationTestCorpus.write(into: scratch.url)
    return scratch
  }

  static func run(_ arguments: [String], in scratch: ScratchDirectory) async -> CLIRun {
    await runCLI(arguments, in: scratch.url, environment: ["DUO_KB_HOME": scratch.url.path])
  }

  @Test func quotePrintsThePassageWithContextAndLink() async throws {
    let scratch = try Self.home()
    let run = await Self.run(["quote", "tech-talks/900001@0:40", "--context", "1"], in: scratch)
    #expect(run.status == .success, "\(run.stderr)")
    try Golden.check(run.stdout, named: "quote-context.txt")
  }

  @Test(arguments: ["markdown", "json"])
  func quoteFormats(format: String) async throws {
    let scratch = try Self.home()
    let run = await Self.run(
      ["quote", "hig/testing-layout#Best-practices", "-C", "1", "--format", format], in: scratch)
    #expect(run.status == .success, "\(run.stderr)")
    try Golden.check(run.stdout, named: "quote-section.\(format == "json" ? "json" : "md")")
  }

  @Test func verifyJSONGolden() async throws {
    let scratch = try Self.home()
    try scratch.write(Self.plantedDocument, to: "notes.md")
    let run = await Self.run(["verify", "notes.md", "--format", "json"], in: scratch)
    try Golden.check(run.stdout, named: "verify-planted.json")
  }

  @Test(
    "quote: an id that names nothing is a plain no (1), one that is not an id a usage error (2)",
    arguments: [
      (["quote", "tech-talks/123@0:10"], "no document 'tech-talks/123'", Int32(1)),
      (["quote", "tech-talks/900001@0:30"], "nearest passage starts at 0:40", 1),
      (["quote", "900001@0:40"], "did you mean 'tech-talks/900001@0:40'?", 1),
      (["quote", "hig/testing-layout#nowhere"], "its sections are #Best-practices, #Folding", 1),
      (["quote", "not an id"], "not a citation id", 2),
      (["quote"], "needs one citation id", 2),
      (["quote", "tech-talks/900001@0:40", "--context", "-1"], "--context needs", 2),
    ])
  func quoteErrors(arguments: [String], message: String, status: Int32) async throws {
    let scratch = try Self.home()
    let run = await Self.run(arguments, in: scratch)
    #expect(run.status.rawValue == status)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func quoteAndCiteReadApplesLinksRangesAndWholeDocuments() async throws {
    let scratch = try Self.home()
    let link = await Self.run(
      ["quote", "https://developer.apple.com/videos/play/tech-talks/900001/?time=40"], in: scratch)
    #expect(link.status == .success, "\(link.stderr)")
    #expect(link.stdout.contains("> [0:40] Scrolling content doesn't need to move."))
    let range = await Self.run(["quote", "tech-talks/900001@0:40-0:45"], in: scratch)
    #expect(range.stdout.contains("[0:40]") && range.stdout.contains("[0:44]"), "\(range.stdout)")
    let whole = await Self.run(["quote", "tech-talks/900001"], in: scratch)
    #expect(whole.status == .success)
    #expect(whole.stdout.hasPrefix("tech-talks/900001 · Design for Testing Duo"))
    let cite = await Self.run(
      ["cite", "https://developer.apple.com/design/human-interface-guidelines/testing-layout#folding"], in: scratch)
    #expect(cite.status == .success, "\(cite.stderr)")
    #expect(cite.stdout.contains("Avoid placing text across the fold."))
    let citeWhole = await Self.run(["cite", "tech-talks/900001"], in: scratch)
    #expect(citeWhole.status == .failure)
    #expect(citeWhole.stderr.contains("names a whole document"))
  }

  @Test func citeAnIDOrAQueryInEveryFormat() async throws {
    let scratch = try Self.home()
    let byID = await Self.run(["cite", "wwdc2024/900002@1:10", "--format", "text"], in: scratch)
    #expect(byID.status == .success)
    #expect(
      byID.stdout
        == "“The toolbar moves to the side on the outer display.” — Bo, Meet the testing toolbar (WWDC24, 1:10), https://developer.apple.com/videos/play/wwdc2024/900002/?time=70\n"
    )
    let byQuery = await Self.run(["cite", "toolbar", "outer", "--format", "csl-json"], in: scratch)
    #expect(byQuery.status == .success)
    let items = try JSONSerialization.jsonObject(with: Data(byQuery.stdout.utf8)) as? [[String: Any]]
    #expect(items?.first?["id"] as? String == "wwdc2024/900002")
    #expect(items?.first?["type"] as? String == "speech")
    let none = await Self.run(["cite", "zebra"], in: scratch)
    #expect(none.status == .failure)
    #expect(none.stderr.contains("nothing matches"))
    let badFormat = await Self.run(["cite", "toolbar", "--format", "docx"], in: scratch)
    #expect(badFormat.status == .usage)
  }

  /// Words no passage has enough of are not cited: exit 1, the closest passage named, and
  /// its id cites it.
  @Test func citeOfWordsNoPassageHasEnoughOfNamesTheClosest() async throws {
    let scratch = try Self.home()
    let weak = await Self.run(["cite", "toolbar zebra"], in: scratch)
    #expect(weak.status == .failure)
    #expect(weak.stdout.isEmpty)
    #expect(weak.stderr.contains("no passage has enough of the words of 'toolbar zebra' to cite it"), "\(weak.stderr)")
    let hint = try #require(weak.stderr.components(separatedBy: "hint: cite ").last)
    let id = try #require(hint.split(separator: " ").first.map(String.init))
    let byID = await Self.run(["cite", id, "--format", "text"], in: scratch)
    #expect(byID.status == .success, "\(byID.stderr)")
    #expect(byID.stdout.localizedCaseInsensitiveContains("toolbar"))
    // With other inputs, it is one miss among them.
    let mixed = await Self.run(["cite", "toolbar zebra", "wwdc2024/900002@1:10", "--format", "text"], in: scratch)
    #expect(mixed.status == .failure)
    #expect(mixed.stdout.split(separator: "\n").count == 1)
    #expect(mixed.stderr.contains("'toolbar zebra' to cite it"))
  }

  /// Several ids and queries, on the command line and in a file, make one bibliography:
  /// one entry per document, one cite per passage; what names nothing is said, and exit 1.
  @Test func citeMergesIDsAndQueriesIntoOneBibliography() async throws {
    let scratch = try Self.home()
    try scratch.write("# talks\ntech-talks/900001@0:16\n\ntoolbar outer display\n", to: "refs.txt")
    let run = await Self.run(
      ["cite", "tech-talks/900001@0:40", "scrolling", "content", "--bibliography", "refs.txt", "--format", "json"],
      in: scratch)
    #expect(run.status == .success, "\(run.stderr)")
    let record = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let items = try #require(record["items"] as? [[String: Any]])
    #expect(items.map { $0["id"] as? String } == ["tech-talks/900001", "wwdc2024/900002"])
    let cites = try #require(record["cites"] as? [[String: Any]])
    #expect(
      cites.map { $0["citation"] as? String } == [
        "tech-talks/900001@0:40", "tech-talks/900001@0:16", "wwdc2024/900002@1:10",
      ])
    #expect(cites.map { $0["locator"] as? String } == ["0:40", "0:16", "1:10"])
    #expect((record["text"] as? String)?.components(separatedBy: "\n\n").count == 3)

    let bibtex = await Self.run(
      ["cite", "tech-talks/900001@0:40", "wwdc2024/900002@1:10", "--format", "bibtex"], in: scratch)
    #expect(
      bibtex.stdout.components(separatedBy: "\n@misc{").count == 2
        && bibtex.stdout.hasPrefix("@misc{apple2026Design,"))
    let ris = await Self.run(["cite", "tech-talks/900001@0:40", "--format", "ris"], in: scratch)
    #expect(ris.stdout.hasPrefix("TY  - VIDEO\nID  - tech-talks/900001\n"))

    let partly = await Self.run(
      ["cite", "tech-talks/900001@0:40", "zebra", "tech-talks/123@0:10", "--format", "text"], in: scratch)
    #expect(partly.status == .failure)
    #expect(partly.stdout.split(separator: "\n").count == 1)
    #expect(
      partly.stderr.contains("nothing matches 'zebra'") && partly.stderr.contains("no document 'tech-talks/123'"),
      "\(partly.stderr)")
    let empty = await Self.run(["cite", "--bibliography", "missing.txt"], in: scratch)
    #expect(empty.status == .usage || empty.status == .failure)
    #expect(empty.stderr.contains("missing.txt"))
  }

  @Test(
    "cite splits arguments into ids and queries",
    arguments: [
      (["toolbar", "outer"], ["toolbar outer"]),
      (["scrolling content", "toolbar side"], ["scrolling content", "toolbar side"]),
      (["tech-talks/1@0:10", "fold", "tap", "hig/x#Y"], ["tech-talks/1@0:10", "fold tap", "hig/x#Y"]),
      (
        ["https://developer.apple.com/videos/play/tech-talks/1/?time=4", "kind:talk", "-fold"],
        ["https://developer.apple.com/videos/play/tech-talks/1/?time=4", "kind:talk -fold"]
      ),
    ])
  func citeItems(arguments: [String], items: [String]) {
    #expect(CiteCommand.items(arguments) == items)
  }

  static let plantedDocument = """
    # Notes

    Right: “Today we look at folding screens” (0:10).
    Shifted: “hard to tap there” (0:16).
    Misquoted: “Lists, feeds and articles keep flowing.” (0:44)
    Invented: “Purple toolbars delight everyone on Tuesdays” (0:20).
    """

  @Test func verifyReportsEachQuotationWithFileAndLine() async throws {
    let scratch = try Self.home()
    try scratch.write(Self.plantedDocument, to: "notes.md")
    let run = await Self.run(["verify", "notes.md"], in: scratch)
    #expect(run.status == .failure)
    try Golden.check(run.stdout, named: "verify-planted.txt")
  }

  @Test func verifyJSON() async throws {
    let scratch = try Self.home()
    try scratch.write(Self.plantedDocument, to: "notes.md")
    let run = await Self.run(["verify", "notes.md", "--format", "json", "--tolerance", "10"], in: scratch)
    #expect(run.status == .failure)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(object["toleranceSeconds"] as? Int == 10)
    #expect(
      (object["counts"] as? [String: Int]) == [
        "verified": 2, "verified-edited": 0, "misquoted": 1, "wrong-time": 0, "wrong-source": 0, "not-found": 1,
        "too-short": 0, "unchecked": 0,
      ])
    let quotations = try #require(object["quotations"] as? [[String: Any]])
    #expect(quotations.map { $0["line"] as? Int } == [3, 4, 5, 6])
    #expect(quotations[2]["closest"] as? String == "Lists, feeds & articles keep flowing.")
  }

  @Test func verifyErrors() async throws {
    let scratch = try Self.home()
    let missing = await Self.run(["verify", "nowhere.md"], in: scratch)
    #expect(missing.status == .usage)
    #expect(missing.stderr.contains("cannot read nowhere.md"))
    let none = await Self.run(["verify"], in: scratch)
    #expect(none.status == .usage)
    let tolerance = await Self.run(["verify", "-", "--tolerance", "soon"], in: scratch)
    #expect(tolerance.status == .usage)
    let empty = await runCLI(
      ["verify", "-"], in: scratch.url, environment: ["DUO_KB_HOME": scratch.url.path], stdin: "No quotations.")
    #expect(empty.status == .failure, "nothing was verified")
    #expect(
      empty.stdout
        == "0 quotations: 0 verified, 0 verified with editorial marks, 0 misquoted, 0 wrong time, 0 wrong source, "
        + "0 not found, 0 too short, 0 unchecked\n")
  }

  @Test func anUntouchedAuditReportVerifies() async throws {
    let scratch = try Self.home()
    try scratch.write(
      "- Keep buttons out of the fold\n- Bars move to the side\n  - query: toolbar\n- Watches need keyboards\n",
      to: "checklist.md")
    let audit = await Self.run(["audit", "checklist.md", "--quotes", "2"], in: scratch)
    #expect(audit.status == .failure, "one rule has no support")
    #expect(audit.stdout.contains("**No support found.**"))
    try scratch.write(audit.stdout, to: "report.md")
    let verify = await Self.run(["verify", "report.md"], in: scratch)
    #expect(verify.status == .success, "\(verify.stdout)")
    let quotes = audit.stdout.split(separator: "\n").filter { $0.hasPrefix("> “") }.count
    // Two for the fold (one by the stem of "folding"), one for the toolbar.
    #expect(quotes == 3, "\(audit.stdout)")
    #expect(
      verify.stdout.hasSuffix(
        "\(quotes) quotations: \(quotes) verified, 0 verified with editorial marks, 0 misquoted, "
          + "0 wrong time, 0 wrong source, 0 not found, 0 too short, 0 unchecked\n"))
    let json = await Self.run(["audit", "checklist.md", "--format", "json"], in: scratch)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["unsupported"] as? Int == 1)
  }

  @Test func auditErrors() async throws {
    let scratch = try Self.home()
    try scratch.write("[{\"queries\": []}]", to: "bad.json")
    let bad = await Self.run(["audit", "bad.json"], in: scratch)
    #expect(bad.status == .usage)
    #expect(bad.stderr.contains("bad.json: checklist: item 1 has no \"rule\""))
    let quotes = await Self.run(["audit", "bad.json", "--quotes", "0"], in: scratch)
    #expect(quotes.status == .usage)
  }

  /// The shipped sample corpus holds the quotes of a public write-up at its timestamps: a few
  /// of them, in the write-up's own shapes, verify against it.
  @Test func theSampleCorpusVerifiesItsWriteUpQuotes() async throws {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let scratch = try ScratchDirectory()
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("Corpus"), to: scratch.url.appendingPathComponent("Corpus"))
    try scratch.write(
      """
      At the fold, “elements like alerts move to the trailing side” (4:09) in the book pose, while \
      “continuous scrolling content like articles, feeds, documents, and lists don’t displace.” (3:46)

      Vince: “People will use iPhone Duo in many different poses, and you’ll want your app to look great across \
      all of them. But that doesn’t mean designing a custom layout for each pose.” (3:50)

      So “items with an icon, like the back and share buttons, change their axis to be vertical. And text-only \
      items, like the edit button, continue to stay on the horizontal axis” (7:06).

      Then, from the adaptive-layouts talk (16:40): “start by auditing your app’s centered layouts. Consider \
      whether you can make it a two column layout, or what displacement pattern makes sense in that use case”.

      Planted: “buttons are easy to tap when they land right in the fold,” (9:28)
      """, to: "write-up.md")
    let run = await Self.run(["verify", "write-up.md"], in: scratch)
    #expect(run.status == .failure)
    #expect(
      run.stdout.hasSuffix(
        "6 quotations: 4 verified, 1 verified with editorial marks, 1 misquoted, 0 wrong time, 0 wrong source, "
          + "0 not found, 0 too short, 0 unchecked\n"), "\(run.stdout)")
    #expect(run.stdout.contains("diff: buttons are [-tough-] {+easy+} to tap when they land right in the fold"))
  }
}
