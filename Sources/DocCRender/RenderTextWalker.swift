import JSON

/// Walks a decoded render node in reading order and emits headings and text blocks.
/// Recursion follows the JSON, whose depth `JSONPreflight` has bounded.
struct RenderTextWalker {
  /// What the walk emits, in reading order; sections are cut from this stream at the end.
  enum Emitted {
    case heading(text: String?, anchor: String?, level: Int)
    case block(TextBlock)
  }

  /// Where a block sits: the innermost container decides what a paragraph is.
  struct Context {
    var paragraphKind: TextBlock.Kind = .paragraph
    var style: String?
    var aside: AsideLabel?
    var tabTitle: String?
    var nestingLevel = 0
    /// True outside every container: a heading here always starts a section.
    var isTopLevel = true
  }

  let references: JSONValue?
  var warnings: [DocCWarning] = []
  var unknownNodeCount = 0
  var nodeTypeCounts: [String: Int] = [:]
  var emitted: [Emitted] = []
  /// Tables seen since the last heading, for `TableCellPosition.table`.
  var tableCountInSection = 0
  /// Off while reading text outside the page body (abstract, references).
  var isCounting = false

  init(references: JSONValue?) {
    self.references = references
  }

  mutating func page(from root: JSONValue, schemaVersion: String?) -> RenderPage {
    let metadata = root["metadata"]
    var page = RenderPage()
    page.kind = root["kind"]?.stringValue
    page.identifierURL = root["identifier"]?["url"]?.stringValue
    page.title = metadata?["title"]?.stringValue ?? root["title"]?.stringValue ?? ""
    page.role = metadata?["role"]?.stringValue
    page.schemaVersion = schemaVersion
    page.abstract = inlineText(root["abstract"], path: "abstract")
    page.metadata = pageMetadata(root)
    isCounting = true
    walkPrimaryContentSections(root["primaryContentSections"]?.arrayValue ?? [])
    walkTutorialSections(root["sections"]?.arrayValue ?? [])
    isCounting = false
    page.sections = Self.sections(from: emitted)
    page.topicSections = topicSections(root["topicSections"])
    page.seeAlsoSections = topicSections(root["seeAlsoSections"])
    page.references = referenceSummaries()
    page.warnings = warnings
    page.unknownNodeCount = unknownNodeCount
    page.nodeTypeCounts = nodeTypeCounts
    return page
  }

  static func sections(from emitted: [Emitted]) -> [RenderSection] {
    var sections = [RenderSection(heading: nil, anchor: nil, level: 0)]
    for item in emitted {
      switch item {
      case .heading(let text, let anchor, let level):
        sections.append(RenderSection(heading: text, anchor: anchor, level: level))
      case .block(let block):
        sections[sections.count - 1].blocks.append(block)
      }
    }
    if sections[0].blocks.isEmpty { sections.removeFirst() }
    return sections
  }

  mutating func emit(_ block: TextBlock) {
    emitted.append(.block(block))
  }

  /// Emits `text` as a block of `kind` in `context`, unless it is empty.
  mutating func emit(_ kind: TextBlock.Kind, _ text: String, _ context: Context, style: String? = nil) {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else { return }
    emit(
      TextBlock(
        kind: kind, text: trimmed, style: style ?? context.style, aside: context.aside,
        tabTitle: context.tabTitle, nestingLevel: context.nestingLevel))
  }

  /// Starts a section; `text` is nil for a section the JSON gives an anchor but no title.
  mutating func startSection(text: String?, anchor: String?, level: Int) {
    emitted.append(.heading(text: text?.trimmingWhitespace(), anchor: anchor, level: level))
    tableCountInSection = 0
  }

  mutating func count(_ type: String) {
    if isCounting { nodeTypeCounts[type, default: 0] += 1 }
  }

  func reference(_ identifier: String) -> JSONValue? {
    references?[identifier]
  }

  private func topicSections(_ value: JSONValue?) -> [TopicSection] {
    (value?.arrayValue ?? []).map { group in
      let items = (group["identifiers"]?.arrayValue ?? []).compactMap(\.stringValue).map { identifier in
        let target = reference(identifier)
        return TopicItem(
          identifier: identifier, title: target?["title"]?.stringValue, url: target?["url"]?.stringValue)
      }
      return TopicSection(
        title: group["title"]?.stringValue, anchor: group["anchor"]?.stringValue, items: items)
    }
  }

  private mutating func referenceSummaries() -> [String: ReferenceSummary] {
    guard case .object(let entries) = references else { return [:] }
    var summaries: [String: ReferenceSummary] = [:]
    // Abstract inlines of references are not page content: their warnings are not kept.
    let savedWarnings = warnings
    let savedUnknown = unknownNodeCount
    for (key, entry) in entries {
      summaries[key] = ReferenceSummary(
        identifier: entry["identifier"]?.stringValue ?? key, type: entry["type"]?.stringValue,
        kind: entry["kind"]?.stringValue, role: entry["role"]?.stringValue, title: entry["title"]?.stringValue,
        url: entry["url"]?.stringValue, alt: entry["alt"]?.stringValue,
        abstract: inlineText(entry["abstract"], path: "references"))
    }
    warnings = savedWarnings
    unknownNodeCount = savedUnknown
    return summaries
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var view = self[...]
    while let first = view.first, first.isWhitespace { view.removeFirst() }
    while let last = view.last, last.isWhitespace { view.removeLast() }
    return String(view)
  }
}
