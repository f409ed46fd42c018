/// A plain-text outline of a page, one line per section and block, for `duo-kb parse`
/// and golden files. The format is for people; nothing parses it.
extension RenderPage {
  public var outline: String {
    var lines: [String] = []
    lines.append("kind: \(kind ?? "-")")
    lines.append("identifier: \(identifierURL ?? "-")")
    lines.append("title: \(title)")
    lines.append("role: \(role ?? "-")")
    lines.append("abstract: \(abstract)")
    for section in sections {
      let heading = section.heading.map { "\"\($0)\"" } ?? "(before the first heading)"
      lines.append("")
      lines.append("## \(section.level) \(heading) #\(section.anchor ?? "-")")
      for block in section.blocks {
        lines.append(Self.outlineLine(block))
      }
    }
    for (name, groups) in [("topics", topicSections), ("see also", seeAlsoSections)] {
      for group in groups {
        lines.append("")
        lines.append("\(name): \(group.title ?? "-") #\(group.anchor ?? "-")")
        for item in group.items {
          lines.append("  \(item.title ?? "?") <\(item.url ?? item.identifier)>")
        }
      }
    }
    if !warnings.isEmpty {
      lines.append("")
      lines.append(contentsOf: warnings.map { "warning: \($0)" })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func outlineLine(_ block: TextBlock) -> String {
    var tags = [block.kind.rawValue]
    if let style = block.style { tags.append("style=\(style)") }
    if let aside = block.aside { tags.append("aside=\(aside.name)") }
    if let tab = block.tabTitle { tags.append("tab=\(tab)") }
    if block.nestingLevel > 0 { tags.append("level=\(block.nestingLevel)") }
    if let cell = block.cell { tags.append("cell=\(cell.table).\(cell.row).\(cell.column)") }
    let indent = String(repeating: "  ", count: block.nestingLevel)
    let text = block.text.split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\n    " + indent)
    return "  \(indent)[\(tags.joined(separator: " "))] \(text)"
  }
}
