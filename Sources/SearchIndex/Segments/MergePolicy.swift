/// When an update folds segments together (FORMAT.md, "Segments"). The first segment is
/// the base (a full build); the others are the tail, one per update since.
public struct MergePolicy: Sendable, Equatable {
  /// A generation has at most this many segments: past it, the tail is rewritten as one.
  public var maximumSegments: Int
  /// The tail's live passages may be at most this share of the base's before the update
  /// builds everything again as one segment.
  public var maximumTailShare: Double
  /// The base's deleted documents may be at most this share of its documents.
  public var maximumDeletedShare: Double

  /// Whether an update builds everything again once the live average length passes the
  /// one the base's impacts were computed with (else the base is searched without
  /// skipping blocks, exact but slower, until the next full build).
  public var rebuildsPastBaseAverage: Bool

  public init(
    maximumSegments: Int = 4, maximumTailShare: Double = 0.25, maximumDeletedShare: Double = 0.1,
    rebuildsPastBaseAverage: Bool = true
  ) {
    self.rebuildsPastBaseAverage = rebuildsPastBaseAverage
    self.maximumSegments = max(2, maximumSegments)
    self.maximumTailShare = maximumTailShare
    self.maximumDeletedShare = maximumDeletedShare
  }

  public static let standard = MergePolicy()

  enum Decision: Equatable {
    /// Keep every segment and add the new one.
    case append
    /// Rewrite the tail (and the new documents) as one segment after the base.
    case mergeTail
    /// Build every live document again as one segment.
    case rebuild
  }

  /// What to do with `segments` (kept ones, deletions applied) and a new segment of
  /// `newPassages` passages; `averageExceedsBase` when the live average length would pass
  /// the one the base's impacts were computed with.
  func decide(
    baseDocuments: Int, baseDeleted: Int, baseLivePassages: Int, tailLivePassages: Int, segmentCount: Int,
    newPassages: Int, averageExceedsBase: Bool
  ) -> Decision {
    if averageExceedsBase && rebuildsPastBaseAverage { return .rebuild }
    if Double(baseDeleted) > maximumDeletedShare * Double(baseDocuments) { return .rebuild }
    if Double(tailLivePassages + newPassages) > maximumTailShare * Double(baseLivePassages) { return .rebuild }
    return segmentCount + (newPassages > 0 ? 1 : 0) > maximumSegments ? .mergeTail : .append
  }
}
