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
