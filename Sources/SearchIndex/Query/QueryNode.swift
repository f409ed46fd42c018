/// A parsed query. Words are as typed; analysis happens when the query runs.
indirect enum QueryNode: Equatable, Sendable, CustomStringConvertible {
  case word(String)
  case phrase([String])
  case prefix(String)
  case and([QueryNode])
  case or([QueryNode])
  case not(QueryNode)

  var description: String {
    switch self {
    case .word(let word): word
    case .phrase(let words): "\"\(words.joined(separator: " "))\""
    case .prefix(let prefix): "\(prefix)*"
    case .and(let nodes): "AND(\(nodes.map(\.description).joined(separator: ", ")))"
    case .or(let nodes): "OR(\(nodes.map(\.description).joined(separator: ", ")))"
    case .not(let node): "NOT(\(node))"
    }
  }
}

/// The query tree and the filters written in the query.
struct ParsedQuery: Equatable, Sendable {
  var root: QueryNode
  var filters: SearchFilters
}
