/// One query word: the union of the postings of its forms (verbatim, extras), scored as one
/// BM25 term whose frequency is the number of distinct positions.
final class TermScorer: OwnWalk {
  let cursors: [PostingCursor]
  private(set) var current: UInt32
  let idf: Double
  private let givenFrequency: Int?
  private let givenIdf: Double?
  private var scratch: [SlotRange] = []
  /// The highest term factor: full saturation plus both field boosts.
  static let maximumFactor = BM25.k1 + 1 + BM25.titleWeight + BM25.headingWeight
  /// Saturation at length 0 (its highest) for frequencies 0-15, rounded up.
  static let shortestSaturation: [Double] = (0..<16).map { frequency in
    BM25.saturation(frequency: Double(frequency), length: 0, averageLength: 1).nextUp
  }

  /// For bounds that read the passage's length.
  let context: ScoringContext
  var passageCount: Int { context.store.passageCount }

  /// The cursor when there is one (most words): read from a stored property rather than
  /// the array, its calls need no reference count of their own.
  private let lone: PostingCursor?
  /// `cursors`, for loops that step them without a reference count (`cursors` keeps them
  /// alive).
  private let unretainedCursors: [Unmanaged<PostingCursor>]
  /// `shortestSaturation`, held here: a bound reads it without the global's access check.
  private let shortestSaturation = TermScorer.shortestSaturation
  /// Blocks of one form that `collectTop` passed over by their postings' own bound (where
  /// their stored impacts could not), and windows of two forms it leapt, for tests.
  private(set) var blocksBoundedOut = 0

  /// `documentFrequency`: the word's live frequency over every segment (by default its
  /// cursors'). `idf`, when given, is scored with instead of the frequency's: for a stored
  /// pair of words that stands for a whole phrase, the phrase's (its words', summed).
  init(cursors: [PostingCursor], context: ScoringContext, documentFrequency: Int? = nil, idf: Double? = nil) {
    self.cursors = cursors
    lone = cursors.count == 1 ? cursors[0] : nil
    unretainedCursors = cursors.map { Unmanaged.passUnretained($0) }
    self.context = context
    givenFrequency = documentFrequency
    givenIdf = idf
    let passageCount = context.passageCount
    let frequency = min(passageCount, documentFrequency ?? cursors.reduce(0) { $0 + $1.documentFrequency })
    self.idf = idf ?? BM25.idf(documentFrequency: frequency, count: passageCount)
    current = cursors.reduce(PostingCursor.exhausted) { min($0, $1.current) }
  }

  var inverseDocumentFrequency: Double { idf }
  var cost: Int { cursors.reduce(0) { $0 + $1.documentFrequency } }

  func next() {
    if let lone {
      lone.next()
      current = lone.current
    } else {
      advance(to: current &+ 1)
    }
  }

  func advance(to target: UInt32) {
    guard current < target else { return }
    if let lone {
      lone.advance(to: target)
      current = lone.current
      return
    }
    var lowest = PostingCursor.exhausted
    for cursor in cursors {
      cursor.advance(to: target)
      lowest = min(lowest, cursor.current)
    }
    current = lowest
  }

  func positions(into output: inout [SlotRange]) {
    if let lone {
      lone.positions(into: &output)
      return
    }
    let start = output.count
    for cursor in cursors where cursor.current == current { cursor.positions(into: &output) }
    // The forms of one word at one place count once.
    output.sortUnique(from: start)
  }

  private func frequency() -> Int {
    if let lone { return lone.frequency }
    var matched = 0
    var total = 0
    for cursor in cursors where cursor.current == current {
      matched += 1
      total += cursor.frequency
    }
    if matched <= 1 { return total }
    scratch.removeAll(keepingCapacity: true)
    positions(into: &scratch)
    return scratch.count
  }

  func score(_ context: ScoringContext) -> Double { idf * factor(context) }

