import Corpus
import DocumentModel
import Foundation

/// Where the apply stage writes: the corpus, the refresh's check records, the staging
/// cache. `CorpusRefreshWriter` is the real one; tests pass one that fails on purpose.
public protocol RefreshWriter: Sendable {
  func write(_ document: Document) throws(CorpusError)
  func write(_ record: TalkCheckRecord) throws(CorpusError)
  func stage(_ track: StagedTrack) throws(CorpusError)
  func removeStaged(documentID: String) throws(CorpusError)
  /// A catalog's listing, saved so that a catalog answering 304 still names its talks.
  func write(_ listing: CatalogListing, key: String) throws(CorpusError)
}

/// Writes into a `CorpusStore`, its `RefreshStateStore` and a `SegmentStaging`.
public struct CorpusRefreshWriter: RefreshWriter {
  public let corpus: CorpusStore
  public let staging: SegmentStaging?

  public init(corpus: CorpusStore, staging: SegmentStaging?) {
    self.corpus = corpus
    self.staging = staging
  }

  public func write(_ document: Document) throws(CorpusError) { try corpus.write(document) }
  public func write(_ record: TalkCheckRecord) throws(CorpusError) {
    try RefreshStateStore(corpus: corpus).write(record)
  }
  public func stage(_ track: StagedTrack) throws(CorpusError) { try staging?.save(track) }
  public func removeStaged(documentID: String) throws(CorpusError) { try staging?.remove(documentID: documentID) }
  public func write(_ listing: CatalogListing, key: String) throws(CorpusError) {
    try RefreshStateStore(corpus: corpus).write(listing, key: key)
  }
}

/// The apply stage: the only place a refresh writes. The document goes first; the check
/// record (validators, time of the last deep check) only after it is on disk, so that a
/// failed or killed document write leaves the old validators in place and the next
/// refresh fetches the change again. Staging comes last and is best effort.
public struct CorpusApplier: Sendable {
  public let writer: any RefreshWriter

  public init(writer: any RefreshWriter) { self.writer = writer }

  public func apply(_ change: CorpusChange) -> RefreshReport.Entry {
    var entry = change.entry
    if let document = change.document {
      do throws(CorpusError) {
        try writer.write(document)
      } catch {
        entry.status = .failed
        entry.error = "could not write the document: \(error.description)"
        entry.passagesAdded = []
        entry.passagesRemoved = []
        entry.fieldsChanged = []
        return entry
      }
    }
    if let record = change.record {
      do throws(CorpusError) {
        try writer.write(record)
      } catch {
        entry.warnings.append("could not save the check record (\(error.description)); it is checked again next time")
      }
    }
    do throws(CorpusError) {
      switch change.staging {
      case .leave: break
      case .save(let track): try writer.stage(track)
      case .remove(let id): try writer.removeStaged(documentID: id)
      }
    } catch {
      entry.warnings.append("staging cache: \(error.description)")
    }
    return entry
  }
}
