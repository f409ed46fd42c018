/// The numbers of the best-match ranker, in one place, each with why it is what it is.
/// `scripts/bench-relevance` measures what a change does (`WEIGHTS=name=value,...`); the
/// values below are the best of those tried on the relevance set (docs/relevance).
package struct RankingWeights: Sendable, Equatable {
  /// BM25 saturation and length normalisation of a passage's own words: a second occurrence
  /// still counts (k1 = 2), and long passages pay for their length (b = 0.9), since
  /// passages are sentences and a long one drifts off its topic.
  package var k1 = 2.0
  package var b = 0.9
  /// Passages shorter than this many words are scored as if they had this many: a table
  /// cell or a fragment of two words does not win on one word merely for being short.
  package var minimumScoredWords = 5.0
  /// A stop word still counts (a phrase of them, a query of nothing else), but little.
  package var stopWordWeight = 0.1
  /// A form that shares only the word's stem (`adapting` for `adaptive`) counts this much of
  /// an occurrence of the form written: exact forms rank above stemmed ones.
  package var stemmedFormWeight = 0.6
  /// Neighbouring passages of the same document, by distance (1, 2, ...): the sentences
  /// around a quote carry its topic, but less than the quote's own words.
  package var neighbourWeights: [Double] = [0.5, 0.25]
  /// A passage that merely names the query's topic ("Reserved regions.", "Next, size
  /// classes.") scores this share: it is one whose words are the query's content words and
  /// at most `namingSlack` others, and that has a passage after it in its document, which
  /// is where a talk or a page goes on to say what the named thing is. Short passages of
  /// the query's words otherwise come first on their shortness alone (scored at
  /// `minimumScoredWords`), above the sentence that explains. Of the values tried on
  /// set.tsv (docs/relevance), the one that lost no query there; writeups.tsv held out.
  package var namingFactor = 0.5
  package var namingSlack = 1.0
  /// How much the neighbours' (already distance-weighted) frequency adds, against the
  /// passage's own saturation.
  package var contextWeight = 0.15
  /// The section or chapter heading, and the document's title, when they have the word.
  package var headingWeight = 0.35
  package var titleWeight = 0.3
  /// The document's description (a talk's abstract, a page's summary): half the title's
  /// weight, since it is several sentences long and any one of its words says less about
  /// what the talk is about. Chosen before measuring, not tuned.
  package var descriptionWeight = 0.15
  /// A word found only in the context counts this much towards the query's coverage.
  package var contextCoverageCredit = 0.5
  /// The score is multiplied by coverage raised to this power: passages that match more of
  /// the query's (idf-weighted) words come first.
  package var coordinationExponent = 1.5

  package static let standard = RankingWeights()
}

/// How the best-match query finds its candidates before scoring them (sizes, not weights).
enum RankingLimits {
  /// The strict query's best this many (at least the limit) are candidates.
  static let strictCandidates = 30
  /// The OR of the query's words (stop words aside), its best this many by BM25.
  static let disjunctionCandidates = 100
  /// Every passage of a word this rare (in passages) is a candidate: rare words are the
  /// ones that name a topic, and their lists are short.
  static let rareWordPassages = 256
  /// Forms sharing a stem looked at per word (a dictionary range), at most.
  static let stemmedFormsScanned = 256
  /// Passages this far on either side are a passage's context (`neighbourWeights` has one
  /// weight per distance).
  static var window: Int { RankingWeights.standard.neighbourWeights.count }
}
