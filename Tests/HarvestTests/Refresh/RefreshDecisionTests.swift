import Corpus
import DocumentModel
import Foundation
import Harvest
import Normalize
import Testing

/// The decide stage, table-tested: previous state + harvest outcome → corpus change and
/// report entry. No disk, no network.
@Suite struct RefreshDecisionTests {
  static let id = "wwdc2025/900"
  static let source = "https://developer.apple.com/videos/play/wwdc2025/900/"
  static let now = "2027-01-15T08:00:00Z"

  static func document(
    _ sentences: [String] = ["One.", "Two."], title: String = "Talk 900", etag: String? = "\"a\"",
    removed: Bool = false, summary: String? = "About it."
  ) -> Document {
    var document = Document(
      id: id, kind: .talk, title: title, url: source, event: "wwdc2025", year: 2025, summary: summary,
      isRemovedUpstream: removed,
      passages: sentences.map { Passage(kind: .speech, text: $0, startMilliseconds: 0, endMilliseconds: 1) })
    document.fetch = FetchMetadata(
      sourceURL: source, etag: etag, contentHash: ContentHash.of(document), fetchedAt: "2027-01-01T00:00:00Z")
    return document
  }

  static let track = TrackValidators(
    master: ResourceValidator(url: "https://x/m.m3u8", etag: "\"m\"", sha256: "00"),
    media: ResourceValidator(url: "https://x/p.m3u8", etag: "\"p\"", sha256: "11"),
    segments: [ResourceValidator(url: "https://x/0.webvtt", etag: "\"0\"", sha256: "22")])
  static let staged = StagedTrack(
    documentID: id, mediaURL: "https://x/p.m3u8", mediaSHA256: "11",
    segments: [StagedSegment(index: 0, validator: track.segments[0], byteCount: 10, cues: SegmentCues())])

