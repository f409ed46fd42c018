import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI

/// `verify` on the public write-ups the project grew from, as written and doctored, over the
/// shipped sample corpus.
@Suite(.enabled(if: ConformanceData.shouldRun, "the seeds are read in place beside the conformance data"))
struct SeedVerifyTests {
  static func sampleHome() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    try FileManager.default.copyItem(
      at: ConformanceData.repositoryRoot.appendingPathComponent("Corpus"),
      to: scratch.url.appendingPathComponent("Corpus"))
    return scratch
  }

  static func verify(_ text: String, _ extra: [String] = [], in scratch: ScratchDirectory) async throws
    -> (run: CLIRun, report: [String: Any])
  {
    try scratch.write(text, to: "write-up.md")
    let run = await runCLI(
      ["verify", "write-up.md", "--format", "json"] + extra, in: scratch.url,
      environment: ["DUO_KB_HOME": scratch.url.path])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
    return (run, object)
  }

  static func statuses(_ report: [String: Any]) -> [String] {
    (report["quotations"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
  }

  @Test(arguments: ["001", "002"])
  func aSeedAsWrittenHasNoFault(number: String) async throws {
    let scratch = try Self.sampleHome()
    let (_, report) = try await Self.verify(try ConformanceData.seed(number), in: scratch)
    let counts = try #require(report["counts"] as? [String: Int])
    #expect(counts["misquoted"] == 0)
    #expect(counts["wrong-time"] == 0)
    #expect(counts["wrong-source"] == 0)
    #expect(counts["unchecked"] == 0)
    #expect(counts.values.reduce(0, +) == report["total"] as? Int)
    #expect((report["total"] as? Int ?? 0) >= (number == "001" ? 100 : 6))
    // Quotes the excerpt corpus does not hold are listed, never passed.
    #expect(counts["not-found", default: 0] > 0)
  }

  /// Every kind of fault, planted in the shapes seeds 001 and 002 quote in.
  static let doctored = """
    Maria on scrolling (*Strike a pose with adaptive layouts on iPhone Duo*, 3:46–3:55):

    > Continuous scrolling content like articles, feeds, documents, and lists always displace.

    At the fold, at 4:09, “elements like alerts move to the leading side” in the book pose.

    A range missed: “elements like alerts move to the trailing side” (3:00–3:30), and a hyphen: “elements like alerts move to the trailing side” (3:42-3:50).

    Straight marks: "elements like alerts move to the trailing side" (04:40).

    Its own id: “elements like alerts move to the trailing side” tech-talks/111463@4:09

    Another talk's id: “elements like alerts move to the trailing side” tech-talks/111466@4:09

    A page the corpus lacks: “avoid widths narrower than the compact width” (hig/layout#Adaptability)

    A mistyped time: “elements like alerts move to the trailing side” (4:O9)

    Maria opens: “Great design for iPhone Duo hinges on knowing when to adapt” (2:25) and Harry adds “you could prefer even numbers of columns when a division region is present” (7:41).

    Left out without an ellipsis: “Continuous scrolling content like lists don’t displace.” (3:46)

    In *Design for iPhone Duo*: “elements like alerts move to the trailing side” (4:09).

    - In *Design for iPhone Duo*, Vince: “your app should already adapt to iPhone Duo” (4:27)
    - “elements like alerts move to the trailing side” (4:09)

    One word: “fold” (3:10).

    Fabricated in every form: “toolbars must always be purple on iPhone Duo” (4:09), at 9:20, “the fold is where the best buttons go”, “tabs should be hidden when the device opens” (3:42–4:51), "sheets never need a close button" (03:57), “menus appear wherever they like” tech-talks/111466@9:20, and «alerts should be centered on the hinge» (9:2O).

    > Buttons are easy to tap when they land right in the fold.
    > — Vince, *Design for iPhone Duo* (9:28)

    Someone wrote “elements like alerts move to the trailing side” somewhere.
    """

  @Test func everyPlantedFaultIsCaught() async throws {
    let scratch = try Self.sampleHome()
    let (run, report) = try await Self.verify(Self.doctored, in: scratch)
    #expect(run.status == .failure)
    #expect(
      Self.statuses(report) == [
        "misquoted",  // reversed blockquote under its lead-in
        "misquoted",  // time before, a word changed
        "wrong-time", "wrong-time",  // ranges that do not hold it
        "wrong-time",  // 00:00-style time
        "verified",  // its own citation id
        "wrong-source",  // another talk's id
        "not-found",  // a HIG page the corpus lacks
        "wrong-time",  // a mistyped time
        "verified", "verified",  // a title inside the quoted words is not a source
        "misquoted",  // words left out without an ellipsis
        "wrong-source",  // said in another talk than the one named
        "verified", "verified",  // the list item's title stays in its item
        "wrong-time",  // one word, checked at its time however short
        "not-found", "not-found", "not-found", "not-found", "not-found", "not-found",
        "misquoted",  // blockquote with a source line
        "unchecked",
      ], "\(run.stdout)")
    let quotations = try #require(report["quotations"] as? [[String: Any]])
    let omitted = try #require(quotations[11]["diff"] as? [String: Any])
    #expect(
      omitted["text"] as? String
        == "Continuous scrolling content like [-articles feeds documents and-] lists don’t displace")
    #expect(omitted["omitted"] as? Int == 4)
    #expect(omitted["added"] as? Int == 0)
    let elsewhere = quotations[12]
    #expect(elsewhere["source"] as? String == "Strike a pose with adaptive layouts on iPhone Duo")
    #expect(elsewhere["time"] as? String == "4:09")
    #expect((elsewhere["note"] as? String)?.contains("not in “Design for iPhone Duo”") == true)
    #expect(quotations[8]["time"] as? String == "4:09")
    let reversed = try #require(quotations[0]["diff"] as? [String: Any])
    #expect(
      reversed["text"] as? String
        == "Continuous scrolling content like articles feeds documents and lists [-don’t-] {+always+} displace")
    let counts = try #require(report["counts"] as? [String: Int])
    #expect(counts.values.reduce(0, +) == quotations.count)
  }

  @Test func summaryExitStatusAndAllowUnchecked() async throws {
    let scratch = try Self.sampleHome()
    let unattributed = "Someone wrote “elements like alerts move to the trailing side” somewhere."
    let strict = try await Self.verify(unattributed, in: scratch)
    #expect(strict.run.status == .failure)
    let allowed = try await Self.verify(unattributed, ["--allow-unchecked"], in: scratch)
    #expect(allowed.run.status == .success)
    #expect(Self.statuses(allowed.report) == ["unchecked"])
    try scratch.write("No quotation at all, only “Done”.", to: "empty.md")
    let empty = await runCLI(["verify", "empty.md"], in: scratch.url, environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(empty.status == .failure, "nothing was verified")
    #expect(empty.stderr.contains("no quotation of Apple was found"))
    try scratch.write("At the fold “elements like alerts move to the trailing side” (4:09).", to: "good.md")
    let good = await runCLI(["verify", "good.md"], in: scratch.url, environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(good.status == .success)
    #expect(
      good.stdout.hasSuffix(
        "1 quotation: 1 verified, 0 verified with editorial marks, 0 misquoted, 0 wrong time, 0 wrong source, "
          + "0 not found, 0 too short, 0 unchecked\n"))
  }

  @Test func annotatedMarkdownMarksEachQuotationInPlace() async throws {
    let scratch = try Self.sampleHome()
    try scratch.write(
      "At the fold “elements like alerts move to the trailing side” (4:09).\n\n> Buttons are easy to tap in the fold.\n> — Vince, *Design for iPhone Duo* (9:28)\n",
      to: "review.md")
    let run = await runCLI(
      ["verify", "review.md", "--format", "markdown", "--annotate"], in: scratch.url,
      environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status == .failure)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "At the fold “elements like alerts move to the trailing side” ✓[^duo-kb-1] (4:09).")
    #expect(lines[2] == "> Buttons are easy to tap in the fold. ✗[^duo-kb-2]")
    #expect(run.stdout.contains("[^duo-kb-1]: verified: tech-talks/111463@4:09"))
    #expect(run.stdout.contains("[^duo-kb-2]: misquoted"))
    let bad = await runCLI(
      ["verify", "review.md", "--annotate"], in: scratch.url, environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(bad.status == .usage)
  }
}