  /// The score at `current` without the idf: saturation plus the field boosts.
  func factor(_ context: ScoringContext) -> Double {
    if let cursor = lone {
      // The cursor is read before any call it could not see through: it then needs no
      // reference count of its own (a third of a two-word OR's retains and releases).
      let flags = cursor.flags
      let frequency = cursor.frequency
      let length = cursor.wordCount(in: context.store)
      return Self.postingFactor(
        frequency: frequency, flags: flags, length: length, averageLength: context.averageWords)
    }
    let saturation = BM25.saturation(
      frequency: Double(frequency()), length: Double(wordCount(context)), averageLength: context.averageWords)
    // The title and heading flags travel with the postings: no table lookups here.
    var flags: UInt32 = 0
    for cursor in cursors where cursor.current == current { flags |= cursor.flags }
    var boost = 0.0
    if flags & PostingFlags.inTitle != 0 { boost += BM25.titleWeight }
    if flags & PostingFlags.inHeading != 0 { boost += BM25.headingWeight }
    return saturation + boost
  }

  func upperBound() -> Double { idf * boundFactor() }

  /// For a word standing where `upperBound()` cannot enter `collector`, with one form
  /// there: passes over that passage and the word's next ones before `limit` whose bound
  /// cannot enter either, reading only their frequency words, up to the first that could,
  /// or where several forms stand (whose bound reads the passage's length). The bound is
  /// `upperBound()`'s where one form stands: its block's best and its posting's own
  /// frequency and flags. False where it passed over nothing (several forms stand there),
  /// leaving the word as it is.
  @inline(__always)
  func skipUnenterable(before limit: UInt32, _ collector: TopHits) -> Bool {
    let idf = idf
    let shortest = shortestSaturation
    if let cursor = lone {
      let start = cursor.current
      cursor.skipInBlock(before: limit) { word, passage in
        let posting = Self.postingBound(frequency: Int(word >> 2), flags: word & 3, shortest: shortest)
        return collector.excludes(idf * min(Double(cursor.blockMaxImpact), posting), from: passage)
      }
      current = cursor.current
      return current != start
    }
    // The forms merged, as `collectTopOfForms` merges them.
    var moved = false
    let forms = unretainedCursors
    while true {
      let (passage, standing) = Self.nearest(of: forms)
      guard passage < limit, let standing else { break }
      let excluded = standing._withUnsafeGuaranteedRef { cursor in
        let posting = Self.postingBound(frequency: cursor.frequency, flags: cursor.flags, shortest: shortest)
        guard collector.excludes(idf * min(Double(cursor.blockMaxImpact), posting), from: passage) else {
          return false
        }
        cursor.next()
        return true
      }
      guard excluded else { break }
      moved = true
    }
    current = cursors.reduce(PostingCursor.exhausted) { min($0, $1.current) }
    return moved
  }

  /// The nearest passage any of `forms` stands at, and the form standing there when it is
  /// the only one (nil where several stand).
  @inline(__always)
  private static func nearest(of forms: [Unmanaged<PostingCursor>]) -> (UInt32, Unmanaged<PostingCursor>?) {
    var passage = PostingCursor.exhausted
    var alone: Unmanaged<PostingCursor>?
    for form in forms {
      let at = form._withUnsafeGuaranteedRef { $0.current }
      if at < passage {
        passage = at
        alone = form
      } else if at == passage {
        alone = nil
      }
    }
    return (passage, alone)
  }

  /// The word count of the passage at `current`, from the block of a cursor standing there
  /// where its term keeps them (`storedWordCount`), else from the store's table.
  @inline(__always)
  func wordCount(_ context: ScoringContext) -> Int {
    let passage = Int(current)
    return storedWordCount.map { context.store.wordCount(passage, stored: $0) } ?? context.store.wordCount(passage)
  }

  /// The word count byte of the passage at `current`, as the block of a cursor standing
  /// there keeps it (`PostingCursor.wordCountByte`); nil where none keeps word counts.
  var storedWordCount: UInt8? {
    if let cursor = lone { return cursor.storedWordCount }
    for cursor in cursors where cursor.current == current && cursor.keepsWordCounts { return cursor.wordCountByte }
    return nil
  }

  /// One posting's factor: saturation at its passage's length plus its field boosts.
  @inline(__always)
  static func postingFactor(frequency: Int, flags: UInt32, length: Int, averageLength: Double) -> Double {
    let boost =
      (flags & PostingFlags.inTitle != 0 ? BM25.titleWeight : 0)
      + (flags & PostingFlags.inHeading != 0 ? BM25.headingWeight : 0)
    return BM25.saturation(frequency: Double(frequency), length: Double(length), averageLength: averageLength)
      + boost
  }

