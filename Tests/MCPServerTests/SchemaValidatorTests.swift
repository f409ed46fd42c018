import JSON
import Testing

@testable import MCPServer

@Suite struct SchemaValidatorTests {
  static let schema: JSONValue = [
    "type": "object",
    "properties": [
      "name": ["type": "string", "minLength": 1, "maxLength": 5],
      "count": ["type": "integer", "minimum": 1, "maximum": 3],
      "ratio": ["type": "number"],
      "tags": ["type": "array", "items": ["type": "string", "enum": ["a", "b"]]],
      "note": ["type": ["string", "null"]],
      "inner": ["type": "object", "properties": ["flag": ["type": "boolean"]], "required": ["flag"]],
    ],
    "required": ["name"],
    "additionalProperties": false,
  ]

  static let fitting: [JSONValue] = [
    ["name": "x"],
    ["name": "abcde", "count": 3, "ratio": 0.5, "tags": ["a", "b"], "note": nil, "inner": ["flag": true]],
    ["name": "x", "count": 2.0, "ratio": 2],  // 2.0 is an integer in JSON Schema; 2 is a number
    ["name": "x", "note": "text"],
  ]

  static let misfits: [(JSONValue, String)] = [
    ("x", "the arguments must be an object, not a string"),
    ([:], "missing required argument 'name'"),
    (["name": ""], "'name' must not be empty"),
    (["name": "abcdef"], "'name' must have at most 5 characters (it has 6)"),
    (["name": "x", "count": 4], "'count' must be at most 3"),
    (["name": "x", "count": 0], "'count' must be at least 1"),
    (["name": "x", "count": true], "'count' must be an integer, not a boolean"),
    (["name": "x", "ratio": "1"], "'ratio' must be a number, not a string"),
    (["name": "x", "tags": ["a", "c"]], "'tags[1]' must be one of: a, b"),
    (["name": "x", "note": 1], "'note' must be a string or null, not an integer"),
    (["name": "x", "inner": [:]], "missing required argument 'inner.flag'"),
    (["name": "x", "inner": ["flag": "yes"]], "'inner.flag' must be a boolean, not a string"),
    (["name": "x", "extra": 1], "unknown argument 'extra' (known: count, inner, name, note, ratio, tags)"),
  ]

  @Test("Values that do not fit, and what is said", arguments: misfits)
  func doesNotFit(value: JSONValue, message: String) {
    #expect(SchemaValidator.violation(of: value, against: Self.schema) == message)
  }

  @Test("Values that fit", arguments: fitting)
  func fits(value: JSONValue) {
    #expect(SchemaValidator.violation(of: value, against: Self.schema) == nil)
  }
}
