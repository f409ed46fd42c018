import Citations
import Corpus
import Foundation
import Normalize
import SearchIndex

/// `duo-kb verify FILE...`: checks every dated or linked quotation against the corpus.
enum VerifyCommand: Command {
  static let name = "verify"
  static let summary = "Check the quotations of Markdown or text files against the corpus"
  static let usage = "FILE... [--tolerance SECONDS] [--format text|json]"
  static let discussion = """
    Finds every quotation with a time or link near it: “…” (3:46), "…" (12:07), a
    blockquote with a source line, a link to a talk page with ?time=. A time or link dates
    the quotation it follows directly; in a sentence of several quotations and one time
    after the last, the time dates the first and the others must follow it in the same talk.
    The words must be the corpus's: whitespace, curly or straight quotes and apostrophes,
    punctuation between words, and the case of the first letter do not matter; an ellipsis
    … marks words left out (both parts must match, in order). The talk is the one linked or
    named (id, or a title of three or more words), else any. The time must be within
    --tolerance seconds (default 5) of the start of the cue holding the first quoted word.
    Each is verified, misquoted (with the real sentence and a word diff), wrong time (with
    the right one) or not found. FILE - reads stdin.
    Exit status: 0 all verified, 1 any not, 2 usage or unreadable file.
    """
  static let options: [OptionSpec] = [
    .value("tolerance", "SECONDS", help: "how far a time may be off (default 5)"),
    .value("format", "FORMAT", help: "text or json (default text)"),
  ]

  static func run(_ context: CommandContext) async throws -> ExitStatus {
    let arguments = context.arguments
    let format = try arguments.choice("format", among: ["text", "json"], default: "text")
    var tolerance = 5
    if let text = arguments.value("tolerance") {
      guard let number = Int(text), number >= 0, number <= 3_600 else {
        throw UsageError("--tolerance needs a whole number of seconds from 0 to 3600, not '\(text)'")
      }
      tolerance = number
    }
    guard !arguments.positionals.isEmpty else {
      throw UsageError("verify needs a file to check", hint: "duo-kb verify report.md")
    }
    var inputs: [(name: String, text: String)] = []
    for path in arguments.positionals {
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
    let verdicts = inputs.flatMap { verifier.verify(text: $0.text, file: $0.name) }
    switch format {
    case "json": context.stdout.write(try VerifyFormatter.json(verdicts, tolerance: tolerance) + "\n")
    default:
      context.stdout.write(VerifyFormatter.text(verdicts))
      if verdicts.isEmpty { context.reporter.notice("no quotation with a time, link or source line was found") }
    }
    return verdicts.allSatisfy(\.isVerified) ? .success : .failure
  }

  static func readText(_ path: String, context: CommandContext) throws -> String {
    let data = try context.read(path)
    guard data.count <= 16 << 20 else { throw CommandFailure("\(path) is larger than 16 MiB") }
    return String(decoding: data, as: UTF8.self)
  }
}

/// How `verify` prints its verdicts.
enum VerifyFormatter {
  static func text(_ verdicts: [QuotationVerdict]) -> String {
    var output = ""
    for verdict in verdicts {
      let written = verdict.claimedTime.map { " (\($0))" } ?? ""
      output += "\(verdict.file):\(verdict.line): \(label(verdict.status)) “\(shortened(verdict.quotation))”\(written)"
      switch verdict.status {
      case .verified:
        output += verdict.citation.map { " \($0)" } ?? ""
      case .wrongTime:
        output += ": said at \(verdict.time ?? "?")"
        if let citation = verdict.citation { output += " (\(citation))" }
        if let note = verdict.note, verdict.time == nil || note.hasPrefix("in section") || note.hasPrefix("said before") {
          output += "; \(note)"
        }
      case .misquoted, .notFound:
        if let note = verdict.note { output += ": \(note)" }
      }
      output += "\n"
      if let closest = verdict.closest {
        let place = verdict.citation?.description ?? verdict.time
        output += "    said: “\(closest)”\(place.map { " (\($0))" } ?? "")\n"
      }
      if let diff = verdict.diff { output += "    diff: \(diff.rendered)\n" }
    }
    output += summary(verdicts) + "\n"
    return output
  }

  static func summary(_ verdicts: [QuotationVerdict]) -> String {
    let counts = QuotationVerdict.Status.allCases.map { status in
      "\(verdicts.filter { $0.status == status }.count) \(label(status))"
    }
    return "\(verdicts.count) quotation\(verdicts.count == 1 ? "" : "s"): " + counts.joined(separator: ", ")
  }

  static func label(_ status: QuotationVerdict.Status) -> String {
    switch status {
    case .verified: "verified"
    case .misquoted: "misquoted"
    case .wrongTime: "wrong time"
    case .notFound: "not found"
    }
  }

  static func shortened(_ text: String, limit: Int = 90) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  static func json(_ verdicts: [QuotationVerdict], tolerance: Int) throws -> String {
    func orNull(_ value: Any?) -> Any { value ?? NSNull() }
    let objects: [[String: Any]] = verdicts.map { verdict in
      [
        "file": verdict.file, "line": verdict.line, "quotation": verdict.quotation,
        "status": verdict.status.rawValue, "claimedTime": orNull(verdict.claimedTime),
        "claimedSeconds": orNull(verdict.claimedSeconds), "claimedLink": orNull(verdict.claimedLink),
        "time": orNull(verdict.time), "milliseconds": orNull(verdict.milliseconds),
        "citation": orNull(verdict.citation?.description), "link": orNull(verdict.link),
        "source": orNull(verdict.sourceTitle), "closest": orNull(verdict.closest),
        "diff": orNull(verdict.diff.map { diff in diff.parts.map { ["change": $0.change.rawValue, "words": $0.words] } }),
        "note": orNull(verdict.note),
      ]
    }
    var counts: [String: Int] = [:]
    for status in QuotationVerdict.Status.allCases { counts[status.rawValue] = verdicts.filter { $0.status == status }.count }
    let object: [String: Any] = [
      "toleranceSeconds": tolerance, "total": verdicts.count, "counts": counts, "quotations": objects,
    ]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted])
    return String(decoding: data, as: UTF8.self)
  }
}
