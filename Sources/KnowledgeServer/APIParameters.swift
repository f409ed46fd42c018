import HTTPServing
import KnowledgeBase
import SearchIndex

/// The query arguments of an API request, read with the CLI's rules and words.
struct APIParameters {
  let request: ServerRequest

  func required(_ name: String, for what: String, example: String) throws(APIFailure) -> String {
    guard let value = request.argument(name), !value.isEmpty else {
      throw .badRequest("\(what) needs '\(name)'", hint: example)
    }
    return value
  }

  func positiveInteger(_ name: String, atMost limit: Int) throws(APIFailure) -> Int? {
    guard let text = request.argument(name) else { return nil }
    guard let number = Int(text), number > 0 else {
      throw .badRequest("'\(name)' needs a positive whole number, not '\(text)'")
    }
    guard number <= limit else { throw .badRequest("'\(name)' takes at most \(limit), not \(text)") }
    return number
  }

  func integer(_ name: String, in range: ClosedRange<Int>) throws(APIFailure) -> Int? {
    guard let text = request.argument(name) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw .badRequest(
        "'\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return number
  }

  func flag(_ name: String) throws(APIFailure) -> Bool {
    guard let text = request.argument(name) else { return false }
    switch text.lowercased() {
    case "", "1", "true", "yes": return true
    case "0", "false", "no": return false
    default: throw .badRequest("'\(name)' is true or false, not '\(text)'")
    }
  }

  func choice(_ name: String, among choices: [String], default fallback: String) throws(APIFailure) -> String {
    guard let text = request.argument(name) else { return fallback }
    guard choices.contains(text) else {
      throw .badRequest("'\(name)' takes \(choices.joined(separator: ", ")), not '\(text)'")
    }
    return text
  }

  /// The filters `kind`, `event`, `year`, `lang` and `source` as the query language writes
  /// them (`kind:talk year:2024`), each value checked to be one word of the filter's shape.
  func filterTerms() throws(APIFailure) -> [String] {
    var terms: [String] = []
    for kind in request.arguments("kind") {
      guard SearchRequest.kinds.contains(kind) else {
        throw .badRequest("'kind' takes \(QuerySyntax.listed(SearchRequest.kinds)), not '\(kind)'")
      }
      terms.append("kind:\(kind)")
    }
    for (name, field) in [("event", "event"), ("lang", "lang"), ("source", "source")] {
      for value in request.arguments(name) {
        guard !value.isEmpty, value.count <= 200, value.unicodeScalars.allSatisfy(Self.isFilterScalar) else {
          throw .badRequest("'\(name)' takes one word such as \(Self.examples[name] ?? "x"), not '\(value)'")
        }
        terms.append("\(field):\(value)")
      }
    }
    for year in request.arguments("year") {
      guard year.count <= 6, let number = Int(year), number >= 0 else {
        throw .badRequest("'year' needs a year such as 2024, not '\(year)'")
      }
      terms.append("year:\(number)")
    }
    return terms
  }

  static let examples = ["event": "wwdc2024", "lang": "ja or zh-Hans", "source": "tech-talks/111466"]

  static func isFilterScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/": true
    default: false
    }
  }
}

extension APIParameters {
  /// The same filters as `SearchFilters`, for listing documents.
  func searchFilters() throws(APIFailure) -> SearchFilters {
    _ = try filterTerms()
    return SearchFilters(
      kinds: request.arguments("kind"), sources: request.arguments("source"), events: request.arguments("event"),
      years: request.arguments("year").compactMap { Int($0) }, languages: request.arguments("lang"))
  }
}
