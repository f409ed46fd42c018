import CLibXML2

/// A node of a libxml2 HTML tree, read-only.
///
/// Valid only while its `HTMLDocument` is alive (inside `HTMLDocument.withParsed`).
/// Every walk is iterative (parent and sibling links, no recursion), so a deep tree
/// cannot overflow the stack.
struct HTMLNode {
  let pointer: xmlNodePtr

  var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
  var isText: Bool {
    pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE
  }

  /// The tag name; libxml2's HTML parser lowercases it.
  var name: String {
    guard let name = pointer.pointee.name else { return "" }
    return String(cString: name)
  }

  func isElement(named tag: String) -> Bool { isElement && name == tag }

  /// The text of a text node, entities already decoded by the parser.
  var content: String {
    guard isText, let content = pointer.pointee.content else { return "" }
    return String(cString: content)
  }

  /// An attribute's value (entities decoded), or nil when the element has none by that name.
  func attribute(_ attributeName: String) -> String? {
    guard isElement else { return nil }
    var attribute = pointer.pointee.properties
    while let current = attribute {
      if let name = current.pointee.name, String(cString: name).lowercased() == attributeName {
        var value = ""
        var child = current.pointee.children
        while let text = child {
          if let content = text.pointee.content { value += String(cString: content) }
          child = text.pointee.next
        }
        return value
      }
      attribute = current.pointee.next
    }
    return nil
  }

  /// Whether the `class` attribute lists `className` (HTML class tokens are whitespace-separated).
  func hasClass(_ className: String) -> Bool {
    guard let classes = attribute("class") else { return false }
    return classes.split(whereSeparator: \.isWhitespace).contains { $0 == className }
  }

  /// Visits every node below this one in document order.
  func forEachDescendant(_ visit: (HTMLNode) -> Void) {
    walk { node, _ in visit(node) }
  }

  /// Visits every node below this one in document order, with its depth (1 for a child).
  func walk(_ visit: (HTMLNode, _ depth: Int) -> Void) {
    walkUntil { node, depth in
      visit(node, depth)
      return false
    }
  }

  /// Visits nodes in document order until `visit` returns true.
  private func walkUntil(_ visit: (HTMLNode, _ depth: Int) -> Bool) {
    var next = pointer.pointee.children
    var depth = 1
    while let node = next {
      if visit(HTMLNode(pointer: node), depth) { return }
      if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children {
        next = child
        depth += 1
        continue
      }
      var current = node
      while current.pointee.next == nil {
        guard let parent = current.pointee.parent, parent != pointer else { return }
        current = parent
        depth -= 1
      }
      next = current.pointee.next
    }
  }

  /// Every element below this one, in document order, for which `matches` holds.
  func elements(where matches: (HTMLNode) -> Bool) -> [HTMLNode] {
    var found: [HTMLNode] = []
    forEachDescendant { node in
      if node.isElement && matches(node) { found.append(node) }
    }
    return found
  }

  /// The first element below this one, in document order, for which `matches` holds.
  func firstElement(where matches: (HTMLNode) -> Bool) -> HTMLNode? {
    var found: HTMLNode?
    walkUntil { node, _ in
      if node.isElement && matches(node) { found = node }
      return found != nil
    }
    return found
  }

  /// All text below this node, in document order, exactly as parsed; `<br>` counts as a newline.
  var text: String {
    if isText { return content }
    var result = ""
    forEachDescendant { node in
      if node.isText {
        result += node.content
      } else if node.isElement(named: "br") {
        result += "\n"
      }
    }
    return result
  }

  /// The text with runs of whitespace collapsed to one space and the ends trimmed.
  var collapsedText: String { text.collapsingWhitespace() }

  /// The depth of the deepest element below this one (0 when there is none).
  var maximumElementDepth: Int {
    var deepest = 0
    walk { node, depth in
      if node.isElement { deepest = max(deepest, depth) }
    }
    return deepest
  }
}

extension String {
  /// Runs of whitespace (including no-break spaces and newlines) as one space, ends trimmed.
  func collapsingWhitespace() -> String {
    split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
