import DocumentModel

/// A talk's subtitle track after steps 4 and 5 of the harvest: merged cues, their passages
/// and what the merge did. `Document.cues` and `Document.passages` take these as they are.
public struct TalkTranscript: Sendable, Equatable {
  public var cues: [StoredCue]
  public var passages: [Passage]
  public var mergeReport: MergeReport

  /// Merges `segments` (in playlist order) with `CueMerger`, makes passages with
  /// `normalizer`, and names each passage's chapter where `chapters` are known.
  public init(
    segments: [SegmentCues], chapters: [TalkChapter] = [], normalizer: TalkNormalizer = TalkNormalizer()
  ) {
    let merged = CueMerger().merge(segments)
    var passages = normalizer.passages(from: merged.cues)
    TalkChapter.assign(chapters, to: &passages)
    self.cues = merged.cues
    self.passages = passages
    self.mergeReport = merged.report
  }

  /// `FetchMetadata.contentHash` for these cues and passages.
  public var contentHash: String { ContentHash.of(passages: passages, cues: cues) }
}
