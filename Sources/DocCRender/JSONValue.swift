/// A JSON value as decoded, before it is read as render JSON; object key order is not kept
/// (render JSON carries order in arrays only).
enum JSONValue: Decodable, Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  var int: Int? {
    if case .number(let value) = self, value.isFinite, value.rounded() == value,
      abs(value) < 1e15
    {
      return Int(value)
    }
    return nil
  }

  var array: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  var isObject: Bool {
    if case .object = self { return true }
    return false
  }

  /// `type`, or `kind` for the layout nodes (row, tabNavigator, fullWidth...) that the
  /// render spec keys by `kind`.
  var nodeType: String? { self["type"]?.string ?? self["kind"]?.string }
}
