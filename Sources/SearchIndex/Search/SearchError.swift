/// Why `SearchIndex.search` gave no answer: the query, or damage found in the index while
/// answering it (a hit's text that does not match its checksum).
public enum SearchError: Error, Equatable, Sendable {
  case query(QueryError)
  case index(IndexFormatError)
}

extension SearchError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .query(let error): error.description
    case .index(let error): "the index: \(error.description)"
    }
  }
}
