import SearchIndex

extension KnowledgeBase {
  /// Runs `body` on the current index. When it finds the index damaged (a checksum that
  /// fails while reading a hit), rebuilds the index from the corpus once, tells `onRebuild`
  /// why, and runs `body` again: a damaged text is never returned.
  public func withIndex<Answer>(
    _ body: (SearchIndex) throws(CitationsError) -> Answer,
    onRebuild: (RebuildReason) -> Void = { _ in }
  ) throws(CitationsError) -> Answer {
    let (index, rebuilt) = try openIndex()
    if let rebuilt { onRebuild(rebuilt) }
    do {
      return try body(index)
    } catch {
      guard let damage = Self.damage(in: error) else { throw error }
      onRebuild(.damaged(damage))
      try rebuild()
      return try body(try openIndex().index)
    }
  }

  /// What is damaged, when `error` says the index is.
  public static func damage(in error: CitationsError) -> String? {
    guard case .indexFormat(.corrupt(let file, let reason)) = error else { return nil }
    return "\(file) was damaged (\(reason))"
  }
}
