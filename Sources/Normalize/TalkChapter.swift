/// A chapter of a talk as its page lists it (`data-start-time`, in whole seconds there).
public struct TalkChapter: Codable, Sendable, Equatable {
  public var title: String
  public var startMilliseconds: Int

  public init(title: String, startMilliseconds: Int) {
    self.title = title
    self.startMilliseconds = startMilliseconds
  }
}
