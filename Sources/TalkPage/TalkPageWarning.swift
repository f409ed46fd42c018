/// Something on the page that the parser skipped.
public enum TalkPageWarning: Sendable, Equatable, Codable {
  /// `index` counts the page's `li.chapter-item` elements from 0.
  case skippedChapter(index: Int, reason: String)
  /// `index` counts the page's `li.sample-code-main-container` elements from 0.
  case skippedCodeSample(index: Int, reason: String)
  /// `index` counts the transcript's `[data-start]` elements from 0.
  case skippedTranscriptLine(index: Int, reason: String)
}
