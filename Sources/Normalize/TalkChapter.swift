import DocumentModel

/// A chapter of a talk as its page lists it (`data-start-time`, in whole seconds there).
public struct TalkChapter: Codable, Sendable, Equatable {
  public var title: String
  public var startMilliseconds: Int

  public init(title: String, startMilliseconds: Int) {
    self.title = title
    self.startMilliseconds = startMilliseconds
  }

  /// Sets each passage's `heading` to the title of the chapter its start falls in: the last
  /// chapter starting at or before it. Passages before the first chapter get none; the
  /// chapters may come in any order.
  public static func assign(_ chapters: [TalkChapter], to passages: inout [Passage]) {
    let sorted = chapters.enumerated().sorted {
      ($0.element.startMilliseconds, $0.offset) < ($1.element.startMilliseconds, $1.offset)
    }.map(\.element)
    guard !sorted.isEmpty else { return }
    for index in passages.indices {
      guard let start = passages[index].startMilliseconds else { continue }
      // Binary search: the number of chapters starting at or before `start`.
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle].startMilliseconds <= start { low = middle + 1 } else { high = middle }
      }
      passages[index].heading = low == 0 ? nil : TextNormalization.collapseWhitespace(sorted[low - 1].title)
    }
  }
}
