/// The shapes of two words that find or rank their passages their own way, chosen when the
/// plan is built: `a NOT b` and `a OR b`, whose totals are document frequencies less the
/// ids both lists share (counted on fresh cursors, leaping over skip records), and whose
/// ranking jumps over blocks whose bound cannot enter the top hits instead of visiting
/// every match; and `a b` of lists alike in length, whose passages are found in a bit per
/// passage. Under a filter they walk as the AND, OR or exclusion they hold does.

/// `a b` (both words) where their lists are alike in length (`IndexSegment.intersectsByBits`).
/// The leapfrog would take a step or two on each list for every posting of the rarer one,
/// and decode most blocks of both anyway: here one word's passages are marked in a bit
/// each and the other word's ids, decoded block by block, look their bit up, which finds
/// every common passage in one pass over both lists (ids only). Ranking advances the words
/// to each common passage as it is found and bounds and scores it as the general walk
/// does, so the hits are the leapfrog's.
final class TermIntersectionScorer: ForwardingScorer, OwnWalk {
  let a: TermScorer
  let b: TermScorer
  /// Both words, walked and scored as their AND.
  let inner: AndScorer
  private let index: IndexSegment

  init(_ a: TermScorer, _ b: TermScorer, index: IndexSegment) {
    self.a = a
    self.b = b
    self.index = index
    inner = AndScorer([a, b])
  }

  /// Its total, on fresh words (the walk moves their cursors on).
  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else { return GeneralWalk.count(self, filter: filter) }
    var total = 0
    index.forEachCommonPassage(a.fresh(), b.fresh()) { _ in total += 1 }
    return total
  }

  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    guard collector.limit > 0 else { return count(filter: nil, context: context) }
    return GeneralWalk.collectTop(self, into: &collector, context: context) { body in
      index.forEachCommonPassage(a, b) { passage in
        advance(to: passage)
        body(passage)
      }
    }
  }
}

/// `a NOT b` of two words.
final class TermExclusionScorer: ForwardingScorer, OwnWalk {
  let includeWord: TermScorer
  let excludeWord: TermScorer
  /// The words, walked and scored as the one without the other.
  let inner: ExcludingScorer
  private let index: IndexSegment

  init(include: TermScorer, exclude: TermScorer, index: IndexSegment) {
    includeWord = include
    excludeWord = exclude
    self.index = index
    inner = ExcludingScorer(include: include, exclude: exclude)
  }

  /// Its total: `include`'s passages less those `exclude` shares.
  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else { return GeneralWalk.count(self, filter: filter) }
    let counts = index.countBoth(includeWord, excludeWord)
    return max(0, counts.a - counts.common)
  }

  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    guard collector.limit > 0 else { return count(filter: nil, context: context) }
    if index.countsByBits(includeWord, excludeWord) {
      guard includeWord.cursors.count == 1 else { return collectTopOfFormsByBits(into: &collector, context: context) }
      return collectTopByBits(into: &collector, context: context)
    }
    let total = count(filter: nil, context: context)
    let include = includeWord
    let exclude = excludeWord
    // `blockBound` where it was last taken: the forms' blocks stay the same through its end.
    var window: (bound: Double, end: UInt32)?
    while include.current != PostingCursor.exhausted {
      if collector.isFull {
        if window.map({ include.current > $0.end }) ?? true {
          window = include.blockBound(threshold: collector.threshold)
        }
        if let window, window.bound <= collector.threshold && window.end >= include.current {
          if window.end == PostingCursor.exhausted { break }
          include.advance(to: window.end + 1)
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
    return total
  }

  /// Where `countBoth` would count by bits (both words long and alike in length), one form
  /// included: the excluded word's passages are marked in a bit each, then the included
  /// word's blocks are walked once, counted and ranked together. Its ids look their bit up
  /// instead of leaping the excluded word's cursor, and a block that cannot enter the top
  /// hits is only counted, its frequencies left packed. Scores and bounds are the included
  /// word's own (`TermScorer.factor` and `boundFactor` of one form), so the hits are those
  /// of the walk above.
  private func collectTopByBits(into collector: inout TopHits, context: ScoringContext) -> Int {
    let passageCount = index.store.passageCount
    let scratch = PostingCursor.DecodeScratch()
    let idf = includeWord.idf
    let shortest = TermScorer.shortestSaturation
    var included = 0
    var common = 0
    index.withPassageBits(arrays: 1) { excluded in
      markExcluded(in: excluded, scratch: scratch)
      let cursor = includeWord.cursors[0]
      var blockBound = 0.0
      PostingCursor.forEachBlock(
        cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch,
        wantsFrequencies: { maxImpact in
          blockBound = Double(maxImpact)
          return !collector.isFull || idf * min(blockBound, TermScorer.maximumFactor) > collector.threshold
        }
      ) { ids, frequencies, count in
        included += count
        for index in 0..<count {
          let id = Int(ids[index])
          common += Int((excluded[id >> 6] >> UInt64(id & 63)) & 1)
        }
        guard let frequencies else { return }
        for index in 0..<count {
          let frequency = Int(frequencies[index] >> 2)
          let flags = frequencies[index] & 3
          if collector.isFull {
            if idf * min(blockBound, TermScorer.maximumFactor) <= collector.threshold { return }
            let posting = TermScorer.postingBound(frequency: frequency, flags: flags, shortest: shortest)
            if idf * min(blockBound, posting) <= collector.threshold { continue }
          }
          let id = Int(ids[index])
          let score =
            idf
            * TermScorer.postingFactor(
              frequency: frequency, flags: flags, length: context.store.wordCount(id),
              averageLength: context.averageWords)
          if (!collector.isFull || score >= collector.threshold) && (excluded[id >> 6] >> UInt64(id & 63)) & 1 == 0 {
            collector.insert(UInt32(id), score)
          }
        }
      }
    }
    return max(0, included - common)
  }

  /// `collectTopByBits` for an included word of several forms: its forms' postings are
  /// merged as `TermScorer.collectTopOfForms` merges them, each passage counted and ranked
  /// only where its bit says the excluded word is not.
  private func collectTopOfFormsByBits(into collector: inout TopHits, context: ScoringContext) -> Int {
    let scratch = PostingCursor.DecodeScratch()
    return index.withPassageBits(arrays: 1) { excluded in
      markExcluded(in: excluded, scratch: scratch)
      return includeWord.collectTopOfForms(into: &collector, context: context) { passage in
        (excluded[Int(passage) >> 6] >> UInt64(passage & 63)) & 1 == 0
      }
    }
  }

  /// Sets the bit of every passage of the excluded word.
  private func markExcluded(in bits: UnsafeMutablePointer<UInt64>, scratch: PostingCursor.DecodeScratch) {
    let passageCount = index.store.passageCount
    for cursor in excludeWord.cursors {
      PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) {
        ids, count in
        for index in 0..<count {
          let id = Int(ids[index])
          bits[id >> 6] |= 1 << UInt64(id & 63)
        }
      }
    }
  }
}

