import JSON
import KnowledgeBase

/// A tool's arguments as JSON Schema, made from the request fields of `KnowledgeBase`
/// (`SearchRequest`, `QuoteRequest`), with the bounds and defaults MCP takes.
enum ToolSchema {
  /// A whole number: its bounds and default on MCP, its help with the default.
  static func integer(_ field: IntegerField) -> JSONValue {
    let fallback = field.defaultValue(on: .mcp)
    return [
      "type": "integer", "minimum": .int(field.minimum), "maximum": .int(field.maximum(on: .mcp)),
      "default": .int(fallback), "description": .string("\(field.help) (default \(fallback))"),
    ]
  }

  /// True or false, false unless given.
  static func flag(_ field: FlagField) -> JSONValue {
    ["type": "boolean", "default": false, "description": .string(field.help)]
  }
}
