#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON value (RFC 8259), the one type every module reads and writes untyped JSON with:
/// integers are kept apart from other numbers so that request ids and counts come back as
/// they were sent. Object key order is not kept (where order matters, JSON carries it in
/// arrays).
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  public var intValue: Int? {
    switch self {
    case .int(let value): value
    case .double(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
    default: nil
    }
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  public var objectValue: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  public var arrayValue: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The JSON type name, as JSON Schema's `type` keyword spells it.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .int: "integer"
    case .double: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Compact JSON on one line (no newline inside: string newlines are escaped), keys sorted.
  public func encodedLine() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  /// Reads one JSON text; nil when it is not JSON or nests deeper than `maximumDepth`.
  /// Leniencies (`JSONParser`): a byte order mark, a trailing comma in an array or object.
  public static func decode(_ data: Data, maximumDepth: Int = JSONNesting.defaultLimit) -> JSONValue? {
    try? parse(data, maximumDepth: maximumDepth)
  }

  /// Reads one JSON text, or says where and why it is not one: its nesting is checked
  /// (`JSONNesting`) before anything is decoded, and decoding costs in proportion to the text.
  public static func parse(_ data: Data, maximumDepth: Int = JSONNesting.defaultLimit) throws(JSONScanError)
    -> JSONValue
  {
    let outcome: Result<JSONValue, JSONScanError> = data.withUnsafeBytes { bytes in
      do throws(JSONScanError) {
        try JSONNesting.check(bytes, limit: maximumDepth)
        return .success(try JSONParser.parse(bytes, limit: maximumDepth))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value.isFinite ? value : 0)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .int(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
