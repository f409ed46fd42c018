import Citations
import Normalize
import SearchIndex

/// The knowledge base's index, opened once and reopened only when the corpus changes
/// (a refresh while the server runs); `KnowledgeBase.openIndex()` builds it when missing.
final class IndexCache {
  let knowledgeBase: KnowledgeBase
  private var fingerprint: String?
  private var index: SearchIndex?
  private var documents: (fingerprint: String, documents: [Document])?
  private let log: (String) -> Void

  init(knowledgeBase: KnowledgeBase, log: @escaping (String) -> Void) {
    self.knowledgeBase = knowledgeBase
    self.log = log
  }

  func current() throws(CitationsError) -> SearchIndex {
    let print: String
    do { print = try knowledgeBase.corpus.fingerprint() } catch { throw .corpus(error) }
    if let index, fingerprint == print { return index }
    let (opened, rebuilt) = try knowledgeBase.openIndex()
    switch rebuilt {
    case .missing?: log("built the index from the corpus (there was none)")
    case .stale?: log("rebuilt the index: the corpus changed since it was built")
    case .unreadable(let reason)?: log("rebuilt the index: the old one was unreadable (\(reason))")
    case .damaged(let damage)?: log("rebuilt the index: \(damage)")
    case nil: break
    }
    index = opened
    fingerprint = print
    return opened
  }

  /// Rebuilds the index from the corpus after a read found it damaged; the next
  /// `current()` opens the new one.
  func repair(_ damage: String) throws(CitationsError) {
    log("rebuilt the index: \(damage)")
    index = nil
    fingerprint = nil
    try knowledgeBase.rebuild()
  }

  /// Every corpus document (for cue-accurate quotation times), read again only when the
  /// corpus changed.
  func allDocuments() throws(CitationsError) -> [Document] {
    let print: String
    do { print = try knowledgeBase.corpus.fingerprint() } catch { throw .corpus(error) }
    if let documents, documents.fingerprint == print { return documents.documents }
    let read: [Document]
    do { read = try knowledgeBase.corpus.readAll() } catch { throw .corpus(error) }
    documents = (print, read)
    return read
  }
}
