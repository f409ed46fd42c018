/// A chapter of the talk (`li.chapter-item`, pages from 2023 on).
public struct Chapter: Sendable, Equatable, Codable {
  public var title: String
  public var startSeconds: Int
  /// `data-chapter-end-time`, else start plus `data-chapter-lenght` (Apple's spelling).
  public var endSeconds: Int?

  public init(title: String, startSeconds: Int, endSeconds: Int? = nil) {
    self.title = title
    self.startSeconds = startSeconds
    self.endSeconds = endSeconds
  }
}