  /// A bound on one posting's factor without its length: saturation at length 0 (from
  /// `shortest`, `shortestSaturation`) plus its field boosts.
  @inline(__always)
  static func postingBound(frequency: Int, flags: UInt32, shortest: [Double]) -> Double {
    var posting = frequency < shortest.count ? shortest[frequency] : BM25.k1 + 1
    if flags & PostingFlags.inTitle != 0 { posting += BM25.titleWeight }
    if flags & PostingFlags.inHeading != 0 { posting += BM25.headingWeight }
    return posting
  }

  /// A bound on `factor` at `current`.
  func boundFactor() -> Double {
    // Block maxima include the field boosts. Saturation is concave, so the sum of the
    // forms' maxima bounds their union.
    if let cursor = lone {
      // The posting's own frequency and flags, at the shortest length, bound it more tightly
      // than its block does when the frequency is low. (All read first, as in `factor`.)
      let frequency = cursor.frequency
      let flags = cursor.flags
      let blockBound = Double(cursor.blockMaxImpact)
      return min(blockBound, Self.postingBound(frequency: frequency, flags: flags, shortest: shortestSaturation))
    }
    var bound: Float = 0
    var frequency = 0
    var flags: UInt32 = 0
    var matched = 0
    for cursor in cursors where cursor.current == current {
      bound += cursor.blockMaxImpact
      frequency += cursor.frequency
      flags |= cursor.flags
      matched += 1
    }
    // The forms' frequencies summed bound their union's (the forms of one word at one
    // place count once). Where several forms match, scoring would read their positions:
    // the bound is then taken at the passage's own length, nearly the score itself.
    var posting =
      matched > 1
      ? BM25.saturation(
        frequency: Double(frequency), length: Double(wordCount(context)), averageLength: context.averageWords)
      : frequency < shortestSaturation.count ? shortestSaturation[frequency] : BM25.k1 + 1
    if flags & PostingFlags.inTitle != 0 { posting += BM25.titleWeight }
    if flags & PostingFlags.inHeading != 0 { posting += BM25.headingWeight }
    return min(Double(bound), posting)
  }

  func scoringLeaves(into output: inout [any Scorer]) { output.append(self) }
  // A leaf: it scores wherever it stands.
  var leavesStandWhereTheyScore: Bool { true }
  var standsWithItsLeaves: Bool { true }

  /// A new scorer over the same postings, at their start.
  func fresh() -> TermScorer {
    TermScorer(cursors: cursors.map { $0.fresh() }, context: context, documentFrequency: givenFrequency, idf: givenIdf)
  }
  func highlighter() -> any Scorer { fresh() }

  /// One form: its document frequency. Several: the general walk.
  func count(filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil, cursors.count == 1 else { return GeneralWalk.count(self, filter: filter) }
    return cursors[0].documentFrequency
  }

