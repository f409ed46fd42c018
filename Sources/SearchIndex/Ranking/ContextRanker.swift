/// Scores candidate passages for a best-match query with the passage's own words and its
/// context as fields: the neighbouring passages of its document (weighted by distance, and
/// below the passage itself), its section or chapter heading, and its document's title and
/// description. Every field is read from the postings the index has: neighbours from the
/// passages' own postings, headings, titles and descriptions from their term spaces
/// (indexed once per heading and per document).
///
/// A clause's part of the score is `idf * weight * (own + context + fields)`: `own` BM25's
/// saturation of the passage's frequency at its length (at least `minimumScoredWords`),
/// `context` the saturation of its neighbours' weighted frequency times `contextWeight`,
/// and `fields` the weight of each of heading, title and description that has it. The sum
/// is multiplied by the query's coverage (idf-weighted share of clauses found, a clause
/// found only in the context counting `contextCoverageCredit`) raised to
/// `coordinationExponent`, and by `namingFactor` where the passage merely names the
/// query's topic and goes on in the next one.
struct ContextRanker {
  let index: IndexSegment
  let query: BestMatchQuery
  let weights: RankingWeights
  /// Keep each score's parts (`ScoreExplanation`): `search --explain`.
  var explains = false

  /// The evidence for one passage.
  struct Scored {
    var passage: UInt32
    var score: Double
    /// Idf-weighted share of the clauses (stop words at their weight) found in the passage.
    var ownCoverage: Double
    /// Share found only around it (neighbours, heading, title, description).
    var contextCoverage: Double
    /// Every clause, stop words too, is in the passage's own text: the strict query's match.
    var matchesAll: Bool
    /// Clauses, stop words aside, found in the passage's own text.
    var ownContentClauses: Int
    /// The parts of `score`, when the ranker explains.
    var explanation: ScoreExplanation?
  }

  /// A clause's terms in the title, description and heading spaces.
  private struct FieldTerms {
    var titles: [Int] = []
    var descriptions: [Int] = []
    var headings: [Int] = []
  }

  /// Of the candidates' documents, those whose title or description has a clause, and of
  /// their headings (string ids), those that have it.
  private struct Fields {
    var titles: Set<UInt32> = []
    var descriptions: Set<UInt32> = []
    var headings: Set<UInt32> = []
  }

  /// Scores `candidates` (ascending, distinct).
  func score(_ candidates: [UInt32]) -> [Scored] {
    let store = index.store
    let streams = query.clauses.map(stream)
    let terms = query.clauses.map(fieldTerms)
    let window = weights.neighbourWeights.count
    // Headings are read (from the candidates' records) only when some clause is in one.
    let headings = terms.contains { !$0.headings.isEmpty } ? store.headings(of: candidates) : nil
    let located = index.documents(of: candidates)
    var distinctDocuments: [UInt32] = []
    for (document, _) in located where distinctDocuments.last != UInt32(document) {
      distinctDocuments.append(UInt32(document))
    }
    let fields = terms.map { self.fields($0, documents: distinctDocuments, headings: headings) }
    let totalWeight = query.clauses.reduce(0) { $0 + $1.weight(weights) * $1.inverseDocumentFrequency }
    var result: [Scored] = []
    result.reserveCapacity(candidates.count)
    for (ordinal, passage) in candidates.enumerated() {
      let id = Int(passage)
      let (document, documentRange) = located[ordinal]
      let low = UInt32(max(documentRange.lowerBound, id - window))
      let high = UInt32(min(documentRange.upperBound - 1, id + window))
      let heading = headings?[ordinal] ?? StoreWriter.none
      // The length is read where a clause is in the passage's own text (no other needs it),
      // from the byte its postings block keeps where there is one: a candidate is anywhere
      // in the corpus, and the store's table a page fault away (13.5 MB at 30,000 talks).
      var length: Double?
      // The passage's words, and its occurrences of the query's content words: whether it
      // merely names the topic.
      var words = 0.0
      var queryWords = 0.0
      var total = 0.0
      var own = 0.0
      var context = 0.0
      var matchesAll = true
      var ownContent = 0
      var explained: [ScoreExplanation.Clause] = []
      for (position, clause) in query.clauses.enumerated() {
        let stream = streams[position]
        stream.move(to: low...high)
        var ownFrequency = 0.0
        var around = 0.0
        var occurrences = (exact: 0.0, stemmed: 0.0)
        for entry in stream.entries {
          if entry.passage == passage {
            ownFrequency = entry.frequency
            occurrences = (entry.exactOccurrences, entry.stemmedOccurrences)
            if length == nil && ownFrequency > 0 {
              let count = entry.wordCount.map { store.wordCount(id, stored: $0) } ?? store.wordCount(id)
              words = Double(count)
              length = max(words, weights.minimumScoredWords)
            }
            if !clause.isPhrase && !clause.isStopWord {
              queryWords += entry.exactOccurrences + entry.stemmedOccurrences
            }
          } else {
            let distance = Int(entry.passage > passage ? entry.passage - passage : passage - entry.passage)
            around += entry.frequency * weights.neighbourWeights[distance - 1]
          }
        }
        let inHeading = heading != StoreWriter.none && fields[position].headings.contains(heading)
        let inTitle = fields[position].titles.contains(UInt32(document))
        let inDescription = fields[position].descriptions.contains(UInt32(document))
        let weight = clause.weight(weights) * clause.inverseDocumentFrequency
        // Each part as `--explain` shows it; adding a part of 0 leaves the sum exactly as it
        // was, so the score is the same whether or not it is explained.
        let ownPart = saturation(ownFrequency, length: length ?? weights.minimumScoredWords)
        let contextPart = weights.contextWeight * saturation(around, length: index.statistics.averageWords)
        let headingPart = inHeading ? weights.headingWeight : 0
        let titlePart = inTitle ? weights.titleWeight : 0
        let descriptionPart = inDescription ? weights.descriptionWeight : 0
        var part = ownPart
        part += contextPart
        part += headingPart
        part += titlePart
        part += descriptionPart
        let clauseScore = weight * part
        total += clauseScore
        if explains {
          explained.append(
            ScoreExplanation.Clause(
              text: clause.text, isPhrase: clause.isPhrase, isStopWord: clause.isStopWord,
              documentFrequency: clause.documentFrequency, inverseDocumentFrequency: clause.inverseDocumentFrequency,
              weight: clause.weight(weights), exactOccurrences: occurrences.exact,
              stemmedOccurrences: occurrences.stemmed, scoredLength: weights.minimumScoredWords, own: ownPart,
              neighbourOccurrences: around, context: contextPart, heading: headingPart, title: titlePart,
              description: descriptionPart, score: clauseScore))
        }
        if ownFrequency > 0 {
          own += weight
          if !clause.isStopWord { ownContent += 1 }
        } else {
          matchesAll = false
          if around > 0 || inHeading || inTitle || inDescription { context += weight }
        }
      }
      let ownCoverage = totalWeight > 0 ? own / totalWeight : 0
      let contextCoverage = totalWeight > 0 ? context / totalWeight : 0
      let coverage = ownCoverage + weights.contextCoverageCredit * contextCoverage
      let names = length != nil && id + 1 < documentRange.upperBound && words - queryWords <= weights.namingSlack
      let naming = names ? weights.namingFactor : 1
      let score = total * pow(coverage, weights.coordinationExponent) * naming
      var explanation: ScoreExplanation?
      if explains {
        // The length the passage's own parts were saturated at (read at its first clause).
        let scoredLength = length ?? weights.minimumScoredWords
        explanation = ScoreExplanation(
          clauses: explained.map {
            var clause = $0
            clause.scoredLength = scoredLength
            return clause
          }, sum: total, ownCoverage: ownCoverage, contextCoverage: contextCoverage, coverage: coverage,
          coordinationExponent: weights.coordinationExponent, naming: naming, score: score, k1: weights.k1,
          b: weights.b,
          averageWords: max(index.statistics.averageWords, weights.minimumScoredWords))
      }
      result.append(
        Scored(
          passage: passage, score: score, ownCoverage: ownCoverage, contextCoverage: contextCoverage,
          matchesAll: matchesAll, ownContentClauses: ownContent, explanation: explanation))
    }
    return result
  }

