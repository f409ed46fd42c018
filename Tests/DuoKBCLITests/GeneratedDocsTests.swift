import Citations
import Foundation
import KnowledgeBase
import Testing

@testable import DuoKBCLI

/// The parts of the docs written from the request model and the query syntax
/// (scripts/gen-docs): the checked-in copies are current, and the text says what the fields
/// and the syntax hold.
@Suite struct GeneratedDocsTests {
  /// The lines between a part's markers in `text`; nil without them.
  static func checkedIn(_ part: GeneratedDocs, in text: String) -> String? {
    let lines = text.components(separatedBy: "\n")
    guard
      let start = lines.firstIndex(where: {
        $0.hasPrefix("<!-- generated: \(part.rawValue) ") || $0 == "<!-- generated: \(part.rawValue) -->"
      }),
      let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("<!-- end generated -->") })
    else { return nil }
    return lines[(start + 1)..<end].joined(separator: "\n")
  }

  /// The text of the page's search label in `page`; nil without one.
  static func searchLabel(in page: String) -> String? {
    guard let start = page.range(of: "<label for=\"q\">"),
      let end = page[start.upperBound...].range(of: "</label>")
    else { return nil }
    return String(page[start.upperBound..<end.lowerBound])
  }

  @Test(arguments: [GeneratedDocs.querySyntax, .apiParameters])
  func checkedInPartIsCurrent(_ part: GeneratedDocs) throws {
    let text = try RepositoryFile.text(part.file)
    let checkedIn = try #require(Self.checkedIn(part, in: text), "\(part.file) has no markers for \(part.rawValue)")
    #expect(checkedIn == part.text, "\(part.file) is out of step with the request model: run scripts/gen-docs")
  }

  /// (WebAssetsTests checks that the page served is this file.)
  @Test func theCheckedInPageHasTheGeneratedLabel() throws {
    let page = try RepositoryFile.text(GeneratedDocs.searchLabel.file)
    #expect(Self.searchLabel(in: page) == GeneratedDocs.searchLabel.text, "run scripts/gen-docs")
  }

  @Test func helpPrintsEachPart() async {
    for part in GeneratedDocs.allCases {
      let run = await runCLI(["help", "--generated", part.rawValue])
      #expect(run.status == .success)
      #expect(run.stdout == part.text + "\n")
    }
    let unknown = await runCLI(["help", "--generated", "nothing"])
    #expect(unknown.status == .usage)
  }

  @Test func queryTablesGiveEachPartsHelpAndExample() {
    let lines = GeneratedDocs.querySyntax.text.components(separatedBy: "\n")
    for part in QuerySyntax.operators {
      #expect(lines.contains("| `\(part.spelling)` | \(part.help) |"), "\(part.spelling)")
    }
    #expect(lines.contains("| `kind:` | talk, hig, doc or code | `kind:talk\\|hig\\|doc\\|code` |"))
    #expect(lines.contains("| `platform:` | documentation pages available on a platform | `platform:iOS` |"))
  }

  /// The API's parameters are the fields' bounds and defaults on the API.
  @Test func apiTableGivesTheFieldsBoundsAndDefaults() {
    let lines = GeneratedDocs.apiParameters.text.components(separatedBy: "\n")
    #expect(lines.contains("| `GET /api/search` | `limit` | How many passages to return | 1–10000 | 10 |"))
    #expect(
      lines.contains(
        "| `GET /api/search` | `kind` | The kinds of document to search (repeatable) "
          + "| `talk`, `hig`, `doc`, `code` | every kind |"))
    #expect(lines.contains("| `GET /api/quote` | `context` | How many passages to add before and after | 0–1000 | 0 |"))
    #expect(
      lines.contains(
        "| `POST /api/verify` | `tolerance` | How far a quotation's time may be off (seconds) | 0–3600 | 5 |"))
    for field in [SearchRequest.limit, QuoteRequest.context, VerifyRequest.tolerance] {
      let bounds = field.bounds(on: .api)
      #expect(
        lines.contains {
          $0.contains("`\(field.name(on: .api))`") && $0.contains("\(bounds.lowerBound)–\(bounds.upperBound)")
        },
        "\(field.name)")
    }
  }

  /// The help that states a field's default or bound states the field's own.
  @Test func commandHelpStatesTheFieldsDefaultsAndBounds() {
    /// The discussion's words on one line, as they read.
    func unwrapped(_ text: String) -> String { text.replacing("\n", with: " ") }
    #expect(unwrapped(SearchCommand.discussion).contains("--limit (default 10, at most 10000)"))
    #expect(
      unwrapped(QuoteCommand.discussion).contains(
        "--context N adds N passages before and after (default 0, at most 1000)"))
    #expect(unwrapped(VerifyCommand.discussion).contains("--tolerance seconds (default 5)"))
    #expect(unwrapped(AuditCommand.discussion).contains("--threshold (default 0.35)"))
  }
}

/// Help text composed from the request model is filled as the hand-wrapped help is.
@Suite struct HelpWrappingTests {
  /// Prose that states a default the code holds states the code's.
  @Test func proseStatesTheCodesDefaults() throws {
    let audit = try RepositoryFile.text("docs/AUDIT.md")
    #expect(audit.contains("default \(AuditSupport.standardThreshold)"), "docs/AUDIT.md's threshold")
  }

  @Test func fillsWordsIntoLinesOfTheWidth() {
    #expect(HelpWrapping.fill("a bb ccc dddd", width: 6) == "a bb\nccc\ndddd")
    #expect(HelpWrapping.fill("one\ntwo  three", width: 80) == "one two three")
    #expect(HelpWrapping.fill("", width: 10) == "")
    #expect(HelpWrapping.fill("longerthanwidth x", width: 4) == "longerthanwidth\nx")
    #expect(HelpWrapping.paragraphs(["a b", "c"], width: 10) == "a b\nc")
  }

  @Test func everyComposedDiscussionFitsTheWidth() {
    for command in [
      SearchCommand.discussion, QuoteCommand.discussion, VerifyCommand.discussion, AuditCommand.discussion,
    ] {
      for line in command.split(separator: "\n") {
        #expect(line.count <= HelpWrapping.width || !line.contains(" "), "\(line)")
      }
    }
  }

  @Test func listsWordsAsTheDescriptionsDo() {
    #expect(QuerySyntax.listed([]) == "")
    #expect(QuerySyntax.listed(["a"]) == "a")
    #expect(QuerySyntax.listed(["a", "b"]) == "a or b")
    #expect(QuerySyntax.listed(["a", "b", "c"], conjunction: "and") == "a, b and c")
  }
}