/// `a OR b` of two words.
final class TermUnionScorer: ForwardingScorer, OwnWalk {
  let a: TermScorer
  let b: TermScorer
  /// Both words, walked and scored as their OR.
  let inner: OrScorer
  private let index: IndexSegment

  init(_ a: TermScorer, _ b: TermScorer, index: IndexSegment) {
    self.a = a
    self.b = b
    self.index = index
    inner = OrScorer([a, b])
  }

  /// Its total: both words' passages less those they share.
  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else { return GeneralWalk.count(self, filter: filter) }
    let counts = index.countBoth(a, b)
    return max(0, counts.a + counts.b - counts.common)
  }

  /// Passages with both words are ranked (and counted) first, as `a b` ranks them, on
  /// fresh words: they hold the highest scores there are, so the top hits start full of
  /// them, and the walk over passages of one word alone that follows leaps wherever that
  /// word cannot reach their threshold (over the list, then over a block, then a posting).
  /// The total is both words' passages less the common ones that first step walked.
  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    guard collector.limit > 0 else { return count(filter: nil, context: context) }
    let (bothA, bothB) = (a.fresh(), b.fresh())
    let common =
      index.intersectsByBits(bothA, bothB)
      ? TermIntersectionScorer(bothA, bothB, index: index).collectTop(into: &collector, filter: nil, context: context)
      : GeneralWalk.collectTop(AndScorer([bothA, bothB]), into: &collector, filter: nil, context: context)
    let total = max(0, a.countAll() + b.countAll() - common)
    let exhausted = PostingCursor.exhausted
    // A passage of one word only scores that word (no bonus): its best anywhere.
    let aAlone = a.idf * min(Double(a.cursors.reduce(0) { $0 + $1.maxImpact }), TermScorer.maximumFactor)
    let bAlone = b.idf * min(Double(b.cursors.reduce(0) { $0 + $1.maxImpact }), TermScorer.maximumFactor)
    // Each word's ids up to here lie in a block whose bound was found to reach the
    // threshold: not bounded again until the walk leaves it (the threshold only rises, so
    // this skips a little less than it could, for one check per block, not per id).
    var aBoundedThrough: Int64 = -1
    var bBoundedThrough: Int64 = -1
    while a.current != exhausted || b.current != exhausted {
      // Neither word alone can enter anywhere: the passages of both were all there was.
      if collector.excludes(aAlone, from: a.current) && collector.excludes(bAlone, from: b.current) { break }
      if a.current < b.current {
        stepAlone(a, before: b.current, alone: aAlone, boundedThrough: &aBoundedThrough, &collector, context)
      } else if b.current < a.current {
        stepAlone(b, before: a.current, alone: bAlone, boundedThrough: &bBoundedThrough, &collector, context)
      } else {
        // Both words: ranked above.
        a.next()
        b.next()
      }
    }
    return total
  }

  /// One step of the walk over `word`'s passages without the other word (whose next
  /// passage is `next`): a leap where it cannot reach the threshold, alone anywhere
  /// (`alone`), in its block or at its posting, else its passage scored. A bound that ties
  /// the threshold is leapt only after the worst hit's passage (`TopHits.excludes`): a
  /// passage of one word may come before the passages of both that it ties, and wins.
  @inline(__always)
  private func stepAlone(
    _ word: TermScorer, before next: UInt32, alone: Double, boundedThrough: inout Int64,
    _ collector: inout TopHits, _ context: ScoringContext
  ) {
    if collector.isFull {
      if collector.excludes(alone, from: word.current) {
        word.advance(to: next)
        return
      }
      if Int64(word.current) > boundedThrough {
        let (bound, end) = word.blockBound(threshold: collector.threshold)
        if end >= word.current {
          if collector.excludes(bound, from: word.current) {
            word.advance(to: end == PostingCursor.exhausted ? next : min(next, end + 1))
            return
          }
          boundedThrough = Int64(end)
        }
      }
      if collector.excludes(word.upperBound(), from: word.current) {
        // With the postings after it in its block that cannot enter either: in a list
        // whose best passages tie, every block's bound reaches the threshold.
        if !word.skipUnenterable(before: next, collector) { word.next() }
        return
      }
    }
    collector.insert(word.current, word.score(context))
    word.next()
  }
}