  private func saturation(_ frequency: Double, length: Double) -> Double {
    guard frequency > 0 else { return 0 }
    let averageLength = max(index.statistics.averageWords, weights.minimumScoredWords)
    return frequency * (weights.k1 + 1)
      / (frequency + weights.k1 * (1 - weights.b + weights.b * length / averageLength))
  }

  private func stream(_ clause: RankingClause) -> ClauseFrequencies {
    switch clause.shape {
    case .word:
      let exact = clause.exactTerms.map { (index.rankingCursor($0), 1.0) }
      let stemmed = clause.stemmedTerms.map { (index.rankingCursor($0), weights.stemmedFormWeight) }
      return ClauseFrequencies(terms: exact + stemmed)
    case .phrase(let node):
      return ClauseFrequencies(phrase: index.phraseScorer(node, verbatim: query.isVerbatim))
    }
  }

  private func fieldTerms(_ clause: RankingClause) -> FieldTerms {
    var terms = FieldTerms()
    guard !clause.isPhrase else { return terms }
    for term in clause.exactTerms + clause.stemmedTerms {
      let key = Array(index.dictionary.term(term))
      if let title = index.dictionary.find([TermSpace.titleMarker] + key) { terms.titles.append(title) }
      if let description = index.dictionary.find([TermSpace.descriptionMarker] + key) {
        terms.descriptions.append(description)
      }
      if let heading = index.dictionary.find([TermSpace.headingMarker] + key) { terms.headings.append(heading) }
    }
    return terms
  }

  /// The fields of `terms` among the candidates' `documents` (ascending, distinct) and
  /// `headings`: each list is looked up at those ids only (`IndexSegment.fieldIds`), not
  /// walked whole. A common word is in the titles or descriptions of thousands of
  /// documents at 30,000 talks, and a walk into sets cost a fresh process 23 page faults
  /// of set storage for `you` alone.
  private func fields(_ terms: FieldTerms, documents: [UInt32], headings: [UInt32]?) -> Fields {
    var fields = Fields()
    let documentCount = index.store.documentCount
    for term in terms.titles {
      fields.titles.formUnion(index.fieldIds(term, among: documents, limit: documentCount))
    }
    for term in terms.descriptions {
      fields.descriptions.formUnion(index.fieldIds(term, among: documents, limit: documentCount))
    }
    if let headings, !terms.headings.isEmpty {
      let distinct = Array(Set(headings).subtracting([StoreWriter.none])).sorted()
      for term in terms.headings {
        fields.headings.formUnion(index.fieldIds(term, among: distinct, limit: index.store.stringCount))
      }
    }
    return fields
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
