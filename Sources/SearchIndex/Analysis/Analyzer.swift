/// Turns text into tokens: verbatim words (folded) and, per `AnalyzerOptions`, extras.
///
/// Every verbatim word takes as many slots as it has identifier parts (one when not split),
/// so `toolbarVerticalBehavior` spans slots s...s+2: its whole form covers them all, the
/// extra parts `toolbar`, `vertical`, `behavior` take one each, and the adjacent-part
/// concatenations `toolbarvertical`, `verticalbehavior` cover two. The phrase
/// "toolbar vertical behavior" and the query `verticalbehavior` both find it.
///
/// A CJK run (`WordScanner`, `CJKScript`) of n characters takes n slots: each character is
/// a unigram term in its own slot, and each pair of neighbours a bigram term in the slot of
/// its first character (the run's last bigram spans the last two slots, so a word after
/// the run starts right after it). A query run of two or more characters is the phrase of
/// its bigrams, a lone character its unigram: any substring of a run is found, and a
/// phrase of CJK and Latin words (`SwiftUIで`) matches across the boundary. Both kinds are
/// verbatim terms (nothing to split or fold but width, `TermFolding.foldCJK`).
struct Analyzer: Sendable {
  var options: AnalyzerOptions

  /// Identifier concatenations are indexed for words of at most this many parts.
  static let maximumConcatenatedParts = 8

  /// A word of a query, with its identifier parts (empty when not split); a CJK unigram
  /// or bigram has `isCJK` set and is looked up as it is.
  struct Word: Equatable {
    var folded: [UInt8]
    var parts: [[UInt8]]
    var isCJK = false
  }

  /// The folded characters of a CJK run.
  static func cjkUnigrams(_ bytes: UnsafeBufferPointer<UInt8>, _ characters: [Range<Int>]) -> [[UInt8]] {
    var folded: [UInt8] = []
    return characters.map { range in
      TermFolding.foldCJK(bytes, range, into: &folded)
      return folded
    }
  }

  /// The tokens of one CJK run whose first character takes `slot`.
  private func emitCJK(
    _ bytes: UnsafeBufferPointer<UInt8>, _ characters: [Range<Int>], slot: Int, emit: (Token) -> Void
  ) {
    let unigrams = Self.cjkUnigrams(bytes, characters)
    for (offset, range) in characters.enumerated() {
      emit(
        Token(
          term: unigrams[offset], startSlot: slot + offset, endSlot: slot + offset,
          byteStart: range.lowerBound, byteEnd: range.upperBound))
    }
    guard characters.count > 1 else { return }
    for offset in 0..<(characters.count - 1) {
      let isLast = offset == characters.count - 2
      emit(
        Token(
          term: unigrams[offset] + unigrams[offset + 1], startSlot: slot + offset,
          endSlot: slot + offset + (isLast ? 1 : 0),
          byteStart: characters[offset].lowerBound, byteEnd: characters[offset + 1].upperBound))
    }
  }

  /// Tokens of `text`, for tests and small inputs.
  func tokens(_ text: String) -> [Token] {
    var result: [Token] = []
    var text = text
    text.withUTF8 { bytes in
      _ = analyze(bytes, firstSlot: 0) { result.append($0) }
    }
    return result
  }

  /// Analyzes `bytes`, calling `emit` for each token with slots from `firstSlot`, and
  /// `identifier` with the parts of each word split into two or more (as `Word.parts`).
  /// Returns the number of verbatim words and of slots used.
  @discardableResult
  func analyze(
    _ bytes: UnsafeBufferPointer<UInt8>, firstSlot: Int, emit: (Token) -> Void,
    identifier: (([[UInt8]]) -> Void)? = nil
  ) -> (words: Int, slots: Int) {
    var slot = firstSlot
    var wordCount = 0
    var folded: [UInt8] = []
    var compoundTerms: [[UInt8]] = []
    WordScanner.scan(bytes) { words, isCJK in
      if isCJK {
        emitCJK(bytes, words, slot: slot, emit: emit)
        slot += words.count
        wordCount += words.count
        return
      }
      compoundTerms.removeAll(keepingCapacity: true)
      let compoundFirstSlot = slot
      for range in words {
        TermFolding.fold(bytes, range, into: &folded)
        let boundaries =
          options.splitsIdentifiers ? TermFolding.identifierBoundaries(bytes, range) : []
        let partCount = boundaries.count + 1
        emit(
          Token(
            term: folded, startSlot: slot, endSlot: slot + partCount - 1,
            byteStart: range.lowerBound, byteEnd: range.upperBound))
        if partCount > 1 {
          let parts = Self.parts(bytes, range, boundaries)
          emitParts(parts, bytes, range, boundaries, firstSlot: slot, emit: emit)
          identifier?(parts)
        }
        if options.foldsPlurals, let singular = TermFolding.singular(folded) {
          emit(extra(singular, slot, slot + partCount - 1, range))
        }
        if options.joinsCompounds {
          if let joined = TermFolding.withoutApostrophes(folded) {
            emit(extra(joined, slot, slot + partCount - 1, range))
          }
          if let owner = TermFolding.possessiveOwner(folded) {
            emit(extra(owner, slot, slot + partCount - 1, range))
          }
        }
        if words.count > 1 { compoundTerms.append(TermFolding.withoutApostrophes(folded) ?? folded) }
        slot += partCount
        wordCount += 1
      }
      if options.joinsCompounds && words.count >= 2 {
        var whole = compoundTerms.joined().map { $0 }
        TermFolding.truncate(&whole)
        let byteRange = words[0].lowerBound..<words[words.count - 1].upperBound
        emit(extra(whole, compoundFirstSlot, slot - 1, byteRange))
        if options.foldsPlurals, let singular = TermFolding.singular(whole) {
          emit(extra(singular, compoundFirstSlot, slot - 1, byteRange))
        }
      }
    }
    return (wordCount, slot - firstSlot)
  }