  /// One form: whole blocks whose best impact cannot enter the top hits are skipped, read
  /// only in their skip records (none of them decoded). Several forms: `collectTopOfForms`.
  /// A filter: the general walk.
  func collectTop(into collector: inout TopHits, filter: PassageFilter?, context: ScoringContext) -> Int {
    guard filter == nil else {
      return GeneralWalk.collectTop(self, into: &collector, filter: filter, context: context)
    }
    if cursors.count > 1 {
      return collectTopOfForms(into: &collector, context: context, leapsWindows: true) { _ in true }
    }
    let cursor = cursors[0]
    guard collector.limit > 0 else { return cursor.documentFrequency }
    let seeds =
      cursor.blockCount >= SearchTuning.seedingBlockCount
      ? cursor.bestBlocks(SearchTuning.seedBlocks, among: SearchTuning.seedCandidateBlocks) : []
    if !seeds.isEmpty { collectBlocks(seeds, into: &collector, context: context) }
    var nextSeed = 0
    // The last passage of the block whose own bound (`blockBound`) was last taken.
    var boundedThrough: UInt32?
    while cursor.current != PostingCursor.exhausted {
      if nextSeed < seeds.count && cursor.current >= seeds[nextSeed].lowerBound {
        // A best block, ranked first: passed over.
        let seed = seeds[nextSeed]
        nextSeed += 1
        if cursor.current <= seed.upperBound {
          cursor.advance(to: seed.upperBound == PostingCursor.exhausted ? seed.upperBound : seed.upperBound + 1)
          current = cursor.current
        }
        continue
      }
      if collector.excludes(idf * Double(cursor.blockMaxImpact), from: cursor.current) {
        // The blocks after it that cannot enter either are passed over by their skip
        // records alone: most of a common word's, once the top hits are good.
        let threshold = collector.threshold
        let tiesLose = collector.excludes(threshold, from: cursor.current)
        let idf = idf
        cursor.skipBlocks {
          let bound = idf * Double($0)
          return bound < threshold || (tiesLose && bound == threshold)
        }
        current = cursor.current
        continue
      }
      if cursor.keepsWordCounts && collector.isFull && boundedThrough.map({ cursor.current > $0 }) ?? true {
        // The block's stored impact is rounded up, from a higher average length: where its
        // postings tie the threshold it cannot pass the block over. Their own frequencies,
        // flags and word counts bound them as exactly as scoring them would (`windowBounds`).
        let (bound, end) = blockBound(threshold: collector.threshold)
        boundedThrough = end
        if collector.excludes(bound, from: cursor.current) {
          blocksBoundedOut += 1
          cursor.nextBlock()
          current = cursor.current
          continue
        }
      }
      current = cursor.current
      if !collector.excludes(upperBound(), from: current) {
        collector.insert(current, score(context))
      }
      cursor.next()
      current = cursor.current
    }
    return cursor.documentFrequency
  }

  /// Ranks every posting of `blocks` (ascending, disjoint id ranges) on a fresh scorer,
  /// each where its bound could enter: the blocks of the highest impacts, whose best
  /// postings raise the threshold before the walk in passage order begins, so that it
  /// decodes fewer blocks on its way to the best (the best 30 of `you`, 1.4 million
  /// passages at 30,000 generated talks: 234 µs without seeds, 118 µs with them).
  private func collectBlocks(
    _ blocks: [ClosedRange<UInt32>], into collector: inout TopHits, context: ScoringContext
  ) {
    let seeding = fresh()
    for block in blocks {
      seeding.advance(to: block.lowerBound)
      while seeding.current <= block.upperBound && seeding.current != PostingCursor.exhausted {
        if !collector.excludes(seeding.upperBound(), from: seeding.current) {
          collector.insert(seeding.current, seeding.score(context))
        }
        seeding.next()
      }
    }
  }

