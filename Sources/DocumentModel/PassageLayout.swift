/// Where a HIG passage sits among its section's blocks: which block it came from and what
/// kind of block that is, with a list item's depth and number and a table cell's row and
/// column. The passage text stays exactly as quoted; this only lets a section be shown as
/// Apple lays it out (a list as a list, a table as a table).
///
/// Stored in the corpus with each HIG passage (`Passage.layout`); a document harvested
/// before layouts were recorded has none, and its sections are shown as paragraphs.
public struct PassageLayout: Codable, Sendable, Equatable {
  public enum Role: String, Codable, Sendable, CaseIterable {
    case paragraph
    case listItem
    case tableHeaderCell
    case tableCell
    case term
    case definition
    case aside
    case code
    case caption
    case other
  }

  public var role: Role
  /// The block's number in its section, from 0: the passages of one paragraph, list item or
  /// cell (a long one is cut into sentences) share it.
  public var block: Int
  /// Lists: 1 for an item of a top-level list, 2 for one in a list inside it, ...
  public var depth: Int?
  /// Ordered lists: the item's number as Apple shows it.
  public var number: Int?
  /// Tables: which table of the section (from 0), and the cell's row and column (from 0).
  public var table: Int?
  public var row: Int?
  public var column: Int?
  /// Asides of documentation pages: the aside's name as the page shows it (`Note`,
  /// `Important`, `Warning`, `Deprecated`), not part of the quote; nil elsewhere.
  public var aside: String?

  public init(
    role: Role, block: Int, depth: Int? = nil, number: Int? = nil, table: Int? = nil, row: Int? = nil,
    column: Int? = nil
  ) {
    self.role = role
    self.block = block
    self.depth = depth
    self.number = number
    self.table = table
    self.row = row
    self.column = column
  }
}