  /// The slots and bytes of each verbatim word, as `analyze` would give them, without
  /// folding or extras (for highlights, which only need where words are). A CJK character
  /// also reaches back into the slot before it (within its run), where the bigram that
  /// ends with it starts. Words past `lastSlot` may be left out.
  /// `words`: the scanner's buffer, which the scans of many texts may share.
  func wordSlots(
    _ bytes: UnsafeBufferPointer<UInt8>, through lastSlot: Int = .max, words: inout [Range<Int>],
    emit: (_ startSlot: Int, _ endSlot: Int, _ bytes: Range<Int>) -> Void
  ) {
    var slot = 0
    WordScanner.scan(bytes, words: &words) { (words: [Range<Int>], isCJK: Bool) -> Bool in
      if isCJK {
        for (offset, range) in words.enumerated() {
          emit(slot + max(0, offset - 1), slot + offset, range)
        }
        slot += words.count
        return slot <= lastSlot
      }
      for range in words {
        let partCount =
          options.splitsIdentifiers ? TermFolding.identifierBoundaryCount(bytes, range) + 1 : 1
        emit(slot, slot + partCount - 1, range)
        slot += partCount
      }
      return slot <= lastSlot
    }
  }

  private func extra(_ term: [UInt8], _ start: Int, _ end: Int, _ range: Range<Int>) -> Token {
    Token(
      term: [TermSpace.extraMarker] + term, startSlot: start, endSlot: end,
      byteStart: range.lowerBound, byteEnd: range.upperBound)
  }

  /// The identifier parts of the word at `range` cut at `boundaries`, ASCII lowercased
  /// (the same for the text and a query).
  static func parts(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ boundaries: [Int]) -> [[UInt8]] {
    let edges = [range.lowerBound] + boundaries + [range.upperBound]
    return (0..<(edges.count - 1)).map { index in
      bytes[edges[index]..<edges[index + 1]].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
  }

  private func emitParts(
    _ parts: [[UInt8]], _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ boundaries: [Int],
    firstSlot: Int, emit: (Token) -> Void
  ) {
    let edges = [range.lowerBound] + boundaries + [range.upperBound]
    let partCount = parts.count
    let longest = partCount <= Self.maximumConcatenatedParts ? partCount - 1 : 1
    for length in 1...longest {
      for first in 0...(partCount - length) {
        var term = parts[first..<(first + length)].joined().map { $0 }
        TermFolding.truncate(&term)
        let byteRange = edges[first]..<edges[first + length]
        let start = firstSlot + first
        let end = start + length - 1
        emit(extra(term, start, end, byteRange))
        if options.foldsPlurals, let singular = TermFolding.singular(term) {
          emit(extra(singular, start, end, byteRange))
        }
      }
    }
  }

  /// The words of a query string, with identifier parts where splitting applies.
  func queryWords(_ text: String) -> [Word] {
    var result: [Word] = []
    var text = text
    var folded: [UInt8] = []
    text.withUTF8 { bytes in
      WordScanner.scan(bytes) { words, isCJK in
        if isCJK {
          let unigrams = Self.cjkUnigrams(bytes, words)
          if unigrams.count == 1 {
            result.append(Word(folded: unigrams[0], parts: [], isCJK: true))
          } else {
            for offset in 0..<(unigrams.count - 1) {
              result.append(Word(folded: unigrams[offset] + unigrams[offset + 1], parts: [], isCJK: true))
            }
          }
          return
        }
        for range in words {
          TermFolding.fold(bytes, range, into: &folded)
          var word = Word(folded: folded, parts: [])
          let boundaries =
            options.splitsIdentifiers ? TermFolding.identifierBoundaries(bytes, range) : []
          if !boundaries.isEmpty { word.parts = Self.parts(bytes, range, boundaries) }
          result.append(word)
        }
      }
    }
    return result
  }
}
