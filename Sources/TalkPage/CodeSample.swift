/// A code sample shown at a moment of the talk (`li.sample-code-main-container`).
public struct CodeSample: Sendable, Equatable, Codable {
  public var title: String
  public var startSeconds: Int
  /// The code as plain text: highlighting removed, entities decoded, whitespace kept exactly.
  public var code: String

  public init(title: String, startSeconds: Int, code: String) {
    self.title = title
    self.startSeconds = startSeconds
    self.code = code
  }
}
