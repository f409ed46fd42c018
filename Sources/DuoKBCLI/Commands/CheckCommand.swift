import Citations
import KnowledgeBase
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb check`: verifies every byte of the index and every document of the corpus.
enum CheckCommand: LocalCommand {
  static let name = "check"
  static let summary = "Verify the index's checksums and the corpus, and report any damage"
  static let usage = "[--format text|json]"
  static let discussion = """
    Reads the whole index once: CURRENT, the manifest, and for each file its size, header
    and the CRC-32 of every byte (against the file's own trailer and the manifest), then its
    structure and every passage text against its own checksum. Reads every corpus document:
    it must decode and match the content hash it records. Then compares the two: the index
    must be built from this corpus, and hold every document with exactly its passage texts.
    Nothing is changed; 'duo-kb index --rebuild' rebuilds a damaged index from the corpus.
    Exit status: 0 all good, 1 damage or a mismatch found, 2 the check could not run.
    """
  /// `check`'s options, checked.
  struct Options: CommandOptions {
    var format = "text"

    static var declarations: [OptionDeclaration<Options>] {
      [
        .value(
          "format", "FORMAT", \.format, .word(among: ["text", "json"]), help: "text or json (default text)")
      ]
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    guard context.positionals.isEmpty else {
      throw UsageError("check takes no arguments, got '\(context.positionals[0])'")
    }
    let format = options.format
    let report: CheckReport
    do {
      report = try KnowledgeBase(home: context.home.url).check()
    } catch {
      throw CommandFailure(error.description)
    }
    switch format {
    case "json":
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      context.stdout.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
    default: context.stdout.write(text(report))
    }
    return report.isClean ? .success : .failure
  }

  static func text(_ report: CheckReport) -> String {
    let index = report.index
    var text = "index: " + (index.generation ?? "none")
    if index.generation != nil { text += ", \(index.documents) documents, \(index.passages) passages" }
    text += "\n"
    for file in index.files {
      let crc = file.crc32.map { ", crc32 \($0)" } ?? ""
      text += "  \(file.isIntact ? "ok     " : "DAMAGED") \(file.name) (\(file.bytes) bytes\(crc))\n"
    }
    text += "corpus: \(report.corpusDocuments) documents read"
    text += report.unreadableDocuments > 0 ? ", \(report.unreadableDocuments) unreadable\n" : "\n"
    guard !report.isClean else { return text + "all good\n" }
    text += "\(report.findings.count) \(report.findings.count == 1 ? "problem" : "problems"):\n"
    for finding in report.findings {
      text += "  \(finding.subject): \(words(finding.kind)): \(finding.detail)\n"
    }
    if report.findings.contains(where: {
      [.damaged, .missing, .stale, .mismatch].contains($0.kind) && isIndexFile($0.subject)
    }) {
      text += "the index is a build product of the corpus: 'duo-kb index --rebuild' makes it anew\n"
    }
    return text
  }

  static func words(_ kind: CheckFinding.Kind) -> String {
    switch kind {
    case .damaged: "damaged"
    case .missing: "missing"
    case .unreadable: "unreadable"
    case .stale: "stale"
    case .mismatch: "does not match"
    case .leftOut: "left out of the index"
    }
  }

  static func isIndexFile(_ subject: String) -> Bool {
    subject == "Index" || subject == "CURRENT" || subject == "manifest.json" || subject.hasSuffix(".dki")
  }
}
