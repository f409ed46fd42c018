import JSON

/// JSON-RPC 2.0 framing (jsonrpc.org/specification) with MCP's rules on top: ids are strings
/// or integers, never null (MCP basic/index "Requests"); params, when present, are an object.
enum JSONRPC {
  /// A request id, echoed back as it came.
  enum ID: Sendable, Equatable {
    case string(String)
    case int(Int)

    var json: JSONValue {
      switch self {
      case .string(let value): .string(value)
      case .int(let value): .int(value)
      }
    }
  }

  /// One incoming message, classified.
  enum Incoming: Sendable, Equatable {
    case request(id: ID, method: String, params: [String: JSONValue])
    case notification(method: String, params: [String: JSONValue])
    /// A response from the client; the server sends no requests, so it is only logged.
    case response(id: JSONValue?)
    /// Not a valid message; the id is the one read, when there was one.
    case invalid(id: ID?, ProtocolError)
  }

  static func classify(_ value: JSONValue) -> Incoming {
    guard case .object(let members) = value else {
      return .invalid(id: nil, .invalidRequest("a message must be a JSON object, not \(value.typeName)"))
    }
    let rawID = members["id"]
    var id: ID?
    switch rawID {
    case .string(let text)?: id = .string(text)
    case .int(let number)?: id = .int(number)
    case nil: id = nil
    case let other?:
      return .invalid(id: nil, .invalidRequest("'id' must be a string or an integer, not \(other.typeName)"))
    }
    guard members["jsonrpc"] == .string("2.0") else {
      return .invalid(id: id, .invalidRequest("'jsonrpc' must be \"2.0\""))
    }
    guard let methodValue = members["method"] else {
      if members["result"] != nil || members["error"] != nil { return .response(id: rawID) }
      return .invalid(id: id, .invalidRequest("a request needs a 'method'"))
    }
    guard case .string(let method) = methodValue, !method.isEmpty else {
      return .invalid(id: id, .invalidRequest("'method' must be a non-empty string"))
    }
    var params: [String: JSONValue] = [:]
    switch members["params"] {
    case nil: break
    case .object(let object)?: params = object
    case let other?:
      return .invalid(id: id, .invalidParams("'params' must be an object, not \(other.typeName)"))
    }
    guard let id else { return .notification(method: method, params: params) }
    return .request(id: id, method: method, params: params)
  }

  static func result(id: ID, _ result: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id.json, "result": result]
  }

  static func error(id: ID?, _ error: ProtocolError) -> JSONValue {
    var body: [String: JSONValue] = ["code": .int(error.code), "message": .string(error.message)]
    if let data = error.data { body["data"] = data }
    return ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": .object(body)]
  }
}

/// A JSON-RPC error response's body: code, a message that says what was wrong, and data.
public struct ProtocolError: Error, Sendable, Equatable {
  public var code: Int
  public var message: String
  public var data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  // JSON-RPC 2.0 §5.1.
  static func parseError(_ detail: String) -> ProtocolError {
    ProtocolError(code: -32700, message: "Parse error: \(detail)")
  }
  static func invalidRequest(_ detail: String, data: JSONValue? = nil) -> ProtocolError {
    ProtocolError(code: -32600, message: "Invalid request: \(detail)", data: data)
  }
  static func methodNotFound(_ method: String) -> ProtocolError {
    ProtocolError(code: -32601, message: "Method not found: \(method)")
  }
  static func invalidParams(_ detail: String, data: JSONValue? = nil) -> ProtocolError {
    ProtocolError(code: -32602, message: "Invalid params: \(detail)", data: data)
  }
  static func internalError(_ detail: String) -> ProtocolError {
    ProtocolError(code: -32603, message: "Internal error: \(detail)")
  }
}

extension Optional where Wrapped == String {
  /// The string, or JSON null.
  var json: JSONValue { map(JSONValue.string) ?? .null }
}
