/// A symbol page written for the tests: deprecation summary, abstract, declarations in two
/// languages, a parameter, a return value, and a discussion with an aside, a table, a tab
/// navigator and a list.
public struct FixtureDocumentationPage: Sendable {
  public var path: String
  public var title: String
  public var children: [String]
  public var deprecated: Bool
  /// The path the page's identifier names, when it answers for another page.
  public var identifierPath: String?

  public init(path: String, title: String, children: [String] = [], deprecated: Bool = false) {
    self.path = path
    self.title = title
    self.children = children
    self.deprecated = deprecated
  }

  public var route: String { "/tutorials/data/documentation/\(path).json" }
  public var pageURL: String { "https://developer.apple.com/documentation/\(path)" }

  static func paragraph(_ text: String) -> String {
    #"{"type": "paragraph", "inlineContent": [{"type": "text", "text": "\#(text)"}]}"#
  }

  public var json: String {
    let p = Self.paragraph
    let identifiers = children.map { "\"doc://com.example/documentation/\($0)\"" }.joined(separator: ", ")
    let references = children.map {
      "\"doc://com.example/documentation/\($0)\": {\"type\": \"topic\", \"title\": \"\($0)\", \"url\": \"/documentation/\($0)\"}"
    }.joined(separator: ", ")
    let platforms =
      deprecated
      ? #"[{"name": "iOS", "introducedAt": "13.0", "deprecatedAt": "17.0"}, {"name": "macOS", "introducedAt": "10.15", "deprecatedAt": "14.0"}]"#
      : #"[{"name": "iOS", "introducedAt": "13.0"}]"#
    let summary = deprecated ? #", "deprecationSummary": [\#(p("Use start() instead."))]"# : ""
    return """
      {"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "symbol",
       "identifier": {"url": "doc://com.example/documentation/\(identifierPath ?? path)", "interfaceLanguage": "swift"},
       "metadata": {"title": "\(title)", "role": "symbol", "symbolKind": "method", "roleHeading": "Instance Method",
         "modules": [{"name": "Kit"}], "platforms": \(platforms)},
       "abstract": [{"type": "text", "text": "Runs the thing. "}, {"type": "emphasis", "inlineContent": [{"type": "text", "text": "Once."}]}]
       \(summary),
       "primaryContentSections": [
         {"kind": "declarations", "declarations": [
           {"languages": ["swift"], "tokens": [{"kind": "keyword", "text": "func"}, {"kind": "text", "text": " "},
             {"kind": "identifier", "text": "run"}, {"kind": "text", "text": "("}, {"kind": "externalParam", "text": "_"},
             {"kind": "text", "text": " "}, {"kind": "internalParam", "text": "count"}, {"kind": "text", "text": ": "},
             {"kind": "typeIdentifier", "text": "Int"}, {"kind": "text", "text": ") -> "}, {"kind": "typeIdentifier", "text": "Bool"}]},
           {"languages": ["occ"], "tokens": [{"kind": "text", "text": "- (BOOL)run:(NSInteger)count;"}]}]},
         {"kind": "parameters", "parameters": [{"name": "count", "content": [\(p("How many times to run."))]}]},
         {"kind": "content", "content": [
           {"type": "heading", "level": 2, "text": "Return Value", "anchor": "return-value"},
           {"type": "paragraph", "inlineContent": [{"type": "codeVoice", "code": "true"}, {"type": "text", "text": " when every run finished."}]},
           {"type": "heading", "level": 2, "text": "Discussion", "anchor": "discussion"},
           \(p("Call this from the main thread. It returns at once.")),
           {"type": "aside", "style": "important", "name": "Important", "content": [\(p("Never call it twice."))]},
           {"type": "table", "header": "row", "rows": [[[\(p("Mode"))], [\(p("Meaning"))]], [[\(p("fast"))], [\(p("Skips checks."))]]]},
           {"type": "tabNavigator", "tabs": [{"title": "iOS", "content": [\(p("On iPhone, it runs in the background."))]},
             {"title": "macOS", "content": [\(p("On Mac, it runs in the foreground."))]}]},
           {"type": "unorderedList", "items": [{"content": [\(p("First item."))]}]}]}],
       "topicSections": [{"title": "Children", "identifiers": [\(identifiers)]}],
       "references": {\(references)}}
      """
  }
}
