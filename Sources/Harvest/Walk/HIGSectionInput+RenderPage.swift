import DocCRender
import Normalize

extension HIGSectionInput {
  /// A page's abstract, then its sections, as the normalizer takes them, each block with
  /// where it sits (list depth and number, table cell). A tab's title is a label, not
  /// guidance: its content is kept, the title is not a passage.
  public static func inputs(from page: RenderPage) -> [HIGSectionInput] {
    var inputs: [HIGSectionInput] = []
    if !page.abstract.isEmpty {
      inputs.append(
        HIGSectionInput(
          heading: nil, anchor: nil, level: 1, blocks: [HIGBlockInput(kind: .paragraph, text: page.abstract)]))
    }
    for section in page.sections {
      inputs.append(
        HIGSectionInput(
          heading: section.heading, anchor: section.anchor, level: section.level,
          blocks: section.blocks.filter { $0.kind != .tabTitle }.map(HIGBlockInput.init(block:))))
    }
    return inputs
  }
}

extension HIGBlockInput {
  /// A DocC text block as the normalizer takes it.
  public init(block: TextBlock) {
    let kind = Self.kind(block.kind)
    self.init(kind: kind, text: block.text, style: block.style)
    if kind == .listItem {
      listDepth = max(1, block.nestingLevel)
      listNumber = block.style.flatMap { Int($0) }
    }
    if let cell = block.cell, kind == .tableCell || kind == .tableHeaderCell {
      table = cell.table
      row = cell.row
      column = cell.column
    }
  }

  static func kind(_ kind: TextBlock.Kind) -> HIGBlockKind {
    switch kind {
    case .paragraph, .smallPrint: .paragraph
    case .listItem: .listItem
    case .asideParagraph: .asideParagraph
    case .tableHeaderCell: .tableHeaderCell
    case .tableCell: .tableCell
    case .term: .term
    case .definition: .definition
    case .code, .declaration: .code
    case .caption: .caption
    case .heading, .tabTitle, .link, .unknown: .other
    }
  }
}
