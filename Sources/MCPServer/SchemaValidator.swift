import JSON

/// Checks a value against the subset of JSON Schema 2020-12 that this server's own schemas
/// use: `type` (a name or a list), `properties`, `required`, `additionalProperties: false`,
/// `enum`, `minimum`, `maximum`, `minLength`, `maxLength`, `items`. Other keywords are
/// ignored; the schemas are ours, so nothing else appears in them.
struct SchemaValidator {
  /// The first violation, worded for a model to correct its call; nil when the value fits.
  static func violation(of value: JSONValue, against schema: JSONValue, at path: String = "") -> String? {
    let name = path.isEmpty ? "the arguments" : "'\(path)'"
    if let types = allowedTypes(schema), !types.contains(where: { matches(value, type: $0) }) {
      return "\(name) must be \(types.map(article).joined(separator: " or ")), not \(article(value.typeName))"
    }
    if case .array(let options)? = schema["enum"], !options.contains(value) {
      let listed = options.map { $0.stringValue ?? $0.encodedLine() }.joined(separator: ", ")
      return "\(name) must be one of: \(listed)"
    }
    switch value {
    case .string(let text):
      if let least = schema["minLength"]?.intValue, text.count < least {
        return least == 1 ? "\(name) must not be empty" : "\(name) must have at least \(least) characters"
      }
      if let most = schema["maxLength"]?.intValue, text.count > most {
        return "\(name) must have at most \(most) characters (it has \(text.count))"
      }
    case .int, .double:
      let number = numeric(value) ?? 0
      if let least = schema["minimum"].flatMap(numeric), number < least {
        return "\(name) must be at least \(format(least))"
      }
      if let most = schema["maximum"].flatMap(numeric), number > most {
        return "\(name) must be at most \(format(most))"
      }
    case .array(let elements):
      if let items = schema["items"] {
        for (offset, element) in elements.enumerated() {
          if let problem = violation(of: element, against: items, at: "\(path)[\(offset)]") { return problem }
        }
      }
    case .object(let members):
      return objectViolation(members, schema: schema, path: path)
    default: break
    }
    return nil
  }

  private static func objectViolation(_ members: [String: JSONValue], schema: JSONValue, path: String) -> String? {
    let properties = schema["properties"]?.objectValue ?? [:]
    for case .string(let key) in schema["required"]?.arrayValue ?? [] where members[key] == nil {
      return "missing required argument '\(joined(path, key))'"
    }
    if schema["additionalProperties"] == .bool(false) {
      for key in members.keys.sorted() where properties[key] == nil {
        let known = properties.keys.sorted().joined(separator: ", ")
        return "unknown argument '\(joined(path, key))' (known: \(known))"
      }
    }
    for key in members.keys.sorted() {
      guard let member = members[key], let property = properties[key] else { continue }
      if let problem = violation(of: member, against: property, at: joined(path, key)) { return problem }
    }
    return nil
  }

  private static func allowedTypes(_ schema: JSONValue) -> [String]? {
    switch schema["type"] {
    case .string(let type)?: [type]
    case .array(let types)?: types.compactMap(\.stringValue)
    default: nil
    }
  }

  private static func matches(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("number", .int), ("number", .double): true
    case ("integer", .int): true
    case ("integer", .double(let number)): number.rounded() == number
    default: value.typeName == type
    }
  }

  private static func numeric(_ value: JSONValue) -> Double? {
    switch value {
    case .int(let number): Double(number)
    case .double(let number): number
    default: nil
    }
  }

  private static func format(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }

  private static func article(_ type: String) -> String {
    switch type {
    case "null": "null"
    case "integer", "object", "array": "an \(type)"
    default: "a \(type)"
    }
  }

  private static func joined(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}
