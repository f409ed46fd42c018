import DocumentModel

/// Turns a HIG page's sections into passages, each with its section's anchor and heading.
///
/// - Prose (`paragraph`, `asideParagraph`, `definition`, `caption`, `other`): white space
///   collapsed, then one passage of kind `.text` per sentence (`SentenceSegmenter`).
/// - Units (`listItem`, `tableCell`, `term`): one passage each, whole, because a list item
///   is one guideline; only one longer than `maximumPassageLength` scalars is split into
///   sentences.
/// - `code`: one passage of kind `.code` whose text is the listing exactly, except that
///   CRLF and CR line breaks become LF; white space is not collapsed, since it is meaning
///   in code. A listing of only white space is skipped.
/// - A sentence longer than `hardPassageLength` scalars is cut at the last space before it.
/// - Blocks with no text after collapsing give no passage. An aside's style is not part of
///   the quote (the passage keeps Apple's words only).
/// - The anchor is the section's own; a section without one gives passages without one.
/// - Each passage records its block (`PassageLayout`): the block's number in the section,
///   its role, a list item's depth and number, a cell's table, row and column.
public struct HIGNormalizer: Sendable {
  public var maximumPassageLength: Int
  public var hardPassageLength: Int
  private let segmenter = SentenceSegmenter()

  public init(maximumPassageLength: Int = 600, hardPassageLength: Int = 2_000) {
    self.maximumPassageLength = max(1, maximumPassageLength)
    self.hardPassageLength = max(1, hardPassageLength)
  }

  public func passages(from sections: [HIGSectionInput]) -> [Passage] {
    var passages: [Passage] = []
    for section in sections {
      let heading = section.heading.map { TextNormalization.collapseWhitespace($0) }
      for (number, block) in section.blocks.enumerated() {
        let layout = Self.layout(of: block, number: number)
        for (kind, text) in pieces(of: block) {
          passages.append(Passage(kind: kind, text: text, anchor: section.anchor, heading: heading, layout: layout))
        }
      }
    }
    return passages
  }

  /// The page's headings in reading order, for `Document.sections` (sections without a
  /// heading are left out).
  public func sections(from sections: [HIGSectionInput]) -> [SectionHeading] {
    sections.compactMap { section in
      guard let heading = section.heading.map({ TextNormalization.collapseWhitespace($0) }),
        !heading.isEmpty
      else { return nil }
      return SectionHeading(title: heading, anchor: section.anchor, level: section.level)
    }
  }

  static func layout(of block: HIGBlockInput, number: Int) -> PassageLayout {
    let role: PassageLayout.Role =
      switch block.kind {
      case .paragraph: .paragraph
      case .listItem: .listItem
      case .asideParagraph: .aside
      case .tableCell: .tableCell
      case .tableHeaderCell: .tableHeaderCell
      case .term: .term
      case .definition: .definition
      case .code: .code
      case .caption: .caption
      case .other: .other
      }
    var layout = PassageLayout(role: role, block: number)
    if role == .aside { layout.aside = block.aside }
    if role == .listItem {
      layout.depth = block.listDepth ?? 1
      layout.number = block.listNumber
    }
    if role == .tableCell || role == .tableHeaderCell {
      layout.table = block.table
      layout.row = block.row
      layout.column = block.column
    }
    return layout
  }

  private func pieces(of block: HIGBlockInput) -> [(PassageKind, String)] {
    switch block.kind {
    case .code:
      let code = TextNormalization.normalizeLineBreaks(block.text)
      let isBlank = code.unicodeScalars.allSatisfy(\.properties.isWhitespace)
      return isBlank ? [] : [(.code, code)]
    case .listItem, .tableCell, .tableHeaderCell, .term:
      let text = TextNormalization.collapseWhitespace(block.text)
      if text.isEmpty { return [] }
      if text.unicodeScalars.count <= maximumPassageLength { return [(.text, text)] }
      return sentences(of: text).map { (.text, $0) }
    case .paragraph, .asideParagraph, .definition, .caption, .other:
      return sentences(of: TextNormalization.collapseWhitespace(block.text)).map { (.text, $0) }
    }
  }

  private func sentences(of text: String) -> [String] {
    var result: [String] = []
    let scalars = text.unicodeScalars
    for sentence in segmenter.sentences(in: text[...]) {
      var start = sentence.startIndex
      let end = sentence.endIndex
      while let limit = scalars.index(start, offsetBy: hardPassageLength, limitedBy: end), limit < end {
        var cut = limit
        if let space = scalars[start..<limit].lastIndex(of: " "), space > start { cut = space }
        result.append(String(Substring(scalars[start..<cut])))
        start = cut
        while start < end, scalars[start] == " " { start = scalars.index(after: start) }
      }
      if start < end { result.append(String(Substring(scalars[start..<end]))) }
    }
    return result
  }
}