  /// Several forms (or one): their postings merged in one loop, each passage counted where
  /// `admits` lets it in, and ranked only where its bound could enter; where no form's block
  /// could, up to the nearest block end, passages are only counted. Walks the scorer to its
  /// end from where it stands; how many passages it admitted. (`TermExclusionScorer` admits
  /// those its excluded word lacks.) With `leapsWindows`, where `admits` lets every passage
  /// in and there are two forms, a window where no passage of one form alone can enter is
  /// leapt: its passages of both forms ranked, the others counted from the blocks' ids
  /// (`leapWindow`).
  func collectTopOfForms(
    into collector: inout TopHits, context: ScoringContext, leapsWindows: Bool = false,
    admits: (UInt32) -> Bool
  ) -> Int {
    let forms = unretainedCursors
    let leaps = leapsWindows && forms.count == 2
    var total = 0
    // Passages through this one are only counted: no form's block could enter there.
    var countsOnlyThrough: UInt32?
    // `windowBounds()` where they were last taken.
    var window: (any: Double, alone: Double, end: UInt32)?
    let shortest = shortestSaturation
    while true {
      let (passage, lone) = Self.nearest(of: forms)
      if passage == PostingCursor.exhausted { break }
      if leaps && collector.isFull && window.map({ passage > $0.end }) ?? true {
        current = passage
        let bounds = windowBounds(threshold: collector.threshold)
        window = bounds
        if let counted = leapWindow(bounds, into: &collector, context: context) {
          total += counted
          countsOnlyThrough = nil
          continue
        }
      }
      let admitted = admits(passage)
      if admitted { total += 1 }
      if admitted && collector.limit > 0 && !(countsOnlyThrough.map { passage <= $0 } ?? false) {
        current = passage
        countsOnlyThrough = nil
        if collector.isFull {
          // The forms' blocks stay the same through the nearest block end.
          if window.map({ passage > $0.end }) ?? true { window = windowBounds(threshold: collector.threshold) }
          if let window, window.any <= collector.threshold { countsOnlyThrough = window.end }
        }
        if countsOnlyThrough == nil, let lone {
          // A form alone here cannot enter where none could alone through the window.
          if collector.isFull, let window, window.alone <= collector.threshold {
            lone._withUnsafeGuaranteedRef { $0.next() }
            continue
          }
          // One form here: its posting bounds and scores the word, as `boundFactor` and
          // `factor` would find (without their walk over every form).
          lone._withUnsafeGuaranteedRef { cursor in
            let frequency = cursor.frequency
            let flags = cursor.flags
            if collector.isFull {
              let posting = Self.postingBound(frequency: frequency, flags: flags, shortest: shortest)
              guard idf * min(Double(cursor.blockMaxImpact), posting) > collector.threshold else { return }
            }
            let factor = Self.postingFactor(
              frequency: frequency, flags: flags, length: cursor.wordCount(in: context.store),
              averageLength: context.averageWords)
            collector.insert(passage, idf * factor)
          }
        } else if countsOnlyThrough == nil && (!collector.isFull || upperBound() > collector.threshold) {
          collector.insert(passage, score(context))
        }
      }
      for form in forms {
        form._withUnsafeGuaranteedRef { if $0.current == passage { $0.next() } }
      }
    }
    current = PostingCursor.exhausted
    return total
  }

  /// Two forms, where no passage of one of them alone can enter through `window.end`:
  /// ranks the passages of both there, moves both forms past it, and gives how many
  /// passages they have there; else nil, moving nothing. (A walk in passage order: a tie
  /// loses to the hits before it.)
  private func leapWindow(
    _ window: (any: Double, alone: Double, end: UInt32), into collector: inout TopHits, context: ScoringContext
  ) -> Int? {
    guard window.alone <= collector.threshold else { return nil }
    let first = cursors[0].remainingIds(through: window.end)
    let second = cursors[1].remainingIds(through: window.end)
    let scratch = commonScratch ?? UnsafeMutablePointer<UInt32>.allocate(capacity: PostingsWriter.blockSize)
    commonScratch = scratch
    let common = PostingCursor.commonIds(first, second, into: scratch)
    for passage in UnsafeBufferPointer(start: scratch, count: common) {
      for cursor in cursors { cursor.advance(to: passage) }
      current = passage
      if !collector.excludes(upperBound(), from: passage) { collector.insert(passage, score(context)) }
    }
    for cursor in cursors { cursor.advance(to: window.end == PostingCursor.exhausted ? window.end : window.end + 1) }
    blocksBoundedOut += 1
    return first.count + second.count - common
  }

  /// For `leapWindow`: the passages of both forms in a window (at most a block's),
  /// allocated on its first leap.
  private var commonScratch: UnsafeMutablePointer<UInt32>?

  deinit { commonScratch?.deallocate() }

  /// A bound on the score of every passage from `current` through `end`: the block maxima
  /// of the forms with a posting there, up to the nearest block end (a form whose next
  /// posting lies past `end` has none there: its block does not count), as `windowBounds`
  /// takes them for hits of `threshold`.
  func blockBound(threshold: Double) -> (bound: Double, end: UInt32) {
    let bounds = windowBounds(threshold: threshold)
    return (bounds.any, bounds.end)
  }

