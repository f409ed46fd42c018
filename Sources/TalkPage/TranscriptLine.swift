/// One caption line of the page's transcript (`span[data-start]`).
public struct TranscriptLine: Sendable, Equatable, Codable {
  /// Apple writes whole seconds (`7.0`): the cue start rounded down.
  public var startSeconds: Double
  /// Whitespace collapsed.
  public var text: String

  public init(startSeconds: Double, text: String) {
    self.startSeconds = startSeconds
    self.text = text
  }
}
