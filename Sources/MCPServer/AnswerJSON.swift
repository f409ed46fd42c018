import Citations
import JSON

/// Answers as the JSON values the tools return: the library's records, encoded once.
enum AnswerJSON {
  static func value<Value: Encodable>(_ record: Value) throws(ToolFailure) -> JSONValue {
    guard let data = try? AnswerFormat.data(record, pretty: false), let value = JSONValue.decode(data) else {
      throw ToolFailure("the answer could not be encoded")
    }
    return value
  }
}
