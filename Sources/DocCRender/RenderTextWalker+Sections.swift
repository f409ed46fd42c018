import JSON

/// Page-level sections: `primaryContentSections` of documentation pages and the
/// `sections` of tutorial pages (RenderNode.spec.json `DocumentationPrimaryRenderSection`,
/// `RenderSection`).
extension RenderTextWalker {
  mutating func walkPrimaryContentSections(_ sections: [JSONValue]) {
    for (index, section) in sections.enumerated() {
      let path = "primaryContentSections[\(index)]"
      switch section["kind"]?.stringValue ?? "(none)" {
      case "content":
        walkBlocks(section["content"], path: "\(path).content", Context())
      case "declarations":
        declarations(section, Context())
      case "parameters":
        for (offset, parameter) in (section["parameters"]?.arrayValue ?? []).enumerated() {
          emit(.term, parameter["name"]?.stringValue ?? "", Context())
          var inner = nested(Context())
          inner.paragraphKind = .definition
          walkBlocks(parameter["content"], path: "\(path).parameters[\(offset)].content", inner)
        }
      case "mentions":
        break
      case let kind:
        warnings.append(.unknownSectionKind(kind: kind, path: path))
        walkGenerically(section, path: path)
      }
    }
  }

  private mutating func declarations(_ section: JSONValue, _ context: Context) {
    for declaration in section["declarations"]?.arrayValue ?? [] {
      let tokens = (declaration["tokens"]?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
      let languages = (declaration["languages"]?.arrayValue ?? []).compactMap(\.stringValue)
      emit(
        .declaration, tokens.joined(), context,
        style: languages.isEmpty ? nil : languages.joined(separator: ","))
    }
  }

  /// A section of an unknown kind: every `content` array of blocks inside it is walked,
  /// and `name`/`title` strings beside them become terms.
  private mutating func walkGenerically(_ value: JSONValue, path: String) {
    switch value {
    case .object(let members):
      if let name = members["name"]?.stringValue ?? members["title"]?.stringValue {
        emit(.term, name, nested(Context()))
      }
      for key in members.keys.sorted() {
        guard let member = members[key] else { continue }
        if key == "content", let blocks = member.arrayValue, blocks.allSatisfy(\.isObject) {
          walkBlocks(member, path: "\(path).content", nested(Context()))
        } else {
          walkGenerically(member, path: "\(path).\(key)")
        }
      }
    case .array(let items):
      for (index, item) in items.enumerated() { walkGenerically(item, path: "\(path)[\(index)]") }
    default:
      break
    }
  }

  /// Tutorial `sections`: hero/intro, tasks (each task a section with its anchor),
  /// assessments, call to action, volumes and chapters, resources.
  mutating func walkTutorialSections(_ sections: [JSONValue]) {
    for (index, section) in sections.enumerated() {
      let path = "sections[\(index)]"
      let kind = section["kind"]?.stringValue ?? "(none)"
      switch kind {
      case "hero", "intro", "articleBody", "callToAction":
        if let title = section["title"]?.stringValue {
          startSection(text: title, anchor: section["anchor"]?.stringValue, level: 1)
        }
        emit(.paragraph, inlineText(section["abstract"], path: "\(path).abstract"), Context())
        walkBlocks(section["content"], path: "\(path).content", Context())
      case "tasks":
        for (offset, task) in (section["tasks"]?.arrayValue ?? []).enumerated() {
          let taskPath = "\(path).tasks[\(offset)]"
          startSection(
            text: task["title"]?.stringValue, anchor: task["anchor"]?.stringValue, level: 2)
          walkBlocks(task["contentSection"], path: "\(taskPath).contentSection", Context())
          walkBlocks(task["stepsSection"], path: "\(taskPath).stepsSection", Context())
        }
      case "assessments":
        assessments(section, path: path)
      case "volume", "resources":
        walkVolume(section, path: path)
      default:
        warnings.append(.unknownSectionKind(kind: kind, path: path))
        walkGenerically(section, path: path)
      }
    }
  }

  private mutating func assessments(_ section: JSONValue, path: String) {
    if let anchor = section["anchor"]?.stringValue {
      startSection(text: section["title"]?.stringValue, anchor: anchor, level: 2)
    }
    for (offset, assessment) in (section["assessments"]?.arrayValue ?? []).enumerated() {
      let itemPath = "\(path).assessments[\(offset)]"
      walkBlocks(assessment["title"], path: "\(itemPath).title", Context())
      walkBlocks(assessment["content"], path: "\(itemPath).content", Context())
      for (choiceIndex, choice) in (assessment["choices"]?.arrayValue ?? []).enumerated() {
        var inner = nested(Context())
        inner.paragraphKind = .listItem
        inner.nestingLevel = 1
        let choicePath = "\(itemPath).choices[\(choiceIndex)]"
        walkBlocks(choice["content"], path: "\(choicePath).content", inner)
        walkBlocks(choice["justification"], path: "\(choicePath).justification", inner)
      }
    }
  }

  private mutating func walkVolume(_ section: JSONValue, path: String) {
    if let name = section["name"]?.stringValue ?? section["title"]?.stringValue {
      startSection(text: name, anchor: section["anchor"]?.stringValue, level: 1)
    }
    walkBlocks(section["content"], path: "\(path).content", Context())
    for key in ["chapters", "tiles"] {
      for (offset, part) in (section[key]?.arrayValue ?? []).enumerated() {
        if let name = part["name"]?.stringValue ?? part["title"]?.stringValue {
          startSection(text: name, anchor: part["anchor"]?.stringValue, level: 2)
        }
        walkBlocks(part["content"], path: "\(path).\(key)[\(offset)].content", Context())
      }
    }
  }
}
