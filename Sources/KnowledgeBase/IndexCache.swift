import Citations
import DocumentModel
import Locking
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The knowledge base's index, opened once and reopened only when the corpus changes (a
/// refresh while a server runs); `KnowledgeBase.openIndex()` builds it when missing. Shared
/// by the requests of a server: each call holds a lock, so a new generation is opened once
/// and every request sees either the old index or the new one.
public final class IndexCache: @unchecked Sendable {
  public let knowledgeBase: KnowledgeBase
  private let lock = Lock()
  private var fingerprint: String?
  private var index: SearchIndex?
  private var documents: (fingerprint: String, documents: [Document])?
  /// Called only under the lock: one message at a time.
  private let log: (String) -> Void

  public init(knowledgeBase: KnowledgeBase, log: @escaping (String) -> Void = { _ in }) {
    self.knowledgeBase = knowledgeBase
    self.log = log
  }

  public func current() throws(CitationsError) -> SearchIndex {
    lock.lock()
    defer { lock.unlock() }
    if let index, let fingerprint, knowledgeBase.corpus.matchesFingerprint(fingerprint) { return index }
    let opened: OpenedIndex
    do {
      opened = try knowledgeBase.openIndex()
    } catch {
      // Another writer (a refresh) is swapping in a generation as this one is built or read:
      // the index open so far answers until the next request tries again.
      guard let index else { throw error }
      log("answering from the index opened before: the new one cannot be opened yet (\(error.description))")
      return index
    }
    // A stale index answers (said in the log) until the corpus changes again.
    for notice in opened.notices { log(notice.description) }
    index = opened.index
    fingerprint = try answeredFingerprint(of: opened)
    return opened.index
  }

  /// Recovers after a read found the index damaged: a rebuilt index, or the last good
  /// generation when the rebuild fails (said in the log); `current()` answers from it.
  public func repair(_ damage: String) throws(CitationsError) {
    lock.lock()
    defer { lock.unlock() }
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
    fingerprint = try? answeredFingerprint(of: recovered)
  }

  /// The corpus state `opened` answers for: the one a current index was built from (already
  /// checked), or the corpus as it is now for an older index that answers until it changes.
  private func answeredFingerprint(of opened: OpenedIndex) throws(CitationsError) -> String {
    guard opened.stale != nil else { return opened.index.corpusFingerprint }
    do { return try knowledgeBase.corpus.fingerprint() } catch { throw .corpus(error) }
  }

  /// Runs `body` on the current index; when it finds the index damaged, repairs it once
  /// and runs `body` again (a damaged text is never returned).
  public func withIndex<Answer>(_ body: (SearchIndex) throws(CitationsError) -> Answer) throws(CitationsError) -> Answer
  {
    do {
      return try body(current())
    } catch {
      guard let damage = KnowledgeBase.damage(in: error) else { throw error }
      try repair(damage)
      return try body(current())
    }
  }

  /// Every corpus document (for cue-accurate quotation times), read again only when the
  /// corpus changed.
  public func allDocuments() throws(CitationsError) -> [Document] {
    lock.lock()
    defer { lock.unlock() }
    if let documents, knowledgeBase.corpus.matchesFingerprint(documents.fingerprint) { return documents.documents }
    let print: String
    do { print = try knowledgeBase.corpus.fingerprint() } catch { throw .corpus(error) }
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
