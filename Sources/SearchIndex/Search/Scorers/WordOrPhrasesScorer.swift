/// One query word that may also be written as phrases of other words: an identifier as its
/// parts (`toolbarVerticalBehavior` as "toolbar vertical behavior"), or an unknown word as
/// two known words it splits into (`verticalbehavior` as "vertical behavior").
///
/// It matches where the word is written whole or any phrase occurs, and scores as one term
/// (one scoring leaf, so the word is never "near" itself): where it is written whole, by
/// that (its frequency and field boosts); elsewhere, by how often its phrases occur. Where
/// it is written whole, phrases' positions are not compared for matching or scoring, and
/// an identifier's parts sit wherever the identifier does, so most passages never pay for
/// a phrase check: only passages without the whole word do. Positions (for highlights,
/// proximity and enclosing phrases) include every occurrence, phrases checked on demand.
///
/// An identifier's phrase of parts may instead be read from the segment's list of it
/// (`storedPhrase`, `PartPhrases`): the same passages, occurrences and frequencies, with
/// no walk over the parts' postings.
final class WordOrPhrasesScorer: OwnWalk {
  let whole: TermScorer?
  let phrases: [PhraseScorer]
  let storedPhrase: PostingCursor?
  let idf: Double
  private let passageCount: Int
  private let givenFrequency: Int?
  private(set) var current = PostingCursor.exhausted
  /// `whole` and `storedPhrase`, for the calls of each scored passage, without a
  /// reference count per call (the properties above keep them alive).
  private let wholeRef: Unmanaged<TermScorer>?
  private let storedPhraseRef: Unmanaged<PostingCursor>?

  /// `whole` nil when the word itself is not in the index; `phrases` made with `settles: false`,
  /// or the phrase's stored list. `documentFrequency`: the word's rarity over every
  /// segment's live documents (by default this segment's postings give it).
  init(
    whole: TermScorer?, phrases: [PhraseScorer], storedPhrase: PostingCursor? = nil, passageCount: Int,
    documentFrequency: Int? = nil
  ) {
    self.whole = whole
    self.phrases = phrases
    self.storedPhrase = storedPhrase
    wholeRef = whole.map { Unmanaged.passUnretained($0) }
    storedPhraseRef = storedPhrase.map { Unmanaged.passUnretained($0) }
    self.passageCount = passageCount
    givenFrequency = documentFrequency
    // The word's rarity: its own when written whole; else that of its likeliest phrase
    // (a phrase is at most as frequent as its rarest word).
    let frequency = documentFrequency ?? whole.map(\.cost) ?? phrases.map(\.cost).max() ?? 0
    idf = BM25.idf(documentFrequency: min(passageCount, frequency), count: passageCount)
    settle(from: 0)
  }

  var inverseDocumentFrequency: Double { idf }
  var cost: Int { phrases.reduce((whole?.cost ?? 0) + (storedPhrase?.documentFrequency ?? 0)) { $0 + $1.cost } }

  private var isWholeHere: Bool { whole.map { $0.current == current } ?? false }

  private func settle(from target: UInt32) {
    whole?.advance(to: target)
    var lowest = whole?.current ?? PostingCursor.exhausted
    if let storedPhrase {
      storedPhrase.advance(to: target)
      lowest = min(lowest, storedPhrase.current)
    }
    // Each phrase checks positions only below the nearest match found so far: every
    // passage before `lowest` has then been ruled out by all of them.
    for phrase in phrases {
      phrase.advance(to: target, checkingBelow: lowest)
      if phrase.isMatched { lowest = min(lowest, phrase.current) }
    }
    current = lowest
  }

  func advance(to target: UInt32) {
    guard current < target else { return }
    settle(from: target)
  }

  func positions(into output: inout [SlotRange]) {
    let start = output.count
    if isWholeHere { whole?.positions(into: &output) }
    if let storedPhrase, storedPhrase.current == current { storedPhrase.positions(into: &output) }
    for phrase in phrases where phrase.current == current { phrase.positions(into: &output) }
    // An identifier and its parts at one place count once.
    output.sortUnique(from: start)
  }

  func score(_ context: ScoringContext) -> Double {
    let current = current
    if let wholeRef,
      let factor = wholeRef._withUnsafeGuaranteedRef({ $0.current == current ? $0.factor(context) : nil })
    {
      return idf * factor
    }
    var frequency = 0
    if let storedPhraseRef {
      frequency += storedPhraseRef._withUnsafeGuaranteedRef { $0.current == current ? $0.frequency : 0 }
    }
    for phrase in phrases where phrase.current == current && phrase.check() { frequency += phrase.matchCount }
    return phraseScore(frequency: frequency, at: current, context)
  }

  /// The score where the word is not written whole: its phrases' occurrences `frequency`
  /// saturated at the length of `passage`.
  @inline(__always)
  private func phraseScore(frequency: Int, at passage: UInt32, _ context: ScoringContext) -> Double {
    idf
      * BM25.saturation(
        frequency: Double(frequency), length: Double(context.store.wordCount(Int(passage))),
        averageLength: context.averageWords)
  }

  func upperBound() -> Double {
    let current = current
    if let wholeRef, let factor = wholeRef._withUnsafeGuaranteedRef({ $0.current == current ? $0.boundFactor() : nil })
    {
      return idf * factor
    }
    return idf * (BM25.k1 + 1)
  }

  /// An identifier read whole and from its stored phrase of parts (one form, unfiltered):
  /// where it is written whole, it scores as that word alone, so those passages are
  /// ranked as a word's (`TermScorer.collectTop`: best blocks first, blocks that cannot
  /// enter skipped) with this scorer's idf; then the stored phrase's passages without the
  /// whole word are counted, and each whose bound (saturation at length 0 for its
  /// frequency) could enter is scored as `score` scores it. The general walk bounded and
  /// scored every passage of both lists through this scorer: identifiers' p95 at 30,000
  /// generated talks went from 0.101 to 0.077 ms. Otherwise the general walk.
  func count(filter: PassageFilter?, context: ScoringContext) -> Int { GeneralWalk.count(self, filter: filter) }

  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil, phrases.isEmpty, let whole, whole.cursors.count == 1, let storedPhrase,
      collector.limit > 0
    else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    let wholeWord = TermScorer(cursors: [whole.cursors[0].fresh()], context: context, idf: idf)
    var total = wholeWord.collectTop(into: &collector, filter: nil, context: context)
    let written = whole.cursors[0].fresh()
    let phrase = storedPhrase.fresh()
    let shortest = TermScorer.shortestSaturation
    while phrase.current != PostingCursor.exhausted {
      let passage = phrase.current
      written.advance(to: passage)
      if written.current != passage {
        total += 1
        let frequency = phrase.frequency
        // A phrase has no field flags: its bound is saturation at length 0.
        let bound = idf * TermScorer.postingBound(frequency: frequency, flags: 0, shortest: shortest)
        if !collector.excludes(bound, from: passage) {
          collector.insert(passage, phraseScore(frequency: frequency, at: passage, context))
        }
      }
      phrase.next()
    }
    return total
  }

  func scoringLeaves(into output: inout [any Scorer]) { output.append(self) }
  // A leaf: it scores wherever it stands.
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }

  func highlighter() -> any Scorer {
    WordOrPhrasesScorer(
      whole: whole?.fresh(), phrases: phrases.map { $0.fresh() }, storedPhrase: storedPhrase?.fresh(),
      passageCount: passageCount, documentFrequency: givenFrequency)
  }
}
