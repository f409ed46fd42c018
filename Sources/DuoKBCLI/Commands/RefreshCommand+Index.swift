import Citations
import Corpus
import Harvest

/// The knowledge base's index as a refresh session keeps it: rebuilt into a new
/// generation when it does not match the corpus, swapped in atomically, so searches see
/// the old index or the new one.
struct KnowledgeBaseRefreshIndex: RefreshIndex {
  let home: HomeDirectory
  let store: CorpusStore

  func updateIfStale() -> RefreshIndexUpdate {
    let base = KnowledgeBase(corpus: store, indexDirectory: home.indexDirectory)
    if base.isIndexCurrent() { return .current }
    do {
      let summary = try base.rebuild()
      return .rebuilt(documents: summary.documentCount, passages: summary.passageCount)
    } catch {
      if case .emptyCorpus = error { return .current }
      return .failed(error.description)
    }
  }
}
