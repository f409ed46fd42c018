/// A HIG section as the DocC reader hands it over: heading, Apple's anchor, level, and
/// its blocks as plain text in reading order. Text before the first heading is a section
/// with no heading.
public struct HIGSectionInput: Codable, Sendable, Equatable {
  public var heading: String?
  /// The anchor Apple gives the heading (never an invented one); nil when there is none.
  public var anchor: String?
  public var level: Int
  public var blocks: [HIGBlockInput]

  public init(heading: String?, anchor: String?, level: Int, blocks: [HIGBlockInput]) {
    self.heading = heading
    self.anchor = anchor
    self.level = level
    self.blocks = blocks
  }
}

/// One block of plain text: inline markup already rendered to text, references resolved.
public struct HIGBlockInput: Codable, Sendable, Equatable {
  public var kind: HIGBlockKind
  public var text: String
  /// An aside's style (`Note`, `Important`), a tab's title: kept for context, not quoted.
  public var style: String?

  public init(kind: HIGBlockKind, text: String, style: String? = nil) {
    self.kind = kind
    self.text = text
    self.style = style
  }
}

public enum HIGBlockKind: String, Codable, Sendable, CaseIterable {
  case paragraph
  case listItem
  case asideParagraph
  case tableCell
  case term
  case definition
  case code
  case caption
  case other
}
