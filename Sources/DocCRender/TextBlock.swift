/// One piece of a section's text, in reading order, with what kind of node it came from,
/// so that a later stage can cut passages (sentences, list items) that keep their section.
public struct TextBlock: Sendable, Equatable {
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case paragraph
    /// A heading nested in a container (aside, list, tab) that has no anchor.
    case heading
    /// One paragraph of a list item; `nestingLevel` is 1 for a top-level list.
    case listItem
    case asideParagraph
    case tableHeaderCell
    case tableCell
    case term
    case definition
    /// A tab's title in a `tabNavigator`; the tab's blocks follow with `tabTitle` set.
    case tabTitle
    /// One item of a `links` block: the referenced page's title.
    case link
    case smallPrint
    /// A `codeListing`, lines joined by "\n"; `style` is its syntax.
    case code
    /// A symbol declaration's tokens.
    case declaration
    /// An image's or video's alt text, or a table's or listing's caption.
    case caption
    /// Text kept from a node of an unknown type.
    case unknown
  }

  public var kind: Kind
  public var text: String
  /// Aside style (`note`, `important`, ...) for aside paragraphs, code syntax, links
  /// style, list item number in an ordered list.
  public var style: String?
  /// The aside this block sits in, if any (its name such as "Note" or "Beta Software").
  public var aside: AsideLabel?
  /// The tab this block sits in, if any.
  public var tabTitle: String?
  /// List nesting: 0 outside lists, 1 in a top-level list, 2 in a list inside it, ...
  public var nestingLevel: Int
  /// Where a table cell sits.
  public var cell: TableCellPosition?

  public init(
    kind: Kind, text: String, style: String? = nil, aside: AsideLabel? = nil,
    tabTitle: String? = nil, nestingLevel: Int = 0, cell: TableCellPosition? = nil
  ) {
    self.kind = kind
    self.text = text
    self.style = style
    self.aside = aside
    self.tabTitle = tabTitle
    self.nestingLevel = nestingLevel
    self.cell = cell
  }
}

/// An aside's `style` and the name shown for it (`name`, else the style capitalized).
public struct AsideLabel: Sendable, Equatable {
  public var style: String
  public var name: String

  public init(style: String, name: String) {
    self.style = style
    self.name = name
  }
}

/// A table cell's position: which table of the section, row and column from zero.
public struct TableCellPosition: Sendable, Equatable {
  public var table: Int
  public var row: Int
  public var column: Int

  public init(table: Int, row: Int, column: Int) {
    self.table = table
    self.row = row
    self.column = column
  }
}
