import Citations
import Corpus
import DocumentModel
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The corpus and its index, kept in step: opens the index, rebuilding it when it is
/// missing, damaged or older than the corpus, and answers queries with quoted hits. When
/// the rebuild cannot be done (a full disk, a read-only home), it answers from the last
/// good generation on disk and says that it is stale and why (`OpenedIndex.stale`).
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

  /// The index, current with the corpus when that could be done; `rebuilt` says whether
  /// (and why) it was built first, `stale` why an older index answers instead.
  /// Whether the index is current is asked of the corpus without listing it
  /// (`CorpusStore.matchesFingerprint`).
  public func openIndex() throws(CitationsError) -> OpenedIndex {
    var reason = RebuildReason.missing
    var readable: SearchIndex?
    do {
      let index = try SearchIndex.open(at: indexDirectory)
      if corpus.matchesFingerprint(index.corpusFingerprint) { return OpenedIndex(index: index) }
      readable = index
      reason = .stale
    } catch {
      reason = hasIndex ? .unreadable(ErrorReason.of(error)) : .missing
    }
    let summary: IndexBuildSummary
    do {
      // A stale index is updated (only changed documents are read); any other is rebuilt.
      summary = try readable != nil ? update() : rebuild()
    } catch {
      if let readable { return .stale(readable, because: reason, failure: error) }
      // The current generation cannot be read: the newest one that opens (each quote is still
      // checked against its own checksum as it is read).
      if let older = SearchIndex.openNewestGeneration(in: indexDirectory) {
        return .stale(older, because: reason, failure: error)
      }
      throw error
    }
    do {
      return OpenedIndex(index: try SearchIndex.open(at: indexDirectory), rebuilt: reason, skipped: summary.skipped)
    } catch {
      throw .indexFormat(error)
    }
  }

  /// Whether the index exists and matches the corpus.
  public func isIndexCurrent() -> Bool {
    guard let index = try? SearchIndex.open(at: indexDirectory) else { return false }
    return corpus.matchesFingerprint(index.corpusFingerprint)
  }

  /// Builds the index from the whole corpus and swaps it in atomically. A document that
  /// cannot be read (damaged, or a symbolic link) is left out and named in the summary's
  /// `skipped`; the others are still indexed.
  @discardableResult
  public func rebuild(fingerprint: String? = nil) throws(CitationsError) -> IndexBuildSummary {
    let documents: [Document]
    let unreadable: [CorpusStore.UnreadableDocument]
    let corpusFingerprint: String
    // Listed before the documents are read: a write meanwhile makes the next update read it again.
    let stamps = documentStamps()
    do throws(CorpusError) {
      // Taken before the documents are read: a write meanwhile leaves the index stale, not wrong.
      if let fingerprint { corpusFingerprint = fingerprint } else { corpusFingerprint = try corpus.fingerprint() }
      (documents, unreadable) = try corpus.readReadable()
    } catch {
      throw .corpus(error)
    }
    guard !documents.isEmpty else {
      if let first = unreadable.first { throw .corpus(first.error) }
      throw .emptyCorpus(path: corpus.directory.path)
    }
    do {
      return try IndexBuilder().build(
        documents: documents.map(Self.indexable),
        skipped: unreadable.map { SkippedDocument(id: $0.id, reason: $0.error.description) },
        corpusFingerprint: corpusFingerprint,
        sourceStamps: stamps.map { stamps in stamps.filter { id, _ in !unreadable.contains { $0.id == id } } },
        into: indexDirectory)
    } catch {
      throw .indexBuild(error)
    }
  }

  /// Whether there is an index at all: a `CURRENT` entry of any kind (not followed).
  /// (`lstat`, not Foundation's attributes: those look up the owner's account name, and in
  /// a static executable, as duo-kb is on Linux, glibc's lookup loads the system's NSS
  /// modules, which can crash it.)
  var hasIndex: Bool {
    var status = stat()
    return lstat(indexDirectory.appendingPathComponent("CURRENT").path, &status) == 0
  }
}
