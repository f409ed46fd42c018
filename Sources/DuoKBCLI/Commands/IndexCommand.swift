import Citations
import DecimalText
import KnowledgeBase
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb index`: builds the index from the corpus and swaps it in atomically.
enum IndexCommand: LocalCommand {
  static let name = "index"
  static let summary = "Build the search index from the corpus"
  static let usage = "[--rebuild]"
  static let discussion = """
    Builds Index/ from Corpus/ into a new generation and swaps it in atomically, so a search
    running meanwhile sees the old index or the new one. Without --rebuild, an index that
    matches the corpus is left alone. A document that cannot be read (damaged JSON, a
    symbolic link) is left out and named on stderr; the rest is indexed (exit status 1).
    """
  /// `index`'s options.
  struct Options: CommandOptions {
    var rebuild = false

    static var declarations: [OptionDeclaration<Options>] {
      [.flag("rebuild", \.rebuild, help: "build even when the index matches the corpus")]
    }
  }

  static func run(_ options: Options, _ context: CommandContext) throws -> ExitStatus {
    guard context.positionals.isEmpty else {
      throw UsageError("index takes no arguments")
    }
    let base = KnowledgeBase(home: context.home.url)
    if !options.rebuild, base.isIndexCurrent() {
      // Documents it left out stay out until they change: say so rather than "all well".
      let skipped = (try? SearchIndex.open(at: base.indexDirectory))?.skippedDocuments ?? []
      context.stdout.write("the index matches the corpus\n")
      IndexMaintenance.reportSkipped(skipped, context: context)
      return skipped.isEmpty ? .success : .failure
    }
    let started = ContinuousClock.now
    do {
      let summary = try base.rebuild()
      let elapsed = ContinuousClock.now - started
      let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      context.stdout.write(
        "indexed \(summary.documentCount) documents, \(summary.passageCount) passages, "
          + "\(summary.termCount) terms, \(summary.byteCount) bytes in \(DecimalText.fixed(seconds, decimals: 2)) s\n")
      IndexMaintenance.reportSkipped(summary.skipped, context: context)
      return summary.skipped.isEmpty ? .success : .failure
    } catch {
      throw IndexMaintenance.failure(error, base: base)
    }
  }
}
