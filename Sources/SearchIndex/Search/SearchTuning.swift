/// The thresholds that choose how a query is evaluated. None changes an answer, only what
/// it costs to find it (EVALUATION.md); tests name them rather than repeat their values.
enum SearchTuning {
  /// A prefix of at most this many terms walks one cursor per term (positions kept, as one
  /// word of several forms); more are merged into one list without positions, which costs
  /// a pass over every posting but no heap of cursors at every passage.
  static let maximumPrefixCursors = 8

  /// A lone prefix of at most one posting per this many passages is counted in a bit per
  /// passage and ranked block by block (best block bound first); more postings are added
  /// into a byte per passage and read back in one linear scan, cheaper than so many blocks
  /// and than summing so many passages of several terms apart.
  static let prefixBlockRankingShare = 8

  /// A lone prefix of many postings adds them into byte counters this many passages at a
  /// time: 512 KB of counters stay in a core's second-level cache (1 MiB here) while
  /// postings stream through; one counter per passage at 30,000 talks is 13.5 MB.
  static let prefixWindowPassages = 1 << 19

  /// A word of one form ranks this many of its blocks first, those of the highest impacts
  /// (`PostingCursor.bestBlocks`), before walking the rest in passage order: their best
  /// postings set a threshold near the final one from the start. Four blocks (512
  /// postings) hold enough good postings for the 30 or 100 best a best match asks for,
  /// and cost four decodes.
  static let seedBlocks = 4

  /// ... and only a list of at least this many blocks: a shorter walk decodes about as
  /// many blocks as the seeds would, and reading every skip record for them costs more.
  static let seedingBlockCount = 32

  /// ... chosen among its first this many blocks: a word's best postings lie all along its
  /// list, so the first blocks hold good ones too, and reading all of a list's skip
  /// records first (65,000 for `the` at 30,000 talks) cost more than the seeds saved.
  static let seedCandidateBlocks = 16_384

  /// Two words whose postings together exceed one per this many passages are counted
  /// (their total and overlap) in a bit per passage: every id decoded once, without skips.
  /// Below it, leaping through skip records touches fewer blocks.
  static let bitSetCountingShare = 64

  /// ... and only when the longer list is at most this many times the shorter: a much
  /// rarer word leaps over most of the other's blocks.
  static let bitSetCountingSkew = 32

  /// Two words joined by AND find their common passages in a bit per passage
  /// (`TermIntersectionScorer`: one pass over both lists, ids only) when the longer list is
  /// at most this many times the shorter. Past it the leapfrog, a step or two per posting
  /// of the rarer word, passes over more of the longer list's blocks than it decodes. At
  /// 3,000 and 30,000 generated talks the two cost the same near 15 times (bits 8-16 %
  /// faster at 12 times, 12-14 % slower at 19 times; 1.5-2.5 times faster at 1-3 times).
  static let bitSetJoiningSkew = 16

  /// The bits of `IndexSegment.forEachCommonPassage` are cleared for the next query mark by
  /// mark (their ids kept as they are set) while the marks are at most the bits' 64-bit
  /// words over this, and by zeroing every word past that. A mark costs its id kept (4
  /// bytes, on pages a fresh process faults in: one per 1,024 marks) and a scattered write
  /// later, some eight times a word's share of the sequential zeroing. At a mark per word
  /// (the first rule), an AND of two long words at 30,000 talks kept up to 850 KB of ids:
  /// whole-process, its 25 bench queries took 9.72 and 8.81 ms (median, two runs, each
  /// query's variants in turns) by marks and 9.39 and 8.62 by this rule; 5.99 and 5.92 at
  /// 3,000 talks, and the same in process.
  static let wordsClearedPerMark = 8

  /// ... and the shorter list holds at least this many postings. Below, setting the bits
  /// up and touching a scattered line of them for each posting cost more than the few
  /// steps of the leapfrog (at 3,000 talks, pairs of 256 to 1,023 postings took 15 % longer
  /// by bits, pairs of 1,024 to 4,095 15 % less).
  static let bitSetJoiningMinimum = 1_024

  /// An unknown word longer than this (in bytes) is not tried as two known words: the
  /// dictionary lookups per word stay bounded, and no real compound is that long.
  static let maximumSplitWordBytes = 48

  /// A word found in this many passages or more is not tried as two known words: it is
  /// common in its own right.
  static let maximumSplitWordFrequency = 1_000

  /// Words of at least this many bytes on each side of a split ("toolbar" is not "too" +
  /// "lbar").
  static let minimumSplitPart = 3

  /// At most this many splits of one word are searched (those whose rarer half is commonest).
  static let maximumSplits = 2

  /// Postings at most this long are read with `pread` into the cursor's own buffer rather
  /// than faulted into the map: a short list costs one call and leaves no page resident.
  static let copiedPostingsBytes = 2_048

  /// A list whose postings are longer than this reads the blocks it leaps to (past others)
  /// with `pread` (`PostingCursor.loadCopied`). What a searcher keeps of the map is
  /// `IndexSegment.keptResidentBytes` (8 MiB): a longer list's pages are released and
  /// faulted in again by the queries that leap through it, and each fault maps at least a
  /// fault-around window (64 KiB), and up to a whole page-cache folio (2 MiB) where the
  /// kernel keeps the file in large ones, for the block's few hundred bytes. A shorter list
  /// stays mapped from one query to the next, where a read from the map costs nothing.
  static let leapCopyingBytes = IndexSegment.keptResidentBytes

  /// ... and only once its leaps average at least this many blocks. Nearer, the blocks lie
  /// in pages the leaps before faulted in, and a read from the map costs less than a call.
  /// At 30,000 generated talks, AND and phrases of a word with `the` or `of` (6 random
  /// words for each average leap): averages of 1 to 16 blocks took 1.1 to 2 times as long
  /// with every leap read so, 32 the same, 64 to 256 blocks 1.8 to 2.9 times less.
  static let leapCopyingDistance = 32

  /// A leaped-to block's positions longer than this are read from the map.
  static let copiedPositionsBytes = 64 << 10

  /// Which lists read the blocks they leap to with `pread`, and from what average leap.
  struct LeapCopying: Sendable {
    /// Lists whose postings are longer than this...
    var listBytes: Int
    /// ... once their leaps average at least this many blocks.
    var averageBlocks: Int

    static let standard = LeapCopying(listBytes: leapCopyingBytes, averageBlocks: leapCopyingDistance)
    /// Every leap of every list read from the map (a list short enough to be read whole
    /// aside): the tests hold this path to the map's answers.
    static let everyLeap = LeapCopying(listBytes: 0, averageBlocks: 0)
  }

  /// The most hits one search returns, whatever the limit asked (the heap stays small).
  static let maximumHits = 10_000
}