/// Who clears the bits of `IndexSegment.withPassageBits` for the next query.
enum PassageBitsClearing {
  /// All of them, after the body (a body that sets most words).
  case whole
  /// The body, each word it set (a body that sets a few scattered words).
  case byBody
}

extension IndexSegment {
  /// Calls `body` with `arrays` arrays of a bit per passage, one after the other, all clear
  /// (from the segment's pool, and cleared again for the next query). `marks`: how many
  /// bits `body` sets at most, when not most of them (`clearing` `.byBody`).
  func withPassageBits<Result>(
    arrays: Int, clearing: PassageBitsClearing = .whole, marks: Int? = nil,
    _ body: (UnsafeMutablePointer<UInt64>) -> Result
  ) -> Result {
    let words = (store.passageCount + 63) / 64
    let bytes = words * 8 * arrays
    let touchesMost = marks.map { PassageCounterPool.touchesMost(bytes: bytes, writes: $0) } ?? (clearing == .whole)
    let buffer = passageCounters.take(count: bytes, touchesMost: touchesMost)
    defer {
      if clearing == .whole { buffer.update(repeating: 0) }
      passageCounters.give(buffer)
    }
    return buffer.baseAddress!.withMemoryRebound(to: UInt64.self, capacity: words * arrays, body)
  }

  /// Whether the passages of both `a` and `b` are found in a bit per passage
  /// (`TermIntersectionScorer`): the longer list at most `SearchTuning.bitSetJoiningSkew`
  /// times the shorter, the shorter at least `bitSetJoiningMinimum`.
  func intersectsByBits(_ a: TermScorer, _ b: TermScorer) -> Bool {
    let (shorter, longer) = a.cost <= b.cost ? (a.cost, b.cost) : (b.cost, a.cost)
    return shorter >= SearchTuning.bitSetJoiningMinimum && longer <= shorter * SearchTuning.bitSetJoiningSkew
  }

