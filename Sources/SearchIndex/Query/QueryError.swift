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