extension SeedVerifyTests {
  /// What `cite --format markdown` and `audit` write verifies cleanly, as it stands.
  @Test(arguments: ["scrolling content displace", "alerts trailing side", "reserved regions", "vertical bars symbol"])
  func aPastedCitationVerifies(query: String) async throws {
    let scratch = try Self.sampleHome()
    let environment = ["DUO_KB_HOME": scratch.url.path]
    let cite = await runCLI(["cite", query, "--format", "markdown"], in: scratch.url, environment: environment)
    #expect(cite.status == .success, "\(cite.stderr)")
    try scratch.write("# Notes\n\n" + cite.stdout, to: "cited.md")
    let verify = await runCLI(["verify", "cited.md"], in: scratch.url, environment: environment)
    #expect(verify.status == .success, "\(cite.stdout)\n\(verify.stdout)")
    #expect(verify.stdout.contains("1 quotation: 1 verified"), "\(verify.stdout)")
  }
}

extension SeedVerifyTests {
  struct Doctoring: Sendable, CustomTestStringConvertible {
    var seed: String
    /// Each edit: the seed's words, the planted words, and the verdict the quotation must get.
    var edits: [(original: String, planted: String, status: String)]
    var testDescription: String { "seed \(seed), \(edits.count) faults" }
  }

