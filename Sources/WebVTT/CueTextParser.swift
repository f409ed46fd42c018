/// The WebVTT cue text parsing rules (W3C WebVTT §6.4): cue text to a tree of nodes.
///
/// Iterative, so hostile nesting cannot overflow the stack; start tags nested deeper
/// than `maxNestingDepth` are ignored like unknown tags (their text is kept).
public enum CueTextParser {
  public static func parse(
    _ text: String, maxNestingDepth: Int = WebVTTLimits.default.maxNestingDepth
  ) -> [CueNode] {
    var utf8 = Array(text.utf8)
    return utf8.withUnsafeMutableBufferPointer { buffer in
      var builder = TreeBuilder(maxDepth: maxNestingDepth)
      var tokenizer = CueTextTokenizer(input: UnsafeBufferPointer(buffer))
      while let token = tokenizer.next() { builder.add(token) }
      return builder.finish()
    }
  }
}

/// Builds the tree from tokens with an explicit stack of open spans.
private struct TreeBuilder {
  private struct OpenSpan {
    var span: CueSpan
  }

  let maxDepth: Int
  private var root: [CueNode] = []
  private var open: [OpenSpan] = []

  init(maxDepth: Int) {
    self.maxDepth = max(0, maxDepth)
  }

  mutating func add(_ token: CueTextToken) {
    switch token {
    case .string(let text):
      append(.text(text))
    case .startTag(let name, let classes, let annotation):
      guard let kind = CueSpan.Kind(rawValue: name), open.count < maxDepth else { return }
      if kind == .rubyText, open.last?.span.kind != .ruby { return }
      let keepsAnnotation = kind == .voice || kind == .language
      let span = CueSpan(
        kind: kind, classes: classes.filter { !$0.isEmpty },
        annotation: keepsAnnotation ? (annotation ?? "") : nil)
      open.append(OpenSpan(span: span))
    case .endTag(let name):
      guard let current = open.last?.span.kind else { return }
      if current.rawValue == name {
        close()
      } else if name == "ruby", current == .rubyText {
        close()
        close()
      }
    case .timestamp(let value):
      if let milliseconds = CueTime.milliseconds(value) {
        append(.timestamp(milliseconds: milliseconds))
      }
    }
  }

  /// Closes what is still open and returns the root's children.
  mutating func finish() -> [CueNode] {
    while !open.isEmpty { close() }
    return root
  }

  private mutating func append(_ node: CueNode) {
    if open.isEmpty {
      root.append(node)
    } else {
      open[open.count - 1].span.children.append(node)
    }
  }

  private mutating func close() {
    guard let closed = open.popLast() else { return }
    append(.span(closed.span))
  }
}
