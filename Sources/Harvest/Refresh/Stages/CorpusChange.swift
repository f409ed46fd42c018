import DocumentModel
import Foundation

/// What the decide stage wants written for one source, and the report entry that says so.
/// The apply stage writes the document first, then the check record, then the staging
/// cache (see `CorpusApplier`).
public struct CorpusChange: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable {
    /// A document new to the corpus.
    case add
    /// A document whose text or whose metadata (title, URL, summary...) changed.
    case change
    /// Same document; at most its validators or its check record are refreshed.
    case keep
    /// Gone upstream: kept, marked removed (or already marked).
    case markGone
    /// Back upstream after being marked removed.
    case restore
    case fail
  }

  /// What staged segments become.
  public enum Staging: Sendable, Equatable {
    case leave
    /// Keep these for the next attempt.
    case save(StagedTrack)
    /// The talk was harvested: its staged segments are done with.
    case remove(documentID: String)
  }

  public var kind: Kind
  public var document: Document?
  public var record: TalkCheckRecord?
  public var staging: Staging
  public var entry: RefreshReport.Entry

  public init(
    kind: Kind, document: Document? = nil, record: TalkCheckRecord? = nil, staging: Staging = .leave,
    entry: RefreshReport.Entry
  ) {
    self.kind = kind
    self.document = document
    self.record = record
    self.staging = staging
    self.entry = entry
  }
}
