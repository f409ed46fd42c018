import Citations
import Foundation
import HTTPServing
import SearchIndex

/// A request the API cannot answer: the HTTP status, and the words the CLI would use,
/// sent as `{"error": {"message": …, "column": …}}` (`column` only for a query that does
/// not parse, 1-based).
struct APIFailure: Error, Sendable {
  var status: Int
  var message: String
  var column: Int?
  var hint: String?
  var headers: [(name: String, value: String)] = []

  init(status: Int, _ message: String, column: Int? = nil, hint: String? = nil) {
    self.status = status
    self.message = message
    self.column = column
    self.hint = hint
  }

  static func badRequest(_ message: String, hint: String? = nil) -> APIFailure {
    APIFailure(status: 400, message, hint: hint)
  }

  static func notFound(_ message: String) -> APIFailure { APIFailure(status: 404, message) }

  static func methodNotAllowed(_ method: String, allowed: [String]) -> APIFailure {
    var failure = APIFailure(status: 405, "\(method) is not allowed here; use \(allowed.joined(separator: " or "))")
    failure.headers = [("Allow", allowed.joined(separator: ", "))]
    return failure
  }

  /// A library error as the CLI words it (IndexMaintenance, QueryFailure), with a fitting status.
  init(_ error: CitationsError) {
    switch error {
    case .query(let query):
      var column: Int?
      if case .syntax(let at, _) = query { column = at }
      if case .tooBroad(let at, _, _, _) = query { column = at }
      self.init(status: 400, query.description, column: column, hint: "see 'duo-kb help search' for the query language")
    case .unknownCitation:
      self.init(status: 404, error.description, hint: "a search prints the ids of matching passages")
    case .weakMatch(_, let closest, _, _, _):
      self.init(
        status: 404, error.description,
        hint: "cite \(closest) to cite that passage anyway; a search shows passages with some of the words")
    case .emptyCorpus(let path):
      self.init(
        status: 503, "no documents in \(path)",
        hint: "harvest with 'duo-kb refresh', or use --home to point at a corpus")
    case .checklist:
      self.init(status: 400, error.description)
    case .corpus(.symbolicLink), .indexBuild(.symbolicLink):
      self.init(
        status: 500, error.description,
        hint: "put the file or folder itself in its place: duo-kb writes and reads its files only inside its home")
    default:
      self.init(status: 500, error.description)
    }
  }

  var response: ServerResponse {
    var body: [String: Any] = ["message": message]
    if let column { body["column"] = column }
    if let hint { body["hint"] = hint }
    let data =
      (try? JSONSerialization.data(withJSONObject: ["error": body], options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data("{\"error\":{\"message\":\"error\"}}".utf8)
    return ServerResponse(
      status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers,
      body: Array(data) + [0x0A])
  }
}
