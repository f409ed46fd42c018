import JSON
import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One rule of an audit checklist, with the searches that look for its support.
public struct ChecklistItem: Sendable, Equatable {
  public var rule: String
  /// Queries in the search language; empty: the rule's key words are searched instead.
  public var queries: [String]

  public init(rule: String, queries: [String] = []) {
    self.rule = rule
    self.queries = queries
  }
}

/// Reads audit checklists: a JSON array `[{"rule": "...", "queries": ["..."]}]`, or a
/// Markdown list whose items are rules (`-`, `*`, `+`, `1.` or `1)`, with or without a task
/// box `[ ]`), where a nested item `query: WORDS` adds a query to its rule and indented
/// lines continue it. Headings and other text are ignored.
public enum AuditChecklist {
  public static let maximumItems = 1_000
  public static let maximumBytes = 4 << 20

  public static func parse(_ text: String) throws(CitationsError) -> [ChecklistItem] {
    guard text.utf8.count <= maximumBytes else {
      throw .checklist(line: 0, reason: "larger than \(maximumBytes) bytes")
    }
    let trimmed = text.drop { $0.isWhitespace }
    let items = trimmed.first == "[" || trimmed.first == "{" ? try parseJSON(text) : try parseMarkdown(text)
    guard !items.isEmpty else { throw .checklist(line: 0, reason: "no rules: write a Markdown list or a JSON array") }
    guard items.count <= maximumItems else { throw .checklist(line: 0, reason: "more than \(maximumItems) rules") }
    return items
  }

  static func parseJSON(_ text: String) throws(CitationsError) -> [ChecklistItem] {
    let value: JSONValue
    do { value = try JSONValue.parse(Data(text.utf8)) } catch {
      throw .checklist(line: 0, reason: "not valid JSON (\(error))")
    }
    guard let array = value.arrayValue else { throw .checklist(line: 0, reason: "the JSON is not an array of rules") }
    var items: [ChecklistItem] = []
    for (number, element) in array.enumerated() {
      guard let rule = element["rule"]?.stringValue, !rule.trimmingWhitespaceAndNewlines().isEmpty else {
        throw .checklist(line: 0, reason: "item \(number + 1) has no \"rule\" string")
      }
      var queries: [String] = []
      if let raw = element["queries"] {
        guard let list = raw.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
          throw .checklist(line: 0, reason: "item \(number + 1): \"queries\" must be an array of strings")
        }
        queries = list.compactMap(\.stringValue).filter { !$0.trimmingSpaces().isEmpty }
      }
      items.append(ChecklistItem(rule: oneLine(rule), queries: queries))
    }
    return items
  }

  static func parseMarkdown(_ text: String) throws(CitationsError) -> [ChecklistItem] {
    var items: [ChecklistItem] = []
    var ruleIndent = -1
    var inFence = false
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = rawLine.prefix(4_000)
      let indent = line.prefix { $0 == " " || $0 == "\t" }.count
      let body = line.dropFirst(indent)
      if body.hasPrefix("```") || body.hasPrefix("~~~") {
        inFence.toggle()
        continue
      }
      if inFence { continue }
      if let item = listItemText(body) {
        if ruleIndent >= 0, indent > ruleIndent, !items.isEmpty {
          if let query = queryText(item) {
            items[items.count - 1].queries.append(query)
          } else {
            items[items.count - 1].rule += " " + item
          }
          continue
        }
        guard !item.isEmpty else { continue }
        ruleIndent = indent
        items.append(ChecklistItem(rule: item))
      } else if body.isEmpty || body.hasPrefix("#") {
        ruleIndent = body.isEmpty ? ruleIndent : -1
      } else if ruleIndent >= 0, indent > ruleIndent, !items.isEmpty {
        items[items.count - 1].rule += " " + oneLine(String(body))
      }
    }
    return items
  }

  /// The text of a list item line, without its marker and task box; nil for other lines.
  static func listItemText(_ body: Substring) -> String? {
    var rest = body
    if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
      rest = rest.dropFirst(2)
    } else {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 4 else { return nil }
      rest = rest.dropFirst(digits.count)
      guard let mark = rest.first, mark == "." || mark == ")", rest.dropFirst().first == " " else { return nil }
      rest = rest.dropFirst(2)
    }
    rest = rest.drop { $0 == " " }
    for box in ["[ ] ", "[x] ", "[X] "] where rest.hasPrefix(box) { rest = rest.dropFirst(4) }
    return oneLine(String(rest))
  }

  static func queryText(_ item: String) -> String? {
    for prefix in ["query:", "queries:", "search:"] where item.lowercased().hasPrefix(prefix) {
      let query = item.dropFirst(prefix.count).trimmingSpaces()
      return query.isEmpty ? nil : query
    }
    return nil
  }

  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