  /// Bounds on the scores from `current` through `end` (as `blockBound`): of any passage,
  /// and of a passage where one form alone stands. Each form's postings are bounded by its
  /// block's stored maximum and, where that is above `threshold` by no more than it can be
  /// above the exact one (`impactSlack`) and the form keeps word counts, by the highest
  /// factor of its block's best postings (`PostingCursor.forEachBlockBest`). That is a
  /// score itself where one posting is the best of its frequency in every respect (the
  /// usual block of a rarer word): postings that tie the threshold then bound a block out,
  /// which the stored maxima never do. A passage of several forms is bounded by their best
  /// together (frequencies summed, as in `boundFactor`), where several stand in the window.
  func windowBounds(threshold: Double) -> (any: Double, alone: Double, end: UInt32) {
    var end = PostingCursor.exhausted
    for cursor in cursors where cursor.current != PostingCursor.exhausted { end = min(end, cursor.blockLastId) }
    let average = context.averageWords
    var stored: Float = 0
    var alone = 0.0
    var frequency = 0
    var flags: UInt32 = 0
    var length = Int.max
    var allKnown = true
    var standing = 0
    for cursor in cursors where cursor.current <= end {
      standing += 1
      stored += cursor.blockMaxImpact
      var best = 0.0
      var highest = 0
      let known =
        readsBest(cursor, threshold)
        && cursor.forEachBlockBest { postingFrequency, postingFlags, wordCount in
          best = max(
            best,
            Self.postingFactor(
              frequency: postingFrequency, flags: postingFlags, length: wordCount, averageLength: average))
          highest = max(highest, postingFrequency)
          flags |= postingFlags
          length = min(length, wordCount)
        }
      frequency += highest
      allKnown = allKnown && known
      alone = max(alone, known ? min(Double(cursor.blockMaxImpact), best) : Double(cursor.blockMaxImpact))
    }
    guard standing > 1 else { return (idf * alone, idf * alone, end) }
    var together = min(Double(stored), Self.maximumFactor)
    if allKnown {
      together = min(
        together, Self.postingFactor(frequency: frequency, flags: flags, length: length, averageLength: average))
    }
    return (idf * max(alone, together), idf * alone, end)
  }

  /// How far above the exact score a stored impact can be: impacts are computed at the
  /// store's average length, at least the scoring one, and saturation grows with the
  /// average by at most their ratio; an f32 rounded up adds less than a millionth.
  private lazy var impactSlack: Double = {
    let ratio = context.store.averageWords / context.averageWords
    return ratio.isFinite && ratio >= 1 ? ratio * (1 + 1e-6) : .infinity
  }()

  /// Whether the postings of `cursor`'s block are worth reading for their own bound: its
  /// stored maximum keeps hits of `threshold` from passing it over, but could were it the
  /// exact one.
  @inline(__always)
  private func readsBest(_ cursor: PostingCursor, _ threshold: Double) -> Bool {
    guard cursor.keepsWordCounts else { return false }
    let stored = idf * Double(cursor.blockMaxImpact)
    return stored > threshold && stored <= threshold * impactSlack
  }

  /// How many passages a fresh scorer over these postings matches: one form's document
  /// frequency (the figure a lone word's total is), two forms' frequencies less the
  /// passages both have (leaping: cheap when one form is rare), more forms walked.
  func countAll() -> Int {
    switch cursors.count {
    case 1:
      return cursors[0].documentFrequency
    case 2:
      return cursors[0].documentFrequency + cursors[1].documentFrequency
        - PostingCursor.countCommon(cursors[0].fresh(), cursors[1].fresh())
    default:
      return fresh().countRemaining()
    }
  }

  /// How many passages it matches from where it is (walking it to the end).
  func countRemaining() -> Int {
    if cursors.count == 1 { return cursors[0].countRemaining() }
    var count = 0
    while current != PostingCursor.exhausted {
      count += 1
      next()
    }
    return count
  }

  /// How many passages `a` and `b` both match, from where they are (walking them).
  static func countCommon(_ a: TermScorer, _ b: TermScorer) -> Int {
    if a.cursors.count == 1 && b.cursors.count == 1 {
      return PostingCursor.countCommon(a.cursors[0], b.cursors[0])
    }
    var count = 0
    while a.current != PostingCursor.exhausted && b.current != PostingCursor.exhausted {
      if a.current < b.current {
        a.advance(to: b.current)
      } else if b.current < a.current {
        b.advance(to: a.current)
      } else {
        count += 1
        a.next()
        b.next()
      }
    }
    return count
  }
}
