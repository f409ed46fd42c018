/// Turns text into tokens: verbatim words (folded) and, per `AnalyzerOptions`, extras.
///
/// Every verbatim word takes as many slots as it has identifier parts (one when not split),
/// so `toolbarVerticalBehavior` spans slots s...s+2: its whole form covers them all, the
/// extra parts `toolbar`, `vertical`, `behavior` take one each, and the adjacent-part
/// concatenations `toolbarvertical`, `verticalbehavior` cover two. The phrase
/// "toolbar vertical behavior" and the query `verticalbehavior` both find it.
struct Analyzer: Sendable {
  var options: AnalyzerOptions

  init(options: AnalyzerOptions) { self.options = options }

  /// Identifier concatenations are indexed for words of at most this many parts.
  static let maximumConcatenatedParts = 8

  /// A word of a query, with its identifier parts (empty when not split).
  struct Word: Equatable {
    var folded: [UInt8]
    var parts: [[UInt8]]
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

  /// Analyzes `bytes`, calling `emit` for each token with slots from `firstSlot`.
  /// Returns the number of verbatim words and of slots used.
  @discardableResult
  func analyze(
    _ bytes: UnsafeBufferPointer<UInt8>, firstSlot: Int, emit: (Token) -> Void
  ) -> (words: Int, slots: Int) {
    var slot = firstSlot
    var wordCount = 0
    var folded: [UInt8] = []
    var compoundTerms: [[UInt8]] = []
    WordScanner.scan(bytes) { words in
      compoundTerms.removeAll(keepingCapacity: true)
      let compoundFirstSlot = slot
      for range in words {
        TermFolding.fold(bytes, range, into: &folded)
        let boundaries =
          options.splitsIdentifiers ? TermFolding.identifierBoundaries(bytes, range) : []
        let partCount = boundaries.count + 1
        emit(Token(term: folded, startSlot: slot, endSlot: slot + partCount - 1,
                   byteStart: range.lowerBound, byteEnd: range.upperBound))
        if partCount > 1 {
          emitParts(bytes, range, boundaries, firstSlot: slot, emit: emit)
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
  /// folding or extras (for highlights, which only need where words are).
  func wordSlots(
    _ bytes: UnsafeBufferPointer<UInt8>, emit: (_ startSlot: Int, _ endSlot: Int, _ bytes: Range<Int>) -> Void
  ) {
    var slot = 0
    WordScanner.scan(bytes) { words in
      for range in words {
        let partCount =
          options.splitsIdentifiers ? TermFolding.identifierBoundaries(bytes, range).count + 1 : 1
        emit(slot, slot + partCount - 1, range)
        slot += partCount
      }
    }
  }

  private func extra(_ term: [UInt8], _ start: Int, _ end: Int, _ range: Range<Int>) -> Token {
    Token(term: [TermSpace.extraMarker] + term, startSlot: start, endSlot: end,
          byteStart: range.lowerBound, byteEnd: range.upperBound)
  }

  private func emitParts(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ boundaries: [Int],
    firstSlot: Int, emit: (Token) -> Void
  ) {
    let edges = [range.lowerBound] + boundaries + [range.upperBound]
    let parts: [[UInt8]] = (0..<(edges.count - 1)).map { index in
      bytes[edges[index]..<edges[index + 1]].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
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
      WordScanner.scan(bytes) { words in
        for range in words {
          TermFolding.fold(bytes, range, into: &folded)
          var word = Word(folded: folded, parts: [])
          let boundaries =
            options.splitsIdentifiers ? TermFolding.identifierBoundaries(bytes, range) : []
          if !boundaries.isEmpty {
            let edges = [range.lowerBound] + boundaries + [range.upperBound]
            word.parts = (0..<(edges.count - 1)).map { index in
              bytes[edges[index]..<edges[index + 1]].map {
                $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0
              }
            }
          }
          result.append(word)
        }
      }
    }
    return result
  }
}
