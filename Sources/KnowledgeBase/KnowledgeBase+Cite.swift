import Citations
import Corpus
import DocumentModel
import SearchIndex
import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SearchIndex {
  /// What `cite` cites for one id or query: the passage, section or range a citation id or
  /// an Apple link names (as it is, with the passages it is made of), else the best hit of
  /// `input` as a query (`bestCited`); nil when the query matches nothing. An id of a
  /// document that is not in the corpus, or of a whole document, throws `.unknownCitation`
  /// with what to cite instead.
  public func citedAnswer(_ input: String) throws(CitationsError) -> QuoteAnswer? {
    let text = input.trimmingWhitespaceAndNewlines()
    let reference = text.contains(where: \.isWhitespace) ? nil : MomentReference(parsing: text)
    switch reference {
    case .citation(let citation)? where documentIndex(id: citation.documentID) != nil:
      return try quote(citation, context: 0)
    case .range?, .unqualified?:
      return try quote(reference!, context: 0)
    case .document(let id)? where documentIndex(id: id) != nil:
      let example = exampleCitation(documentID: id)
      let what = example?.isSection == true ? "a section" : "a moment"
      throw .unknownCitation(
        id, reason: "names a whole document: cite \(what) of it, such as \(example?.id ?? id + "@0:00")")
    case .citation(let citation)?
    where text.lowercased().hasPrefix("http") || text.contains(where: { "@#".contains($0) }):
      // A link or an id of a moment in a talk or page the corpus does not hold: say so (with
      // the ids it may have meant), do not search it.
      return try quote(citation, context: 0)
    default:
      return try bestCited(text)
    }
  }

  /// The best hit of `query`, when it is worth a citation: it has every word, or enough of
  /// them to support the query as `audit` weighs a rule's evidence (`AuditSupport`). A
  /// passage that shares only one of several words, or only common ones, is not cited for
  /// them: that throws `.weakMatch`, naming it, so that it can be cited by its id. Nil when
  /// nothing matches.
  func bestCited(_ query: String) throws(CitationsError) -> QuoteAnswer? {
    let ranked: RankedSearchResults
    do {
      ranked = try bestMatch(query, limit: 1, verbatim: false, filters: SearchFilters())
    } catch {
      switch error {
      case .query(let queryError): throw .query(queryError)
      case .index(let formatError): throw .indexFormat(formatError)
      }
    }
    guard let best = ranked.hits.first else { return nil }
    let hit = quotedHit(best.hit, rank: 1)
    if !best.matchesAllWords {
      let threshold = AuditSupport.citationThreshold
      let support =
        AuditSupport.support(best, contentWords: ranked.contentWordCount, threshold: threshold) ?? 0
      guard support >= threshold else {
        throw .weakMatch(
          query: query, closest: hit.citation.description, quote: hit.quote, support: support, threshold: threshold)
      }
    }
    return QuoteAnswer(target: hit, passages: [hit], before: [], after: [])
  }
}

/// What citing several ids or queries gave: one bibliography of every passage found, and
/// each input that named nothing, with why (nil: a query without hits).
public struct CiteOutcome: Sendable {
  public var bibliography: Bibliography
  public var misses: [(input: String, error: CitationsError?)]
}

extension KnowledgeBase {
  /// Cites each of `inputs` (ids, links or queries) from `index` and merges them into one
  /// bibliography: one entry per document, one cite per passage, sections laid out. An input
  /// that names nothing is a miss; any other failure (a damaged index) is thrown.
  public func cite(_ inputs: [String], in index: SearchIndex) throws(CitationsError) -> CiteOutcome {
    var hits: [QuotedHit] = []
    var misses: [(input: String, error: CitationsError?)] = []
    for input in inputs {
      do throws(CitationsError) {
        if let answer = try index.citedAnswer(input) {
          hits.append(laidOut(answer).target)
        } else {
          misses.append((input, nil))
        }
      } catch {
        switch error {
        case .unknownCitation, .weakMatch: misses.append((input, error))
        default: throw error
        }
      }
    }
    return CiteOutcome(bibliography: bibliography(hits), misses: misses)
  }

  /// The cite record of one id, link or query in `format`: what `duo-kb cite`, the MCP
  /// `cite` tool, `/api/cite` and the web page's copy buttons all give, built from the
  /// document's own metadata (`bibliography(_:)`). Nil when a query matches nothing; an id
  /// that names nothing throws why.
  public func citeRecord(_ input: String, format: CitationFormat, in index: SearchIndex) throws(CitationsError)
    -> CiteRecord?
  {
    try CiteRequest(inputs: [input], format: format).record(from: self, in: index)
  }

  /// The bibliography of `hits`, with what the corpus stores of each document (date
  /// published, time fetched, speakers); a document the corpus cannot read is described by
  /// its hits alone.
  public func bibliography(_ hits: [QuotedHit]) -> Bibliography {
    var documents: [String: Document] = [:]
    for id in Set(hits.map(\.source.id)) {
      if let document = try? corpus.read(id: id) { documents[id] = document }
    }
    return Bibliography(hits: hits, documents: documents)
  }

  /// `answer` with its section's layout (`QuotedHit.sectionLayout`) when it quotes a HIG
  /// section of several passages and the corpus records their blocks. Nothing is laid out
  /// unless every passage's text in the corpus is exactly the index's: a document changed
  /// since the index was built, or harvested before layouts were recorded, is shown as its
  /// passages, never with another version's structure.
  public func laidOut(_ answer: QuoteAnswer) -> QuoteAnswer {
    var answer = answer
    answer.target = laidOut(answer.target, passages: answer.passages)
    return answer
  }

  /// `hit` (a section target) with the layout of `passages`, as `laidOut(_:)` decides.
  public func laidOut(_ hit: QuotedHit, passages: [QuotedHit]) -> QuotedHit {
    guard hit.source.kind.isPage, passages.count > 1,
      let document = try? corpus.read(id: hit.source.id)
    else { return hit }
    var layout: [LaidOutPassage] = []
    for passage in passages {
      guard passage.passageIndex >= 0, passage.passageIndex < document.passages.count else { return hit }
      let stored = document.passages[passage.passageIndex]
      guard stored.text == passage.quote, let block = stored.layout else { return hit }
      layout.append(LaidOutPassage(text: stored.text, kind: stored.kind, layout: block))
    }
    var laidOut = hit
    laidOut.sectionLayout = layout
    return laidOut
  }
}
