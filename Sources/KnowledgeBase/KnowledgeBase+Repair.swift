import Citations
import SearchIndex

extension KnowledgeBase {
  /// Runs `body` on the current index. When it finds the index damaged (a checksum that
  /// fails while reading a hit), recovers once (`recover(fromDamaged:damage:)`) and runs
  /// `body` again: a damaged text is never returned. `report` hears every notice.
  public func withIndex<Answer>(
    _ body: (SearchIndex) throws(CitationsError) -> Answer,
    report: (IndexNotice) -> Void = { _ in }
  ) throws(CitationsError) -> Answer {
    let opened = try openIndex()
    opened.notices.forEach(report)
    do {
      return try body(opened.index)
    } catch {
      guard let damage = Self.damage(in: error) else { throw error }
      let recovered = try recover(fromDamaged: opened.index, damage: damage)
      recovered.notices.forEach(report)
      return try body(recovered.index)
    }
  }

  /// After a read found `index` damaged: rebuilds the index from the corpus and opens it;
  /// when the rebuild fails, the newest other generation that opens answers,
  /// marked stale.
  public func recover(fromDamaged index: SearchIndex, damage: String) throws(CitationsError) -> OpenedIndex {
    let summary: IndexBuildSummary
    do {
      summary = try rebuild()
    } catch {
      if let older = SearchIndex.openNewestGeneration(in: indexDirectory, excluding: index.generation) {
        return .stale(older, because: .damaged(damage), failure: error)
      }
      throw error
    }
    do {
      return OpenedIndex(
        index: try SearchIndex.open(at: indexDirectory), rebuilt: .damaged(damage), skipped: summary.skipped)
    } catch {
      throw .indexFormat(error)
    }
  }

  /// What is damaged, when `error` says the index is.
  public static func damage(in error: CitationsError) -> String? {
    guard case .indexFormat(.corrupt(let file, let reason)) = error else { return nil }
    return "\(file) was damaged (\(reason))"
  }
}