  /// Calls `body` with each passage both `a` and `b` match, ascending. One word's
  /// passages are marked in a bit each (the word of several forms where the other has
  /// one, else the rarer), then the other word's ids look their bit up. Where that word
  /// has one form, its ids come in order: `body` is called as each is found, and in a
  /// block where one is found, the word's cursor takes the ids just decoded
  /// (`PostingCursor.adopt`), so that `body` leaping it there decodes nothing again. Where
  /// it has several, each form's finds are kept and merged (`mergedFinds`) before `body`
  /// sees them. The words' cursors may be moved on, never back: a total is counted on
  /// fresh words. By default the marks of a list shorter than an eighth of the bits' words
  /// (`SearchTuning.wordsClearedPerMark`) are taken off one by one after (its ids are kept
  /// for that), not by clearing every word; `clearing` chooses (for tests).
  func forEachCommonPassage(
    _ a: TermScorer, _ b: TermScorer, clearing: PassageBitsClearing? = nil, _ body: (UInt32) -> Void
  ) {
    let (aSeveral, bSeveral) = (a.cursors.count > 1, b.cursors.count > 1)
    let marksA = aSeveral != bSeveral ? aSeveral : a.cost <= b.cost
    let (marked, looked) = marksA ? (a, b) : (b, a)
    let passageCount = store.passageCount
    let scratch = PostingCursor.DecodeScratch()
    let words = (passageCount + 63) / 64
    let clearing = clearing ?? (marked.cost <= words / SearchTuning.wordsClearedPerMark ? .byBody : .whole)
    let clearsMarks = clearing == .byBody
    var markedIds: [UInt32] = []
    if clearsMarks { markedIds.reserveCapacity(marked.cost) }
    withPassageBits(arrays: 1, clearing: clearing, marks: marked.cost) { bits in
      for cursor in marked.cursors {
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) {
          ids, count in
          if clearsMarks { markedIds.append(contentsOf: UnsafeBufferPointer(start: ids, count: count)) }
          for index in 0..<count {
            let id = Int(ids[index])
            bits[id >> 6] |= 1 << UInt64(id & 63)
          }
        }
      }
      if let cursor = looked.cursors.first, looked.cursors.count == 1 {
        var block = 0
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) {
          ids, count in
          var adopted = false
          for index in 0..<count {
            let id = ids[index]
            guard (bits[Int(id) >> 6] >> UInt64(id & 63)) & 1 != 0 else { continue }
            // The word's own cursor takes the block just decoded, before `body` leaps it there.
            if !adopted {
              cursor.adopt(block: block, ids: ids, count: count)
              adopted = true
            }
            body(id)
          }
          block += 1
        }
      } else {
        // Each form's ids come in order, the forms' one after the other.
        var finds: [[UInt32]] = []
        for cursor in looked.cursors {
          var found: [UInt32] = []
          PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) {
            ids, count in
            for index in 0..<count {
              let id = ids[index]
              if (bits[Int(id) >> 6] >> UInt64(id & 63)) & 1 != 0 { found.append(id) }
            }
          }
          finds.append(found)
        }
        Self.mergedFinds(finds).forEach(body)
      }
      for id in markedIds { bits[Int(id) >> 6] = 0 }
    }
  }

  /// Ascending lists merged into one, ascending, each id once.
  static func mergedFinds(_ lists: [[UInt32]]) -> [UInt32] {
    guard var merged = lists.first else { return [] }
    for list in lists.dropFirst() {
      var result: [UInt32] = []
      result.reserveCapacity(merged.count + list.count)
      var (i, j) = (0, 0)
      while i < merged.count && j < list.count {
        let (x, y) = (merged[i], list[j])
        result.append(min(x, y))
        if x <= y { i += 1 }
        if y <= x { j += 1 }
      }
      result.append(contentsOf: merged[i...])
      result.append(contentsOf: list[j...])
      merged = result
    }
    return merged
  }

  /// Whether `a` and `b` are counted in a bit per passage: long together
  /// (`SearchTuning.bitSetCountingShare`) and alike in length (`bitSetCountingSkew`).
  func countsByBits(_ a: TermScorer, _ b: TermScorer) -> Bool {
    let aFrequency = a.cursors.reduce(0) { $0 + $1.documentFrequency }
    let bFrequency = b.cursors.reduce(0) { $0 + $1.documentFrequency }
    return aFrequency + bFrequency >= store.passageCount / SearchTuning.bitSetCountingShare
      && min(aFrequency, bFrequency) * SearchTuning.bitSetCountingSkew >= max(aFrequency, bFrequency)
  }

  /// How many passages `a` matches, `b` matches, and both match. Lists of similar length
  /// that are long together are marked in a bit per passage (every id decoded once, ids
  /// only, no leaping: the leaps would decode nearly every block anyway); otherwise the
  /// rarer list leaps through the other's skip records.
  func countBoth(_ a: TermScorer, _ b: TermScorer) -> (a: Int, b: Int, common: Int) {
    let passageCount = store.passageCount
    guard countsByBits(a, b) else {
      return (a.countAll(), b.countAll(), TermScorer.countCommon(a.fresh(), b.fresh()))
    }
    let words = (passageCount + 63) / 64
    // `a`'s passages, then (several forms only) `b`'s, one bit each.
    let arrays = b.cursors.count == 1 ? 1 : 2
    let scratch = PostingCursor.DecodeScratch()
    var counts = (a: 0, b: 0, common: 0)
    withPassageBits(arrays: arrays) { bits in
      for cursor in a.cursors {
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) {
          ids, count in
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
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) {
          ids, count in
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
        PostingCursor.forEachIdBlock(cursor.postings, cursor.entry, idLimit: passageCount, scratch: scratch) {
          ids, count in
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