  static func harvested(_ document: Document) -> HarvestOutcome {
    .harvested(HarvestedDocument(document: document, validators: track))
  }

  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var previous: SourceState
    var outcome: HarvestOutcome
    var kind: CorpusChange.Kind
    var status: RefreshReport.Status
    /// The document written, nil for none.
    var writes: Document?
    var writesRecord: Bool
    var staging: CorpusChange.Staging = .leave
    var fieldsChanged: [String] = []
    var error: String?
  }

  static let cases: [Case] = {
    let old = document()
    var otherID = document()
    otherID.id = "wwdc2025/901"
    var newValidators = document()
    newValidators.fetch?.etag = "\"b\""
    var mirrored = document()
    mirrored.fetch?.validatorOrigin = "http://127.0.0.1:8080"
    var back = document(removed: true)
    back.isRemovedUpstream = false
    return [
      Case(
        description: "add", previous: SourceState(), outcome: harvested(old), kind: .add, status: .added,
        writes: old, writesRecord: true),
      Case(
        description: "change of text, with its diff", previous: SourceState(document: old),
        outcome: harvested(document(["One.", "Three."])), kind: .change, status: .changed,
        writes: document(["One.", "Three."]), writesRecord: true, fieldsChanged: ["text"]),
      Case(
        description: "change of title only", previous: SourceState(document: old),
        outcome: harvested(document(title: "Talk 900, renamed")), kind: .change, status: .changed,
        writes: document(title: "Talk 900, renamed"), writesRecord: true, fieldsChanged: ["title"]),
      Case(
        description: "change of summary only", previous: SourceState(document: old),
        outcome: harvested(document(summary: "About something else.")), kind: .change, status: .changed,
        writes: document(summary: "About something else."), writesRecord: true, fieldsChanged: ["summary"]),
      Case(
        description: "same content: nothing written but the check record", previous: SourceState(document: old),
        outcome: harvested(old), kind: .keep, status: .unchanged, writes: nil, writesRecord: true),
      Case(
        description: "same content, new validators kept", previous: SourceState(document: old),
        outcome: harvested(newValidators), kind: .keep, status: .unchanged, writes: newValidators,
        writesRecord: true),
      Case(
        description: "same content, validators now a mirror's", previous: SourceState(document: old),
        outcome: harvested(mirrored), kind: .keep, status: .unchanged, writes: mirrored, writesRecord: true),
      Case(
        description: "304 without a deep check", previous: SourceState(document: old),
        outcome: .notModified(verifiedTrack: nil), kind: .keep, status: .unchanged, writes: nil,
        writesRecord: false),
      Case(
        description: "304 with a deep check that found nothing new", previous: SourceState(document: old),
        outcome: .notModified(verifiedTrack: track), kind: .keep, status: .unchanged, writes: nil,
        writesRecord: true),
      Case(
        description: "gone: kept, marked", previous: SourceState(document: old),
        outcome: .gone(url: source, reason: "HTTP 404"), kind: .markGone, status: .gone,
        writes: document(removed: true), writesRecord: false, error: "HTTP 404"),
      Case(
        description: "gone again: nothing to write", previous: SourceState(document: document(removed: true)),
        outcome: .gone(url: source, reason: "HTTP 410"), kind: .markGone, status: .gone, writes: nil,
        writesRecord: false, error: "HTTP 410"),
      Case(
        description: "gone before it was ever harvested: gone, nothing kept", previous: SourceState(),
        outcome: .gone(url: source, reason: "HTTP 404"), kind: .markGone, status: .gone, writes: nil,
        writesRecord: false, error: "HTTP 404"),
      Case(
        description: "restore after 304", previous: SourceState(document: document(removed: true)),
        outcome: .notModified(verifiedTrack: nil), kind: .restore, status: .unchanged, writes: back,
        writesRecord: false),
      Case(
        description: "restore after a walk with the same content",
        previous: SourceState(document: document(removed: true)), outcome: harvested(old), kind: .restore,
        status: .unchanged, writes: back, writesRecord: true),
      Case(
        description: "fail, staging what was validated", previous: SourceState(document: old),
        outcome: .failed(.noPassages(url: source), staged: staged), kind: .fail, status: .failed, writes: nil,
        writesRecord: false, staging: .save(staged), error: "\(source): no quotable text"),
      Case(
        description: "harvest after staging: the staged segments are done with",
        previous: SourceState(document: old, staged: staged), outcome: harvested(old), kind: .keep,
        status: .unchanged, writes: nil, writesRecord: true, staging: .remove(documentID: id)),
      Case(
        description: "a page naming another document is refused", previous: SourceState(document: old),
        outcome: harvested(otherID), kind: .fail, status: .failed, writes: nil, writesRecord: false,
        error: "\(source): the page names another document (wwdc2025/901); refused"),
    ]
  }()

  @Test("Decides", arguments: cases)
  func decides(_ test: Case) {
    let change = RefreshDecision(source: Self.source, documentID: Self.id, now: Self.now)
      .decide(previous: test.previous, outcome: test.outcome)
    #expect(change.kind == test.kind)
    #expect(change.entry.status == test.status)
    // A source gone before it was ever harvested has no document to name.
    #expect(change.entry.documentID == (test.previous.document == nil && test.status == .gone ? nil : Self.id))
    #expect(change.document == test.writes)
    #expect((change.record != nil) == test.writesRecord)
    if let record = change.record {
      #expect(record.lastDeepCheckAt == Self.now && record.track == Self.track && record.documentID == Self.id)
    }
    #expect(change.staging == test.staging)
    #expect(change.entry.fieldsChanged == test.fieldsChanged)
    #expect(change.entry.error == test.error)
  }

  /// The refresh reads a stored document's head first and the whole document only when
  /// `needsDocument` says so: decided that way, every case gives exactly the change it
  /// gives with the whole document at hand, and a 304 for a document not marked removed
  /// never needs it.
  @Test("Decides the same from the head, reading the document only when needed", arguments: cases)
  func decidesFromTheHead(_ test: Case) {
    let decision = RefreshDecision(source: Self.source, documentID: Self.id, now: Self.now)
    var partial = SourceState(
      head: test.previous.document.map(DocumentHead.init), record: test.previous.record,
      staged: test.previous.staged)
    let needs = RefreshDecision.needsDocument(previous: partial, outcome: test.outcome)
    if needs { partial.document = test.previous.document }
    #expect(
      decision.decide(previous: partial, outcome: test.outcome)
        == decision.decide(previous: test.previous, outcome: test.outcome))
    if case .notModified = test.outcome, test.previous.document?.isRemovedUpstream != true {
      #expect(!needs)
    }
  }

  @Test func changeCarriesTheSentenceDiff() {
    let change = RefreshDecision(source: Self.source, documentID: Self.id, now: Self.now)
      .decide(
        previous: SourceState(document: Self.document()), outcome: Self.harvested(Self.document(["One.", "Three."])))
    #expect(change.entry.passagesRemoved == ["Two."])
    #expect(change.entry.passagesAdded == ["Three."])
  }

  /// A talk stored without cue starts (a format before 4), harvested again unchanged: not
  /// a change, but written once with the harvest's cue starts.
  @Test func aTalkStoredWithoutCueStartsTakesTheHarvestsUnchanged() {
    let cues = [
      StoredCue(startMilliseconds: 0, endMilliseconds: 1_000, raw: "One and", text: "One and"),
      StoredCue(startMilliseconds: 1_000, endMilliseconds: 2_000, raw: "two.", text: "two."),
    ]
    var harvested = Self.document()
    harvested.cues = cues
    harvested.passages = TalkDocument.passages(cues: cues)
    let hash = ContentHash.of(harvested)
    harvested.fetch?.contentHash = hash
    var stored = harvested
    for index in stored.passages.indices { stored.passages[index].cueStarts = nil }
    #expect(harvested.passages.map(\.cueStarts) == [[CueMark(utf8Offset: 8, cue: 1)]])
    let decision = RefreshDecision(source: Self.source, documentID: Self.id, now: Self.now)
    let change = decision.decide(previous: SourceState(document: stored), outcome: Self.harvested(harvested))
    #expect(change.kind == .keep && change.entry.status == .unchanged && change.entry.fieldsChanged.isEmpty)
    #expect(change.document == harvested)
    // Once written, the next refresh writes nothing.
    let again = decision.decide(previous: SourceState(document: harvested), outcome: Self.harvested(harvested))
    #expect(again.kind == .keep && again.document == nil)
  }

  @Test func deepCheckAndRestoreSayWhatTheyDid() {
    let decision = RefreshDecision(source: Self.source, documentID: Self.id, now: Self.now)
    let verified = decision.decide(
      previous: SourceState(document: Self.document()), outcome: .notModified(verifiedTrack: Self.track))
    #expect(verified.entry.deepChecked)
    let restored = decision.decide(
      previous: SourceState(document: Self.document(removed: true)), outcome: .notModified(verifiedTrack: nil))
    #expect(restored.entry.warnings == ["back upstream: no longer marked removed"])
  }
}
