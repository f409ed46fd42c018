import Citations
import SearchIndex

/// An index opened to answer from, and what a reader should be told about it.
public struct OpenedIndex: Sendable {
  public var index: SearchIndex
  /// Why it was (re)built just now, if it was.
  public var rebuilt: KnowledgeBase.RebuildReason?
  /// Documents the build just now left out.
  public var skipped: [SkippedDocument]
  /// Why this is not an index of the corpus as it is now, when it is not.
  public var stale: Staleness?

  public init(
    index: SearchIndex, rebuilt: KnowledgeBase.RebuildReason? = nil, skipped: [SkippedDocument] = [],
    stale: Staleness? = nil
  ) {
    self.index = index
    self.rebuilt = rebuilt
    self.skipped = skipped
    self.stale = stale
  }

  /// An older index that answers because the index could not be brought up to date.
  static func stale(
    _ index: SearchIndex, because reason: KnowledgeBase.RebuildReason, failure: CitationsError
  ) -> OpenedIndex {
    OpenedIndex(
      index: index,
      stale: Staleness(reason: reason, failure: failure.description, generation: index.generation.lastPathComponent))
  }

  /// What to tell a reader, in order.
  public var notices: [IndexNotice] {
    (rebuilt.map { [IndexNotice.rebuilt($0)] } ?? []) + skipped.map(IndexNotice.skipped)
      + (stale.map { [IndexNotice.stale($0)] } ?? [])
  }
}

/// Why answers come from an index that is not the corpus as it is now.
public struct Staleness: Sendable, Equatable {
  /// What made a rebuild necessary.
  public var reason: KnowledgeBase.RebuildReason
  /// Why the rebuild failed.
  public var failure: String
  /// The generation answering (`generation-7`).
  public var generation: String
}

/// Something a reader of the index should know: said on stderr by the CLI and in the log
/// by the MCP server; never a reason to fail.
public enum IndexNotice: Sendable, Equatable, CustomStringConvertible {
  case rebuilt(KnowledgeBase.RebuildReason)
  case skipped(SkippedDocument)
  case stale(Staleness)

  /// Whether it is worth a warning rather than a notice.
  public var isWarning: Bool {
    switch self {
    case .rebuilt(.missing), .rebuilt(.stale): false
    default: true
    }
  }

  public var description: String {
    switch self {
    case .rebuilt(.missing): "built the index from the corpus (there was none)"
    case .rebuilt(.stale): "rebuilt the index: the corpus changed since it was built"
    case .rebuilt(.unreadable(let reason)): "rebuilt the index: the old one was unreadable (\(reason))"
    case .rebuilt(.damaged(let damage)): "rebuilt the index: \(damage)"
    case .skipped(let document): "left \(document.id) out of the index: \(document.reason)"
    case .stale(let staleness):
      "answering from the last good index (\(staleness.generation)), which is stale: "
        + Self.why(staleness.reason) + "; it could not be rebuilt: \(staleness.failure)"
    }
  }

  private static func why(_ reason: KnowledgeBase.RebuildReason) -> String {
    switch reason {
    case .missing: "there is no current index"
    case .stale: "the corpus changed since it was built"
    case .unreadable(let reason): "the current index is unreadable (\(reason))"
    case .damaged(let damage): damage
    }
  }
}
