import Citations
import Corpus
import DocumentModel
import Normalize
import SearchIndex

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension KnowledgeBase {
  /// Brings the index up to date with the corpus by an update (`IndexBuilder.update`):
  /// only documents whose files changed since the index was built (size or modification
  /// time, as `stamps.json` records them) are read and written as a new segment; removed
  /// ones are marked deleted. Falls back to `rebuild` when there is no index to update, it
  /// has no stamps, or the update fails.
  @discardableResult
  public func update(policy: MergePolicy = .standard) throws(CitationsError) -> IndexBuildSummary {
    guard let previous = try? SearchIndex.open(at: indexDirectory), let stamps = previous.sourceStamps() else {
      return try rebuild()
    }
    let fingerprint: String
    let files: [CorpusStore.DocumentFile]
    do throws(CorpusError) {
      // Taken before the documents are listed: a write meanwhile leaves the index stale, not wrong.
      fingerprint = try corpus.fingerprint()
      files = try corpus.documentFiles()
    } catch {
      throw .corpus(error)
    }
    let current = Dictionary(files.map { ($0.id, Self.stamp($0)) }, uniquingKeysWith: { first, _ in first })
    let changed = files.filter { stamps[$0.id] != current[$0.id] }
    let removed = Set(stamps.keys).subtracting(current.keys)
    var documents: [Document] = []
    var skipped: [SkippedDocument] = []
    var newStamps = stamps.filter { current[$0.key] != nil }
    for file in changed {
      do throws(CorpusError) {
        guard let document = try corpus.read(id: file.id) else { throw .malformed(path: file.url.path, reason: "gone") }
        documents.append(Self.indexable(document))
        newStamps[file.id] = current[file.id]
      } catch {
        skipped.append(SkippedDocument(id: file.id, reason: error.description))
        newStamps[file.id] = nil
      }
    }
    // A document that cannot be read now is not kept from an earlier read.
    let gone = removed.union(skipped.map(\.id))
    // Nothing left to index: a rebuild says why (an empty or unreadable corpus), and the
    // caller answers from the last good index.
    guard !newStamps.isEmpty else { return try rebuild() }
    let corpus = corpus
    do {
      return try IndexBuilder().update(
        previous, adding: documents, removing: gone, skipped: skipped, corpusFingerprint: fingerprint,
        sourceStamps: newStamps, policy: policy, into: indexDirectory
      ) { ids throws(IndexBuildError) in
        var read: [Document] = []
        for id in ids {
          guard let document = try? corpus.read(id: id) else {
            throw IndexBuildError.io(path: id, reason: "could not be read again")
          }
          read.append(Self.indexable(document))
        }
        return read
      }
    } catch {
      return try rebuild()
    }
  }

  /// A document as the index takes it: a talk read from a document format before 4 has its
  /// cue starts found again from its cues (`TalkDocument.completingCueStarts`), so its
  /// matches are timed as those of a talk harvested since; any other is as it is read. The
  /// file is left as it is (it is written in format 4 the next time the document changes).
  static func indexable(_ document: Document) -> Document {
    TalkDocument.completingCueStarts(document)
  }

  /// What `update` compares to know a document file changed.
  static func stamp(_ file: CorpusStore.DocumentFile) -> String {
    "\(file.size) \(file.modifiedNanoseconds)"
  }

  /// The stamps of every document file, for a full build.
  func documentStamps() -> [String: String]? {
    guard let files = try? corpus.documentFiles() else { return nil }
    return Dictionary(files.map { ($0.id, Self.stamp($0)) }, uniquingKeysWith: { first, _ in first })
  }
}
