import JSON

/// Block content (RenderNode.spec.json `RenderBlockContent`), one family per function.
extension RenderTextWalker {
  mutating func walkBlocks(_ value: JSONValue?, path: String, _ context: Context) {
    for (index, node) in (value?.arrayValue ?? []).enumerated() {
      walkBlock(node, path: "\(path)[\(index)]", context)
    }
  }

  mutating func walkBlock(_ node: JSONValue, path: String, _ context: Context) {
    let type = node.nodeType ?? "(none)"
    count(type)
    switch type {
    case "paragraph":
      emit(context.paragraphKind, inlineText(node["inlineContent"], path: "\(path).inlineContent"), context)
    case "heading":
      heading(node, path: path, context)
    case "aside":
      aside(node, path: path, context)
    case "unorderedList", "orderedList":
      list(node, isOrdered: type == "orderedList", path: path, context)
    case "table":
      table(node, path: path, context)
    case "termList":
      termList(node, path: path, context)
    case "row":
      for (index, column) in (node["columns"]?.arrayValue ?? []).enumerated() {
        walkBlocks(column["content"], path: "\(path).columns[\(index)].content", nested(context))
      }
    case "columns", "fullWidth", "contentAndMedia":
      walkBlocks(node["content"], path: "\(path).content", nested(context))
      if let media = node["media"]?.stringValue { mediaText(identifier: media, context) }
    case "tabNavigator":
      tabNavigator(node, path: path, context)
    case "links":
      links(node, path: path, context)
    case "small":
      emit(.smallPrint, inlineText(node["inlineContent"], path: "\(path).inlineContent"), context)
    case "codeListing":
      codeListing(node, path: path, context)
    case "image", "video":
      emit(.caption, imageText(node), context)
    case "thematicBreak":
      break
    case "step":
      walkBlocks(node["content"], path: "\(path).content", nested(context))
      walkBlocks(node["caption"], path: "\(path).caption", nested(context))
    case "dictionaryExample", "endpointExample":
      walkBlocks(node["summary"], path: "\(path).summary", nested(context))
      for key in ["example", "request", "response"] {
        if let code = node[key] { codeListing(code, path: "\(path).\(key)", context) }
      }
    default:
      unknownNodeCount += 1
      warnings.append(.unknownBlock(type: type, path: path))
      emit(.unknown, Self.looseText(node), context)
    }
  }

  /// The context for a container's children: headings inside no longer cut sections.
  func nested(_ context: Context) -> Context {
    var inner = context
    inner.isTopLevel = false
    return inner
  }

  /// Heading levels as Markdown has them; a `level` outside reads as the nearest one
  /// (leniency against hostile input: a level of 4294967295 would be that many `#`).
  static let headingLevels = 1...6

  /// A heading at the top level, or one with an anchor, starts a section; any other
  /// heading (nested, without an anchor) stays a block of its container.
  private mutating func heading(_ node: JSONValue, path: String, _ context: Context) {
    let text = node["text"]?.stringValue ?? ""
    let anchor = node["anchor"]?.stringValue
    if context.isTopLevel || anchor != nil {
      let level = node["level"]?.intValue.map {
        min(Self.headingLevels.upperBound, max(Self.headingLevels.lowerBound, $0))
      }
      startSection(text: text, anchor: anchor, level: level ?? 0)
    } else {
      emit(.heading, text, context)
    }
  }

  private mutating func aside(_ node: JSONValue, path: String, _ context: Context) {
    let style = node["style"]?.stringValue ?? "note"
    let name = node["name"]?.stringValue ?? node["title"]?.stringValue ?? Self.capitalized(style)
    var inner = nested(context)
    inner.aside = AsideLabel(style: style, name: name)
    inner.paragraphKind = .asideParagraph
    inner.style = style
    walkBlocks(node["content"], path: "\(path).content", inner)
  }

  static func capitalized(_ style: String) -> String {
    guard let first = style.first else { return style }
    return first.uppercased() + style.dropFirst()
  }

  /// Each paragraph of an item is a `listItem` block; lists inside an item go one level
  /// deeper. An ordered list's items carry their number in `style`.
  private mutating func list(_ node: JSONValue, isOrdered: Bool, path: String, _ context: Context) {
    let start = node["start"]?.intValue ?? 1
    for (index, item) in (node["items"]?.arrayValue ?? []).enumerated() {
      var inner = nested(context)
      inner.paragraphKind = .listItem
      inner.nestingLevel = context.nestingLevel + 1
      inner.style = isOrdered ? String(start + index) : nil
      walkBlocks(item["content"], path: "\(path).items[\(index)].content", inner)
    }
  }

