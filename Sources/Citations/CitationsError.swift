import Corpus
import SearchIndex

/// What went wrong answering from the knowledge base.
public enum CitationsError: Error, Sendable {
  case corpus(CorpusError)
  case indexFormat(IndexFormatError)
  case indexBuild(IndexBuildError)
  case query(QueryError)
  /// The corpus has no documents, so there is nothing to index or quote.
  case emptyCorpus(path: String)
  /// A citation id that does not parse, or names nothing in the corpus.
  case unknownCitation(String, reason: String)
  /// A checklist for `audit` that cannot be read: the line (1-based; 0 for JSON) and why.
  case checklist(line: Int, reason: String)
  /// `cite` of words: no passage has enough of them to be cited for them. The closest
  /// passage (its citation id and text) and its support, below the threshold.
  case weakMatch(query: String, closest: String, quote: String, support: Double, threshold: Double)
}

extension CitationsError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .corpus(let error): error.description
    case .indexFormat(let error): "the index: \(error.description)"
    case .indexBuild(let error): "building the index: \(error.description)"
    case .query(let error): error.description
    case .emptyCorpus(let path): "the corpus at \(path) has no documents"
    case .unknownCitation(let id, let reason): "'\(id)': \(reason)"
    case .checklist(let line, let reason): line > 0 ? "checklist line \(line): \(reason)" : "checklist: \(reason)"
    case .weakMatch(let query, let closest, let quote, let support, let threshold):
      "no passage has enough of the words of '\(query)' to cite it: the closest, \(closest) "
        + "“\(VerificationReport.shortened(quote))”, has a support of \(AuditReport.figure(below: support)), "
        + "below \(AuditReport.figure(threshold))"
    }
  }
}
