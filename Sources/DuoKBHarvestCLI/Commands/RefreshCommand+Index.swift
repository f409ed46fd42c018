import Citations
import Corpus
import DuoKBCLI
import Harvest
import KnowledgeBase

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
      // Only the documents the refresh changed are read and indexed (a new segment).
      let summary = try base.update()
      return .rebuilt(documents: summary.documentCount, passages: summary.passageCount)
    } catch {
      if case .emptyCorpus = error { return .current }
      return .failed(error.description)
    }
  }

  /// `duo-kb check` over what the update just wrote (`KnowledgeBase.checkLatestUpdate`):
  /// every byte of its new segments against their checksums, its documents against the
  /// corpus, every corpus document in the index; all of it after a rebuild. A document a rebuild skipped is reported by the
  /// rebuild itself, so it alone does not fail the check.
  func checkAfterRebuild() -> RefreshIntegrityCheck {
    let base = KnowledgeBase(corpus: store, indexDirectory: home.indexDirectory)
    let report: CheckReport
    do { report = try base.checkLatestUpdate() } catch { return .failed(error.description) }
    let problems = report.findings.filter { $0.kind != .leftOut && $0.kind != .unreadable }
    guard let first = problems.first else { return .passed }
    let more = problems.count > 1 ? " (and \(problems.count - 1) more; run 'duo-kb check')" : ""
    return .failed("\(first.subject): \(first.detail)\(more)")
  }
}
