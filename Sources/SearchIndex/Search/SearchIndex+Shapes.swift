/// Two common query shapes answered by their own loops (no filters): `a NOT b` and
/// `a OR b` of single words. Their totals come from document frequencies less a count of
/// the ids both lists share, and ranking jumps over blocks whose bound cannot enter the
/// top hits, instead of visiting every match.
extension SearchIndex {
  /// The cursor of a word with one form in the index.
  private static func single(_ matcher: Matcher) -> (TermMatcher, PostingCursor)? {
    guard let term = matcher as? TermMatcher, term.cursors.count == 1 else { return nil }
    return (term, term.cursors[0])
  }

  /// `include` without `exclude`, both single words; nil for another shape.
  func collectExcluding(_ matcher: Matcher, context: ScoringContext, into collector: inout TopHits) -> Int? {
    guard let excluding = matcher as? ExcludingMatcher, let (include, cursor) = Self.single(excluding.include),
      let (_, excluded) = Self.single(excluding.exclude)
    else { return nil }
    let total = cursor.documentFrequency - PostingCursor.countCommon(cursor.fresh(), excluded.fresh())
    guard collector.limit > 0 else { return max(0, total) }
    let exclude = excluding.exclude
    while cursor.current != PostingCursor.exhausted {
      if collector.isFull && include.idf * Double(cursor.blockMaxImpact) <= collector.threshold {
        cursor.nextBlock()
        continue
      }
      let id = cursor.current
      include.advance(to: id)
      if !collector.isFull || include.upperBound() > collector.threshold {
        exclude.advance(to: id)
        if exclude.current != id { collector.insert(id, include.score(context)) }
      }
      cursor.next()
    }
    return max(0, total)
  }

  /// `a OR b`, both single words; nil for another shape.
  func collectEither(_ matcher: Matcher, context: ScoringContext, into collector: inout TopHits) -> Int? {
    guard let or = matcher as? OrMatcher, or.children.count == 2,
      let (a, first) = Self.single(or.children[0]), let (b, second) = Self.single(or.children[1])
    else { return nil }
    let total = first.documentFrequency + second.documentFrequency
      - PostingCursor.countCommon(first.fresh(), second.fresh())
    guard collector.limit > 0 else { return max(0, total) }
    let exhausted = PostingCursor.exhausted
    let bonusBound = Proximity.weight * (a.idf + b.idf)
    var proximity = Proximity()
    var leaves: [Matcher] = []
    while first.current != exhausted || second.current != exhausted {
      if collector.isFull {
        let bound = (first.current != exhausted ? a.idf * Double(first.blockMaxImpact) : 0)
          + (second.current != exhausted ? b.idf * Double(second.blockMaxImpact) : 0)
        if bound + bonusBound <= collector.threshold {
          // Every id up to the nearer block end lies in a block just bounded.
          let end = min(
            first.current != exhausted ? first.blockLastId : exhausted,
            second.current != exhausted ? second.blockLastId : exhausted)
          if end == exhausted { break }
          first.advance(to: end + 1)
          second.advance(to: end + 1)
          continue
        }
      }
      let id = min(first.current, second.current)
      or.advance(to: id)
      // The proximity bonus needs both words in the passage.
      let bonus = first.current == second.current ? bonusBound : 0
      if !collector.isFull || or.upperBound() + bonus > collector.threshold {
        leaves.removeAll(keepingCapacity: true)
        or.scoringLeaves(into: &leaves)
        collector.insert(id, or.score(context) + proximity.bonus(leaves))
      }
      if first.current == id { first.next() }
      if second.current == id { second.next() }
    }
    return max(0, total)
  }
}
