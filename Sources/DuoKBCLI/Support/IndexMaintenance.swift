import Citations
import SearchIndex

/// Opens the index for a command, building it first when it is missing, damaged or older
/// than the corpus, and saying so on stderr.
enum IndexMaintenance {
  static func open(_ context: CommandContext) throws -> SearchIndex {
    let base = KnowledgeBase(home: context.home.url)
    do {
      let (index, rebuilt) = try base.openIndex()
      switch rebuilt {
      case .none: break
      case .missing?: context.reporter.notice("built the index from the corpus (there was none)")
      case .stale?: context.reporter.notice("rebuilt the index: the corpus changed since it was built")
      case .unreadable(let reason)?: context.reporter.warning("rebuilt the index: the old one was unreadable (\(reason))")
      }
      return index
    } catch let error {
      if case .emptyCorpus = error {
        throw CommandFailure(
          "no documents in \(base.corpus.directory.path)",
          hint: "harvest with 'duo-kb refresh', or use --home to point at a corpus")
      }
      throw CommandFailure(error.description)
    }
  }
}

/// Answers queries from the index, and when a search finds the index damaged (a hit's text
/// that fails its checksum), rebuilds it from the corpus once, says so on stderr, and asks
/// again: the damaged text is never printed.
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
      guard !hasRebuilt, case .indexFormat(.corrupt(let file, let reason)) = error else { throw error }
      hasRebuilt = true
      context.reporter.warning("rebuilt the index: \(file) was damaged (\(reason))")
      let base = KnowledgeBase(home: context.home.url)
      try base.rebuild()
      index = try base.openIndex().index
      return try index.answer(query, limit: limit, scope: scope)
    }
  }
}
