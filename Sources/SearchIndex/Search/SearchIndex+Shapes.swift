/// Two common query shapes answered by their own loops (no filters): `a NOT b` and
/// `a OR b` of single words. Their totals are document frequencies less the ids both
/// lists share (counted on fresh cursors, leaping over skip records), and
/// ranking jumps over blocks whose bound cannot enter the top hits instead of visiting
/// every match.
extension SearchIndex {
  /// `include` without `exclude`, both words; nil for another shape.
  func collectExcluding(_ matcher: Matcher, context: ScoringContext, into collector: inout TopHits) -> Int? {
    guard let excluding = matcher as? ExcludingMatcher, let include = excluding.include as? TermMatcher,
      let exclude = excluding.exclude as? TermMatcher
    else { return nil }
    let counts = countBoth(include, exclude)
    let total = counts.a - counts.common
    guard collector.limit > 0 else { return max(0, total) }
    while include.current != PostingCursor.exhausted {
      if collector.isFull {
        let (bound, end) = include.blockBound()
        if bound <= collector.threshold && end >= include.current {
          if end == PostingCursor.exhausted { break }
          include.advance(to: end + 1)
          continue
        }
        if include.upperBound() <= collector.threshold {
          include.next()
          continue
        }
      }
      let id = include.current
      // Scored first: the excluded word is looked up (and leaps there) only for a passage
      // that could enter the top hits.
      let score = include.score(context)
      if !collector.isFull || score >= collector.threshold {
        exclude.advance(to: id)
        if exclude.current != id { collector.insert(id, score) }
      }
      include.next()
    }
    return max(0, total)
  }

  /// `a OR b`, both words; nil for another shape.
  func collectEither(_ matcher: Matcher, context: ScoringContext, into collector: inout TopHits) -> Int? {
    guard let or = matcher as? OrMatcher, or.children.count == 2,
      let a = or.children[0] as? TermMatcher, let b = or.children[1] as? TermMatcher
    else { return nil }
    let counts = countBoth(a, b)
    let total = counts.a + counts.b - counts.common
    guard collector.limit > 0 else { return max(0, total) }
    let exhausted = PostingCursor.exhausted
    let bonusBound = Proximity.weight * (a.idf + b.idf)
    var proximity = Proximity()
    let pair: [Matcher] = [a, b]
    let pairBonusBound = Proximity.bound(pair)
    // Ids up to here lie in blocks whose bound was found to reach the threshold: not
    // bounded again until the walk leaves one of them (the threshold only rises, so this
    // skips a little less than it could, for one check per pair of blocks, not per id).
    var boundedThrough: UInt32 = 0
    var isBounded = false
    // A passage of one word only scores that word (no bonus): its best anywhere.
    let aAlone = a.idf * min(Double(a.cursors.reduce(0) { $0 + $1.maxImpact }), TermMatcher.maximumFactor)
    let bAlone = b.idf * min(Double(b.cursors.reduce(0) { $0 + $1.maxImpact }), TermMatcher.maximumFactor)
    while a.current != exhausted || b.current != exhausted {
      // Where a word alone cannot reach the threshold, its passages before the other word's
      // next one cannot enter: it leaps there (over skip records).
      if collector.isFull {
        if a.current < b.current && aAlone < collector.threshold {
          a.advance(to: b.current)
          continue
        }
        if b.current < a.current && bAlone < collector.threshold {
          b.advance(to: a.current)
          continue
        }
      }
      let id = min(a.current, b.current)
      if collector.isFull && (!isBounded || id > boundedThrough) {
        let none: (bound: Double, end: UInt32) = (0, exhausted)
        let first = a.current != exhausted ? a.blockBound() : none
        let second = b.current != exhausted ? b.blockBound() : none
        // Every id up to the nearer block end lies in a block just bounded.
        let end = min(first.end, second.end)
        if first.bound + second.bound + bonusBound <= collector.threshold && end >= id {
          if end == exhausted { break }
          a.advance(to: end + 1)
          b.advance(to: end + 1)
          continue
        }
        isBounded = end >= id
        boundedThrough = end
      }
      // The words at `id` match there; the proximity bonus needs both.
      let aHere = a.current == id
      let bHere = b.current == id
      let bound = (aHere ? a.upperBound() : 0) + (bHere ? b.upperBound() : 0) + (aHere && bHere ? bonusBound : 0)
      if !collector.isFull || bound > collector.threshold {
        let score = (aHere ? a.score(context) : 0) + (bHere ? b.score(context) : 0)
        if !(aHere && bHere) {
          collector.insert(id, score)
        } else if !collector.isFull || score + pairBonusBound > collector.threshold {
          collector.insert(id, score + proximity.bonus(pair))
        }
      }
      if a.current == id { a.next() }
      if b.current == id { b.next() }
    }
    return max(0, total)
  }

  /// How many passages `a` matches, `b` matches, and both match. Lists of similar length
  /// that are long together are marked in a bit per passage (every id decoded once, ids
  /// only, no leaping: the leaps would decode nearly every block anyway); otherwise the
  /// rarer list leaps through the other's skip records.
  func countBoth(_ a: TermMatcher, _ b: TermMatcher) -> (a: Int, b: Int, common: Int) {
    let passageCount = store.passageCount
    let aFrequency = a.cursors.reduce(0) { $0 + $1.documentFrequency }
    let bFrequency = b.cursors.reduce(0) { $0 + $1.documentFrequency }
    guard aFrequency + bFrequency >= passageCount / 64,
      min(aFrequency, bFrequency) * 32 >= max(aFrequency, bFrequency)
    else {
      return (a.countAll(), b.countAll(), TermMatcher.countCommon(a.fresh(), b.fresh()))
    }
    let words = (passageCount + 63) / 64
    // `a`'s passages, then (several forms only) `b`'s, one bit each.
    let arrays = b.cursors.count == 1 ? 1 : 2
    let buffer = passageCounters.take(count: words * 8 * arrays)
    defer {
      buffer.update(repeating: 0)
      passageCounters.give(buffer)
    }
    let scratch = PostingCursor.DecodeScratch()
    var counts = (a: 0, b: 0, common: 0)
    buffer.baseAddress!.withMemoryRebound(to: UInt64.self, capacity: words * arrays) { bits in
      for cursor in a.cursors {
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) { ids, count in
          for index in 0..<count {
            let id = Int(ids[index])
            let mask: UInt64 = 1 << UInt64(id & 63)
            let word = bits[id >> 6]
            counts.a += word & mask == 0 ? 1 : 0
            bits[id >> 6] = word | mask
          }
        }
      }
      if arrays == 1 {
        let cursor = b.cursors[0]
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) { ids, count in
          counts.b += count
          for index in 0..<count {
            let id = Int(ids[index])
            counts.common += Int((bits[id >> 6] >> UInt64(id & 63)) & 1)
          }
        }
        return
      }
      let seen = bits + words
      for cursor in b.cursors {
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) { ids, count in
          for index in 0..<count {
            let id = Int(ids[index])
            let mask: UInt64 = 1 << UInt64(id & 63)
            let word = seen[id >> 6]
            if word & mask == 0 {
              seen[id >> 6] = word | mask
              counts.b += 1
              counts.common += bits[id >> 6] & mask == 0 ? 0 : 1
            }
          }
        }
      }
    }
    return counts
  }
}
