/// A query that cannot be run. Columns count characters from 1.
public enum QueryError: Error, Equatable, Sendable {
  case syntax(column: Int, message: String)
  /// Longer than `QueryParser.maximumCharacters`.
  case tooLong(characters: Int, limit: Int)
  /// More words than `QueryParser.maximumTerms`.
  case tooManyTerms(count: Int, limit: Int)
  /// A prefix that stands for more terms than `QueryParser.maximumPrefixTerms`.
  case tooBroad(column: Int, prefix: String, terms: Int, limit: Int)
}

extension QueryError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .syntax(let column, let message): "query column \(column): \(message)"
    case .tooLong(let characters, let limit): "query of \(characters) characters; the limit is \(limit)"
    case .tooManyTerms(let count, let limit): "query of \(count) words; the limit is \(limit)"
    case .tooBroad(let column, let prefix, let terms, let limit):
      "query column \(column): '\(prefix)*' stands for \(terms) words; the limit is \(limit)"
    }
  }
}
