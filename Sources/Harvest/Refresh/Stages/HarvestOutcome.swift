import Corpus
import DocumentModel
import Foundation

/// What the corpus held for one source before this refresh. Its head is read before any
/// request, and the harvest stage takes its validators from it; the whole document only
/// when the decide stage needs it (`RefreshDecision.needsDocument`), so that a source
/// answered 304 costs no decoding of its text.
public struct SourceState: Sendable, Equatable {
  /// The stored document's id, validators and removal mark.
  public var head: DocumentHead?
  /// The stored document, when it has been read.
  public var document: Document?
  /// A talk's check record: when its track was last revalidated, and the validators of
  /// its playlists and segments once a deep check is due (the refresh reads the track
  /// only then).
  public var record: TalkCheckRecord?
  /// Segments fetched and validated by an attempt that failed, for this attempt to reuse.
  public var staged: StagedTrack?

  /// The state with the whole document read (its head taken from it).
  public init(document: Document? = nil, record: TalkCheckRecord? = nil, staged: StagedTrack? = nil) {
    self.init(head: document.map(DocumentHead.init), record: record, staged: staged)
    self.document = document
  }

  /// The state with only the document's head read.
  public init(head: DocumentHead?, record: TalkCheckRecord? = nil, staged: StagedTrack? = nil) {
    self.head = head
    self.record = record
    self.staged = staged
  }
}

/// What the harvest stage learnt about one source (network only; nothing is written).
public enum HarvestOutcome: Sendable {
  /// Answered 304: the copy in the corpus is current. `verifiedTrack` is set when a deep
  /// check revalidated every playlist and segment and found them unchanged: their
  /// validators as of now.
  case notModified(verifiedTrack: TrackValidators?)
  /// A full walk made a document.
  case harvested(HarvestedDocument)
  /// Gone upstream: 404, 410, or a redirect to a page that is not the document's kind.
  case gone(url: String, reason: String)
  /// The walk failed; `staged` holds what it fetched and validated before failing.
  case failed(HarvestError, staged: StagedTrack?)
}

/// A document made by a full walk, with what the walk learnt beside it.
public struct HarvestedDocument: Sendable, Equatable {
  public var document: Document
  /// A talk's track validators, for later deep checks (nil for HIG pages).
  public var validators: TrackValidators?
  public var warnings: [String]
  /// The walk was a deep check's (the page itself answered 304).
  public var isDeepCheck: Bool
  /// HIG pages: the pages below this one, to follow.
  public var links: [URL] = []

  public init(
    document: Document, validators: TrackValidators? = nil, warnings: [String] = [], isDeepCheck: Bool = false
  ) {
    self.document = document
    self.validators = validators
    self.warnings = warnings
    self.isDeepCheck = isDeepCheck
  }
}
