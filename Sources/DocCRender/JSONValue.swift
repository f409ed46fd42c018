import Foundation

/// A JSON value as parsed, before it is read as render JSON; object key order is not kept
/// (render JSON carries order in arrays only).
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Converts what `JSONSerialization` returns. Recursion follows the JSON, whose depth
  /// `JSONPreflight` has bounded. (`JSONSerialization` is used rather than a `Decodable`
  /// value: trying each type in turn through `JSONDecoder` was about 30 times slower.)
  init(jsonObject: Any) {
    switch jsonObject {
    case let object as [String: Any]:
      self = .object(object.mapValues(JSONValue.init(jsonObject:)))
    case let array as [Any]:
      self = .array(array.map(JSONValue.init(jsonObject:)))
    case let string as String:
      self = .string(string)
    case let number as NSNumber:
      // Booleans come back as NSNumber of Objective-C type "c" on every platform.
      if String(cString: number.objCType) == "c" {
        self = .bool(number.boolValue)
      } else {
        self = .number(number.doubleValue)
      }
    default:
      self = .null
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