  /// Each cell becomes one block holding its blocks' text; header cells follow `header`
  /// (`row`, `column`, `both`, `none`). A caption in `metadata` follows the cells.
  private mutating func table(_ node: JSONValue, path: String, _ context: Context) {
    let header = node["header"]?.stringValue ?? "none"
    let tableIndex = tableCountInSection
    tableCountInSection += 1
    for (rowIndex, row) in (node["rows"]?.arrayValue ?? []).enumerated() {
      for (columnIndex, cell) in (row.arrayValue ?? []).enumerated() {
        let isHeader =
          (rowIndex == 0 && (header == "row" || header == "both"))
          || (columnIndex == 0 && (header == "column" || header == "both"))
        let text = collectedText(
          cell, path: "\(path).rows[\(rowIndex)][\(columnIndex)]", nested(context))
        emit(
          TextBlock(
            kind: isHeader ? .tableHeaderCell : .tableCell, text: text, style: context.style,
            aside: context.aside, tabTitle: context.tabTitle, nestingLevel: context.nestingLevel,
            cell: TableCellPosition(table: tableIndex, row: rowIndex, column: columnIndex)))
      }
    }
    caption(node["metadata"], path: "\(path).metadata", context)
  }

  /// Walks `blocks` aside and returns their text, one block per line, for a table cell.
  private mutating func collectedText(_ blocks: JSONValue, path: String, _ context: Context) -> String {
    let mark = emitted.count
    walkBlocks(blocks, path: path, context)
    var lines: [String] = []
    for item in emitted[mark...] {
      switch item {
      case .block(let block): lines.append(block.text)
      case .heading(let text, _, _): if let text { lines.append(text) }
      }
    }
    emitted.removeSubrange(mark...)
    return lines.joined(separator: "\n")
  }

  private mutating func termList(_ node: JSONValue, path: String, _ context: Context) {
    for (index, item) in (node["items"]?.arrayValue ?? []).enumerated() {
      let itemPath = "\(path).items[\(index)]"
      emit(.term, inlineText(item["term"]?["inlineContent"], path: "\(itemPath).term"), context)
      var inner = nested(context)
      inner.paragraphKind = .definition
      walkBlocks(item["definition"]?["content"], path: "\(itemPath).definition.content", inner)
    }
  }

  private mutating func tabNavigator(_ node: JSONValue, path: String, _ context: Context) {
    for (index, tab) in (node["tabs"]?.arrayValue ?? []).enumerated() {
      let title = tab["title"]?.stringValue ?? ""
      emit(.tabTitle, title, context)
      var inner = nested(context)
      inner.tabTitle = title
      walkBlocks(tab["content"], path: "\(path).tabs[\(index)].content", inner)
    }
  }

  /// A `links` block lists reference identifiers; each becomes the referenced title
  /// (an unresolved one keeps its identifier, with a warning).
  private mutating func links(_ node: JSONValue, path: String, _ context: Context) {
    let style = node["style"]?.stringValue
    for (index, identifier) in (node["items"]?.arrayValue ?? []).compactMap(\.stringValue).enumerated() {
      guard let title = referencedTitle(identifier) else {
        warnings.append(.unresolvedReference(identifier: identifier, path: "\(path).items[\(index)]"))
        emit(.link, identifier, context, style: style)
        continue
      }
      emit(.link, title, context, style: style)
    }
  }

  private mutating func codeListing(_ node: JSONValue, path: String, _ context: Context) {
    let lines = (node["code"]?.arrayValue ?? []).compactMap(\.stringValue)
    let code = lines.isEmpty ? (node["code"]?.stringValue ?? "") : lines.joined(separator: "\n")
    if !code.allSatisfy(\.isWhitespace) {
      emit(
        TextBlock(
          kind: .code, text: code, style: node["syntax"]?.stringValue, aside: context.aside,
          tabTitle: context.tabTitle, nestingLevel: context.nestingLevel))
    }
    caption(node["metadata"], path: "\(path).metadata", context)
  }

  /// `metadata.title` and `metadata.abstract` of a table, listing or media block.
  private mutating func caption(_ metadata: JSONValue?, path: String, _ context: Context) {
    guard let metadata else { return }
    if let title = metadata["title"]?.stringValue { emit(.caption, title, context) }
    emit(.caption, inlineText(metadata["abstract"], path: "\(path).abstract"), context)
  }

  private mutating func mediaText(identifier: String, _ context: Context) {
    if let alt = reference(identifier)?["alt"]?.stringValue { emit(.caption, alt, context) }
  }
}
