import Citations
import Corpus
import KnowledgeBase
import SearchIndex

/// Opens the index for a command, building it first when it is missing, damaged or older
/// than the corpus, and saying so on stderr.
enum IndexMaintenance {
  static func open(_ context: CommandContext) throws -> SearchIndex {
    try withIndex(context) { index throws(CitationsError) in index }
  }

  /// Runs `body` on the index; when a read finds the index damaged, rebuilds it once from
  /// the corpus, says so, and runs `body` again (see `KnowledgeBase.withIndex`).
  static func withIndex<Answer>(
    _ context: CommandContext, _ body: (SearchIndex) throws(CitationsError) -> Answer
  ) throws -> Answer {
    let base = KnowledgeBase(home: context.home.url)
    do {
      return try base.withIndex(body) { report($0, context: context) }
    } catch {
      throw failure(error, base: base)
    }
  }

  /// Says on stderr what a reader should know about the index: rebuilt, documents left
  /// out, or answering from a stale one (and why).
  static func report(_ notice: IndexNotice, context: CommandContext) {
    if notice.isWarning {
      context.reporter.warning(notice.description)
    } else {
      context.reporter.notice(notice.description)
    }
  }

  /// Names each document a build left out, and why.
  static func reportSkipped(_ skipped: [SkippedDocument], context: CommandContext) {
    for document in skipped { report(.skipped(document), context: context) }
  }

  /// A library error worded for the command line.
  static func failure(_ error: CitationsError, base: KnowledgeBase) -> any Error {
    switch error {
    case .emptyCorpus:
      CommandFailure(
        "no documents in \(base.corpus.directory.path)",
        hint: "harvest with 'duo-kb refresh', or use --home to point at a corpus")
    case .query: error
    case .corpus(.symbolicLink), .indexBuild(.symbolicLink):
      CommandFailure(error.description, hint: CorpusError.symbolicLinkHint)
    case .unknownCitation:
      // An id that names nothing is a plain "no", like a search without hits.
      CommandFailure(
        error.description, hint: "'duo-kb search WORDS' prints the ids of matching passages", exitStatus: .failure)
    case .weakMatch(_, let closest, _, _, _):
      // Words that no passage has enough of: a "no" too, with the passage to cite instead.
      CommandFailure(
        error.description,
        hint: "cite \(closest) to cite that passage anyway; 'duo-kb search WORDS' shows passages with some of them",
        exitStatus: .failure)
    default: CommandFailure(error.description)
    }
  }
}

/// Answers queries from the index, and when a search finds the index damaged (a hit's text
/// that fails its checksum), rebuilds it from the corpus once, says so on stderr, and asks
/// again: the damaged text is never printed. Kept for `--batch`, which asks many times.
struct RepairingSearcher {
  private(set) var index: SearchIndex
  private let context: CommandContext
  private var hasRebuilt = false

  init(_ context: CommandContext) throws {
    self.context = context
    index = try IndexMaintenance.open(context)
  }

  mutating func answer(_ request: SearchRequest) throws(CitationsError) -> SearchAnswer {
    do {
      return try request.answer(in: index)
    } catch {
      guard !hasRebuilt, let damage = KnowledgeBase.damage(in: error) else { throw error }
      hasRebuilt = true
      let recovered = try KnowledgeBase(home: context.home.url).recover(fromDamaged: index, damage: damage)
      for notice in recovered.notices { IndexMaintenance.report(notice, context: context) }
      index = recovered.index
      return try request.answer(in: index)
    }
  }
}
