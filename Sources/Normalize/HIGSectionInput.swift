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
  /// List items: 1 in a top-level list, 2 in a list inside it, ...; nil outside lists.
  public var listDepth: Int?
  /// Items of an ordered list: the number Apple shows.
  public var listNumber: Int?
  /// Table cells: which table of the section, row and column, all from 0.
  public var table: Int?
  public var row: Int?
  public var column: Int?
  /// Documentation pages: the name of the aside an aside paragraph sits in (`Note`,
  /// `Deprecated`), recorded in its passages' layout; nil for HIG pages.
  public var aside: String?

  public init(
    kind: HIGBlockKind, text: String, style: String? = nil, listDepth: Int? = nil, listNumber: Int? = nil,
    table: Int? = nil, row: Int? = nil, column: Int? = nil
  ) {
    self.kind = kind
    self.text = text
    self.style = style
    self.listDepth = listDepth
    self.listNumber = listNumber
    self.table = table
    self.row = row
    self.column = column
  }
}

public enum HIGBlockKind: String, Codable, Sendable, CaseIterable {
  case paragraph
  case listItem
  case asideParagraph
  case tableCell
  case tableHeaderCell
  case term
  case definition
  case code
  case caption
  case other
}
