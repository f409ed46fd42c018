/// A node of cue text (W3C WebVTT §6.4 "WebVTT Node Objects").
public enum CueNode: Sendable, Equatable {
  /// Text, character references decoded.
  case text(String)
  /// An inner timestamp `<00:00:01.500>`.
  case timestamp(milliseconds: Int)
  /// A span: `<c>`, `<i>`, `<b>`, `<u>`, `<ruby>`, `<rt>`, `<v>` or `<lang>`.
  case span(CueSpan)
}

/// An internal node of cue text: a tag, its classes, and its children.
public struct CueSpan: Sendable, Equatable {
  /// The tag, named as §6.4 names the objects; raw values are the tag names.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case `class` = "c"
    case italic = "i"
    case bold = "b"
    case underline = "u"
    case ruby
    case rubyText = "rt"
    case voice = "v"
    case language = "lang"
  }

  public var kind: Kind
  /// `<c.yellow.bg_blue>` has `["yellow", "bg_blue"]`; empty names are dropped.
  public var classes: [String]
  /// The voice name of `<v Name>` or the tag of `<lang en>` (whitespace collapsed,
  /// `""` when absent); `nil` for the other kinds, whose annotation the spec ignores.
  public var annotation: String?
  public var children: [CueNode]

  public init(
    kind: Kind, classes: [String] = [], annotation: String? = nil, children: [CueNode] = []
  ) {
    self.kind = kind
    self.classes = classes
    self.annotation = annotation
    self.children = children
  }
}

extension Array where Element == CueNode {
  /// The text of every text node in document order, ruby text (`<rt>`) left out as
  /// §6.6 does for chapter titles; tags and timestamps contribute nothing.
  public var plainText: String {
    var result = ""
    var stack: [ArraySlice<CueNode>] = [self[...]]
    while var nodes = stack.popLast() {
      guard let node = nodes.popFirst() else { continue }
      stack.append(nodes)
      switch node {
      case .text(let text):
        result += text
      case .timestamp:
        break
      case .span(let span):
        if span.kind != .rubyText { stack.append(span.children[...]) }
      }
    }
    return result
  }

  /// The annotation of the first `<v>` span in document order, when it is not empty.
  public var voice: String? {
    var stack: [ArraySlice<CueNode>] = [self[...]]
    while var nodes = stack.popLast() {
      guard let node = nodes.popFirst() else { continue }
      stack.append(nodes)
      if case .span(let span) = node {
        if span.kind == .voice, let name = span.annotation, !name.isEmpty { return name }
        stack.append(span.children[...])
      }
    }
    return nil
  }
}
