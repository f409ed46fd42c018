import JSON

/// Inline content (RenderNode.spec.json `RenderInlineContent`) as plain text.
extension RenderTextWalker {
  /// The plain text of an `inlineContent` array.
  mutating func inlineText(_ value: JSONValue?, path: String) -> String {
    var text = ""
    for (index, node) in (value?.arrayValue ?? []).enumerated() {
      appendInline(node, path: "\(path)[\(index)]", to: &text)
    }
    return text
  }

  private mutating func appendInline(_ node: JSONValue, path: String, to text: inout String) {
    let type = node["type"]?.stringValue ?? "(none)"
    count(type)
    switch type {
    case "text":
      text += node["text"]?.stringValue ?? ""
    case "codeVoice":
      text += node["code"]?.stringValue ?? ""
    case "emphasis", "italic", "strong", "bold", "newTerm", "inlineHead", "superscript",
      "subscript", "strikethrough", "small":
      text += inlineText(node["inlineContent"], path: "\(path).inlineContent")
    case "link":
      text +=
        node["title"]?.stringValue
        ?? nonEmpty(inlineText(node["titleInlineContent"], path: "\(path).titleInlineContent"))
        ?? node["destination"]?.stringValue ?? ""
    case "reference":
      text += referenceTitle(node, path: path)
    case "image":
      text += imageText(node)
    default:
      unknownNodeCount += 1
      warnings.append(.unknownInline(type: type, path: path))
      text += Self.looseText(node)
    }
  }

  /// A `reference` inline: `overridingTitle` wins, then the referenced entry's title
  /// (for a link reference: its title, else its URL); an unresolved one keeps its identifier.
  private mutating func referenceTitle(_ node: JSONValue, path: String) -> String {
    if let title = node["overridingTitle"]?.stringValue { return title }
    if let title = nonEmpty(
      inlineText(node["overridingTitleInlineContent"], path: "\(path).overridingTitleInlineContent"))
    {
      return title
    }
    let identifier = node["identifier"]?.stringValue ?? ""
    guard let title = referencedTitle(identifier) else {
      warnings.append(.unresolvedReference(identifier: identifier, path: path))
      return identifier
    }
    return title
  }

  /// The title of the `references` entry for `identifier`: its `title`, else its
  /// `titleInlineContent`, else its `url`; nil when there is no such entry.
  mutating func referencedTitle(_ identifier: String) -> String? {
    guard let target = reference(identifier) else { return nil }
    if let title = target["title"]?.stringValue { return title }
    if let title = nonEmpty(inlineText(target["titleInlineContent"], path: "references")) {
      return title
    }
    return target["url"]?.stringValue ?? identifier
  }

  /// An image or video node: the reference's `alt`, else the node's caption
  /// (`metadata.abstract`), else `metadata.title`.
  mutating func imageText(_ node: JSONValue) -> String {
    let identifier = node["identifier"]?.stringValue ?? ""
    if let alt = reference(identifier)?["alt"]?.stringValue, !alt.isEmpty { return alt }
    if let caption = nonEmpty(inlineText(node["metadata"]?["abstract"], path: "metadata.abstract")) {
      return caption
    }
    return node["metadata"]?["title"]?.stringValue ?? ""
  }

  func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
  }

  /// The text an unknown node carries: its `text`, `code` and `title` strings and those of
  /// its `inlineContent`/`content`, depth-first, joined by spaces.
  static func looseText(_ node: JSONValue) -> String {
    var parts: [String] = []
    collectLooseText(node, into: &parts)
    return parts.joined(separator: " ")
  }

  private static func collectLooseText(_ node: JSONValue, into parts: inout [String]) {
    switch node {
    case .object(let members):
      for key in ["title", "text", "code"] {
        if let value = members[key]?.stringValue { parts.append(value) }
        if key == "code", let lines = members[key]?.arrayValue {
          parts.append(contentsOf: lines.compactMap(\.stringValue))
        }
      }
      for key in members.keys.sorted() where !["title", "text", "code"].contains(key) {
        if let value = members[key], case .array = value { collectLooseText(value, into: &parts) }
        if let value = members[key], value.isObject { collectLooseText(value, into: &parts) }
      }
    case .array(let items):
      for item in items { collectLooseText(item, into: &parts) }
    default:
      break
    }
  }
}
