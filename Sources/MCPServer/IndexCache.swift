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
    let opened = try knowledgeBase.openIndex()
    // A stale index answers (said in the log) until the corpus changes again.
    for notice in opened.notices { log(notice.description) }
    index = opened.index
    fingerprint = print
    return opened.index
  }

  /// Recovers after a read found the index damaged: a rebuilt index, or the last good
  /// generation when the rebuild fails (said in the log); `current()` answers from it.
  func repair(_ damage: String) throws(CitationsError) {
    guard let damaged = index else {
      try knowledgeBase.rebuild()
      log(IndexNotice.rebuilt(.damaged(damage)).description)
      return
    }
    index = nil
    fingerprint = nil
    let recovered = try knowledgeBase.recover(fromDamaged: damaged, damage: damage)
    for notice in recovered.notices { log(notice.description) }
    index = recovered.index
    fingerprint = try? knowledgeBase.corpus.fingerprint()
  }

  /// Every corpus document (for cue-accurate quotation times), read again only when the
  /// corpus changed.
  func allDocuments() throws(CitationsError) -> [Document] {
    let print: String
    do { print = try knowledgeBase.corpus.fingerprint() } catch { throw .corpus(error) }
    if let documents, documents.fingerprint == print { return documents.documents }
    let read: [Document]
    // A document that cannot be read is left out (and named in the log), not a failure.
    do {
      let readable = try knowledgeBase.corpus.readReadable()
      for unreadable in readable.unreadable { log("left out \(unreadable.id): \(unreadable.error)") }
      read = readable.documents
    } catch {
      throw .corpus(error)
    }
    documents = (print, read)
    return read
  }
}
