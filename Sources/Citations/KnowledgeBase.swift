import Corpus
import Foundation
import Normalize
import SearchIndex

/// The corpus and its index, kept in step: opens the index, rebuilding it when it is
/// missing, damaged or older than the corpus, and answers queries with quoted hits.
public struct KnowledgeBase: Sendable {
  public let corpus: CorpusStore
  public let indexDirectory: URL

  public init(home: URL) {
    corpus = CorpusStore(directory: home.appendingPathComponent("Corpus", isDirectory: true))
    indexDirectory = home.appendingPathComponent("Index", isDirectory: true)
  }

  public init(corpus: CorpusStore, indexDirectory: URL) {
    self.corpus = corpus
    self.indexDirectory = indexDirectory
  }

  /// Why the index was (re)built before answering.
  public enum RebuildReason: Sendable, Equatable {
    case missing
    case stale
    case unreadable(String)
    /// A read found the index damaged after it was opened.
    case damaged(String)
  }

  /// The index, current with the corpus; `rebuilt` says whether (and why) it was built first.
  public func openIndex() throws(CitationsError) -> (index: SearchIndex, rebuilt: RebuildReason?) {
    let fingerprint: String
    do { fingerprint = try corpus.fingerprint() } catch { throw .corpus(error) }
    var reason = RebuildReason.missing
    do {
      let index = try SearchIndex.open(at: indexDirectory)
      if index.corpusFingerprint == fingerprint { return (index, nil) }
      reason = .stale
    } catch {
      reason = Self.isMissing(error) ? .missing : .unreadable(ErrorReason.of(error))
    }
    _ = try rebuild(fingerprint: fingerprint)
    do {
      return (try SearchIndex.open(at: indexDirectory), reason)
    } catch {
      throw .indexFormat(error)
    }
  }

  /// Whether the index exists and matches the corpus.
  public func isIndexCurrent() -> Bool {
    guard let fingerprint = try? corpus.fingerprint(),
      let index = try? SearchIndex.open(at: indexDirectory)
    else { return false }
    return index.corpusFingerprint == fingerprint
  }

  /// Builds the index from the whole corpus and swaps it in atomically.
  @discardableResult
  public func rebuild(fingerprint: String? = nil) throws(CitationsError) -> IndexBuildSummary {
    let documents: [Document]
    let corpusFingerprint: String
    do throws(CorpusError) {
      // Taken before the documents are read: a write meanwhile leaves the index stale, not wrong.
      if let fingerprint { corpusFingerprint = fingerprint } else { corpusFingerprint = try corpus.fingerprint() }
      documents = try corpus.readAll()
    } catch {
      throw .corpus(error)
    }
    guard !documents.isEmpty else { throw .emptyCorpus(path: corpus.directory.path) }
    do {
      return try IndexBuilder().build(documents: documents, corpusFingerprint: corpusFingerprint, into: indexDirectory)
    } catch {
      throw .indexBuild(error)
    }
  }

  static func isMissing(_ error: IndexFormatError) -> Bool {
    if case .unreadable = error { return true }
    return false
  }
}
