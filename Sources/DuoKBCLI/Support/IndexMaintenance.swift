import Citations
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

  static func report(_ reason: KnowledgeBase.RebuildReason, context: CommandContext) {
    switch reason {
    case .missing: context.reporter.notice("built the index from the corpus (there was none)")
    case .stale: context.reporter.notice("rebuilt the index: the corpus changed since it was built")
    case .unreadable(let reason): context.reporter.warning("rebuilt the index: the old one was unreadable (\(reason))")
    case .damaged(let damage): context.reporter.warning("rebuilt the index: \(damage)")
    }
  }

  /// Names each document a build left out, and why.
  static func reportSkipped(_ skipped: [SkippedDocument], context: CommandContext) {
    for document in skipped {
      context.reporter.warning("left \(document.id) out of the index: \(document.reason)")
    }
  }

  /// A library error worded for the command line.
  static func failure(_ error: CitationsError, base: KnowledgeBase) -> any Error {
    switch error {
    case .emptyCorpus:
      CommandFailure(
        "no documents in \(base.corpus.directory.path)",
        hint: "harvest with 'duo-kb refresh', or use --home to point at a corpus")
    case .query: error
    case .unknownCitation: CommandFailure(error.description, hint: "'duo-kb search WORDS' prints the ids of matching passages")
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

  mutating func answer(_ query: String, limit: Int, scope: SearchScope) throws(CitationsError) -> SearchAnswer {
    do {
      return try index.answer(query, limit: limit, scope: scope)
    } catch {
      guard !hasRebuilt, let damage = KnowledgeBase.damage(in: error) else { throw error }
      hasRebuilt = true
      IndexMaintenance.report(.damaged(damage), context: context)
      let base = KnowledgeBase(home: context.home.url)
      try base.rebuild()
      index = try base.openIndex().index
      return try index.answer(query, limit: limit, scope: scope)
    }
  }
}