  static let doctorings: [Doctoring] = [
    Doctoring(
      seed: "001",
      edits: [
        ("and lists don’t displace.” (3:46)", "and lists don’t displace.” (3:16)", "wrong-time"),
        (
          "“elements like alerts move to the trailing side” (4:09)",
          "“elements like alerts move to the leading side” (4:09)",
          "misquoted"
        ),
        ("hinges on knowing when to adapt” (2:25)", "hinges on knowing when to wait” (2:25)", "misquoted"),
        ("horizontal bars,” (5:27)", "horizontal bars,” (5:2O)", "wrong-time"),
        ("“buttons are tough to tap when they land", "“buttons are easy to tap when they land", "misquoted"),
      ]),
    Doctoring(
      seed: "002",
      edits: [
        (
          "\"will be deprecated in a future release\" (03:57)", "\"will be removed in a future release\" (03:57)",
          "misquoted"
        ),
        ("doesn't honor", "always honors", "not-found"),
      ]),
  ]

  /// The seed with faults planted in place: exactly the planted quotations change verdict, to
  /// the planted one, and every other verdict stays as it was.
  @Test(arguments: doctorings)
  func aDoctoredSeedGetsExactlyThePlantedVerdicts(_ doctoring: Doctoring) async throws {
    let scratch = try Self.sampleHome()
    let original = try ConformanceData.seed(doctoring.seed)
    var doctored = original
    for edit in doctoring.edits {
      #expect(doctored.components(separatedBy: edit.original).count == 2, "'\(edit.original)' is in the seed once")
      doctored = doctored.replacingOccurrences(of: edit.original, with: edit.planted)
    }
    let before = try await Self.verify(original, in: scratch).report
    let after = try await Self.verify(doctored, in: scratch).report
    let beforeQuotations = try #require(before["quotations"] as? [[String: Any]])
    let afterQuotations = try #require(after["quotations"] as? [[String: Any]])
    try #require(beforeQuotations.count == afterQuotations.count)
    // The planted quotations are those whose words or time changed, in the order of the text.
    let inOrder = doctoring.edits.sorted {
      doctored.range(of: $0.planted)!.lowerBound < doctored.range(of: $1.planted)!.lowerBound
    }
    var planted = 0
    for (was, now) in zip(beforeQuotations, afterQuotations) {
      let text = now["quotation"] as? String ?? ""
      let changed =
        text != was["quotation"] as? String || now["claimedTime"] as? String != was["claimedTime"] as? String
      if changed, planted < inOrder.count {
        #expect(now["status"] as? String == inOrder[planted].status, "“\(text)”: \(now["note"] ?? "")")
        planted += 1
      } else {
        #expect(!changed)
        #expect(now["status"] as? String == was["status"] as? String, "“\(text)” changed verdict")
      }
    }
    #expect(planted == doctoring.edits.count)
  }
}
