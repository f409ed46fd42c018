import Citations
import Corpus
import DocumentModel
import KnowledgeBase
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb verify FILE...`: checks every quotation of Apple in the files against the corpus.
enum VerifyCommand: LocalCommand {
  static let name = "verify"
  static let summary = "Check the quotations of Markdown or text files against the corpus"
  static let usage = "FILE... [--tolerance SECONDS] [--format text|json|markdown] [--annotate] [--allow-unchecked]"
  static let discussion = HelpWrapping.paragraphs([
    """
    Finds every quotation a write-up attributes to Apple: “…”, "…", ‘…’, «…», Markdown
    blockquotes and quotations inside links, with their attribution before, after or around
    them: (3:46), (1:02:03), ranges (03:42–04:51), at 9:20, a talk title (italic, bold,
    quoted, or plain in a parenthesis or where the prose names it: "the talk …", "… says"),
    an Apple deep link (?time=N, #anchor), or a duo-kb citation id
    (tech-talks/111466@9:20, hig/layout#grids). A source named outside quotation marks
    applies to the quotations of its paragraph, list item or blockquote, or to its section
    when it is a heading; prose that merely resembles a title names nothing. The words
    must be the corpus's: whitespace, curly or straight quotes and apostrophes and
    punctuation between words do not matter; an ellipsis marks words left out, [brackets]
    words replaced, and the first letter may change case (these are reported as editorial
    marks). A time must be within --tolerance seconds (default \(VerifyRequest.tolerance.defaultValue(on: .cli)))
    of the cue holding the first quoted word; a range must hold the whole quotation.
    Verdicts: verified, verified with editorial marks, misquoted (with a word diff), wrong
    time, wrong source (said in another talk: which, and when), not found, too short (fewer
    than 4 words with no time, link or id; a shorter quotation with one is checked there),
    unchecked (Apple's words with no source or time given). The grammar is
    in Sources/Citations/QUOTATIONS.md. --format markdown --annotate prints each file back
    with ✓ or ✗ after every quotation and its verdict as a footnote. FILE - reads stdin.
    """,
    """
    Exit status: 0 every quotation verified (and at least one checked), 1 otherwise (too
    short ones do not fail, as the summary says; unchecked ones pass with
    --allow-unchecked), 2 usage or unreadable file.
    """,
  ])
  static let argumentCompletion = ValueCompletion.files
  /// `verify`'s options, checked.
  struct Options: CommandOptions {
    var tolerance = VerifyRequest.tolerance.defaultValue(on: .cli)
    var format = "text"
    var annotate = false
    var allowUnchecked = false

    static var declarations: [OptionDeclaration<Options>] {
      [
        .value(
          "tolerance", "SECONDS", \.tolerance,
          .integer(in: VerifyRequest.tolerance.bounds(on: .cli)) { name, text in
            let bounds = VerifyRequest.tolerance.bounds(on: .cli)
            return "--\(name) needs a whole number of seconds from \(bounds.lowerBound) to \(bounds.upperBound), "
              + "not '\(text)'"
          }, help: "how far a time may be off (default \(VerifyRequest.tolerance.defaultValue(on: .cli)))"),
        .value(
          "format", "FORMAT", \.format, .word(among: ["text", "json", "markdown"]),
          help: "text, json or markdown (default text)"),
        .flag("annotate", \.annotate, help: "with --format markdown: the files back, each quotation marked"),
        .flag("allow-unchecked", \.allowUnchecked, help: "quotations with no source or time do not fail the run"),
      ]
    }

    func validate() throws(UsageError) {
      if annotate, format != "markdown" {
        throw UsageError(
          "--annotate goes with --format markdown", hint: "duo-kb verify report.md --format markdown --annotate")
      }
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    let format = options.format
    let tolerance = options.tolerance
    guard !context.positionals.isEmpty else {
      throw UsageError("verify needs a file to check", hint: "duo-kb verify report.md")
    }
    var inputs: [(name: String, text: String)] = []
    for path in context.positionals {
      inputs.append((path, try readText(path, context: context)))
    }
    // Every passage may be compared: check the whole index once (a damaged one is rebuilt).
    let index = try IndexMaintenance.withIndex(context) { index throws(CitationsError) in
      do throws(IndexFormatError) { try index.verify() } catch { throw .indexFormat(error) }
      return index
    }
    let documents: [Document]
    do { documents = try KnowledgeBase(home: context.home.url).corpus.readReadable().documents } catch {
      throw CommandFailure(error.description)
    }
    let verifier = QuotationVerifier(index: index, documents: documents, toleranceSeconds: tolerance)
    let report = VerificationReport(
      checks: inputs.map { verifier.check(text: $0.text, file: $0.name) }, toleranceSeconds: tolerance,
      allowsUnchecked: options.allowUnchecked)
    switch format {
    case "json":
      context.stdout.write(String(decoding: try report.json(), as: UTF8.self) + "\n")
    case "markdown" where options.annotate:
      for input in inputs { context.stdout.write(report.annotated(input.text, file: input.name)) }
    case "markdown":
      context.stdout.write(markdown(report))
    default:
      context.stdout.write(report.text())
    }
    if report.total == 0 {
      context.reporter.notice("no quotation of Apple was found: nothing was verified")
    }
    return report.passed ? .success : .failure
  }

  /// The verdicts as a Markdown table.
  static func markdown(_ report: VerificationReport) -> String {
    var output = "| where | verdict | quotation | details |\n|---|---|---|---|\n"
    func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }
    for verdict in report.verdicts {
      let details = VerificationReport.details(verdict) ?? ""
      output += "| \(cell(verdict.file)):\(verdict.line):\(verdict.column) | \(verdict.status.label) "
      output += "| “\(cell(VerificationReport.shortened(verdict.quotation)))” | \(cell(details)) |\n"
    }
    return output + "\n" + (report.unlistedNote.map { $0 + "\n" } ?? "") + report.summary + "\n"
  }

  static func readText(_ path: String, context: CommandContext) throws -> String {
    let data = try context.read(path)
    guard data.count <= 16 << 20 else { throw CommandFailure("\(path) is larger than 16 MiB") }
    return String(decoding: data, as: UTF8.self)
  }
}
