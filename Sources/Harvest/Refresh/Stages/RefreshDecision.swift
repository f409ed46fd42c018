import DocumentModel
import Foundation

/// The decide stage: `previous state + harvest outcome → corpus change`, for one source.
/// Pure: no disk, no network, no clock (the time to record is given).
public struct RefreshDecision: Sendable {
  /// The source as listed.
  public var source: String
  /// The id the source's document must have (from the source itself); a harvested
  /// document with another id is refused, never written over that other document.
  public var documentID: String?
  /// ISO 8601 UTC: the time a check record records.
  public var now: String

  public init(source: String, documentID: String?, now: String) {
    self.source = source
    self.documentID = documentID
    self.now = now
  }

  public func decide(previous: SourceState, outcome: HarvestOutcome) -> CorpusChange {
    switch outcome {
    case .notModified(let verified):
      return notModified(previous: previous, verifiedTrack: verified)
    case .harvested(let harvested):
      return harvestedChange(harvested, previous: previous)
    case .gone(let url, let reason):
      return gone(previous: previous, url: url, reason: reason)
    case .failed(let error, let staged):
      return fail(previous: previous, error: error.description, staged: staged)
    }
  }

  /// Whether deciding `outcome` needs the stored document itself rather than its head:
  /// to compare a harvested one with it, to mark it gone, or to restore it. A source
  /// answered 304 whose document is not marked removed needs only the head.
  public static func needsDocument(previous: SourceState, outcome: HarvestOutcome) -> Bool {
    guard let head = previous.head, previous.document == nil else { return false }
    switch outcome {
    case .notModified: return head.isRemovedUpstream
    case .harvested, .gone: return true
    case .failed: return false
    }
  }

  private var id: String? { documentID }

  private func entry(_ status: RefreshReport.Status, id: String?) -> RefreshReport.Entry {
    RefreshReport.Entry(source: source, documentID: id, status: status)
  }

  private func notModified(previous: SourceState, verifiedTrack: TrackValidators?) -> CorpusChange {
    guard let head = previous.head else {
      return CorpusChange(kind: .keep, entry: entry(.unchanged, id: id))
    }
    var change = CorpusChange(kind: .keep, entry: entry(.unchanged, id: head.id))
    if let verifiedTrack {
      change.record = TalkCheckRecord(documentID: head.id, lastDeepCheckAt: now, track: verifiedTrack)
      change.entry.deepChecked = true
      change.staging = previous.staged == nil ? .leave : .remove(documentID: head.id)
    }
    if head.isRemovedUpstream, let document = previous.document {
      var back = document
      back.isRemovedUpstream = false
      change.kind = .restore
      change.document = back
      change.entry.warnings.append("back upstream: no longer marked removed")
    }
    return change
  }

  private func harvestedChange(_ harvested: HarvestedDocument, previous: SourceState) -> CorpusChange {
    let document = harvested.document
    if let id, document.id != id {
      return fail(
        previous: previous, error: "\(source): the page names another document (\(document.id)); refused",
        staged: nil)
    }
    let record = harvested.validators.map {
      TalkCheckRecord(documentID: document.id, lastDeepCheckAt: now, track: $0)
    }
    let staging: CorpusChange.Staging = previous.staged == nil ? .leave : .remove(documentID: document.id)
    var change = CorpusChange(
      kind: .add, document: document, record: record, staging: staging, entry: entry(.added, id: document.id))
    change.entry.warnings = harvested.warnings
    change.entry.deepChecked = harvested.isDeepCheck
    guard let old = previous.document else { return change }
    let fields = DocumentComparison.changedFields(old: old, new: document)
    guard fields.isEmpty else {
      let diff = PassageDiff.diff(old: old.passages.map(\.text), new: document.passages.map(\.text))
      change.kind = .change
      change.entry.status = .changed
      change.entry.passagesAdded = diff.added
      change.entry.passagesRemoved = diff.removed
      change.entry.fieldsChanged = fields
      return change
    }
    // Same content: keep the file (and its history), with the new validators if any, and
    // the cue starts of the harvest when the file has other ones or none (a talk stored in
    // a format before 4 is so written in format 4 once, unchanged).
    change.kind = .keep
    change.entry.status = .unchanged
    let cueStartsDiffer = !old.passages.map(\.cueStarts).elementsEqual(document.passages.map(\.cueStarts))
    if old.fetch?.etag != document.fetch?.etag || old.fetch?.lastModified != document.fetch?.lastModified
      || old.fetch?.validatorOrigin != document.fetch?.validatorOrigin || old.isRemovedUpstream || cueStartsDiffer
    {
      var refreshed = old
      for index in refreshed.passages.indices {
        refreshed.passages[index].cueStarts = document.passages[index].cueStarts
      }
      if refreshed.fetch == nil { refreshed.fetch = document.fetch }
      refreshed.fetch?.etag = document.fetch?.etag
      refreshed.fetch?.lastModified = document.fetch?.lastModified
      refreshed.fetch?.validatorOrigin = document.fetch?.validatorOrigin
      if old.isRemovedUpstream {
        refreshed.isRemovedUpstream = false
        change.kind = .restore
        change.entry.warnings.append("back upstream: no longer marked removed")
      }
      change.document = refreshed
    } else {
      change.document = nil
    }
    return change
  }

  private func gone(previous: SourceState, url: String, reason: String) -> CorpusChange {
    guard var document = previous.document else {
      // Gone before it was ever harvested: gone too, with nothing to keep (no document id).
      var change = CorpusChange(kind: .markGone, entry: entry(.gone, id: nil))
      change.entry.error = reason
      return change
    }
    var change = CorpusChange(kind: .markGone, entry: entry(.gone, id: document.id))
    change.entry.error = reason
    if !document.isRemovedUpstream {
      document.isRemovedUpstream = true
      change.document = document
    }
    return change
  }

  private func fail(previous: SourceState, error: String, staged: StagedTrack?) -> CorpusChange {
    var change = CorpusChange(kind: .fail, entry: entry(.failed, id: previous.head?.id ?? id))
    change.entry.error = error
    if let staged, !staged.segments.isEmpty {
      change.staging = .save(staged)
      change.entry.warnings.append(
        "\(staged.segments.count) segments kept for the next refresh")
    }
    return change
  }
}
