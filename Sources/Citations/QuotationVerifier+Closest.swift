#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension QuotationVerifier {
  /// Words found in more places than this do not pick candidates for a misquote.
  static let commonWordLimit = 5_000

  /// For words that occur nowhere as quoted: the closest stretch of the corpus (the passages
  /// sharing the most rare words, each with its neighbours, aligned word by word). A
  /// quotation that shares at least half its words (and two) with it is a misquote of it;
  /// otherwise it is not found.
  func closest(to quotation: QuotedWords, in allowed: Set<Int>?, verdict: inout QuotationVerdict) {
    let quoted = quotation.allWords
    let words = transcript.words
    guard !words.isEmpty else { return }
    var votes: [Int: Double] = [:]
    for folded in Set(quoted.map(\.folded)) {
      guard let positions = transcript.postings[folded], positions.count <= Self.commonWordLimit else { continue }
      let weight = log(Double(words.count + 1) / Double(positions.count))
      var seen: Set<Int> = []
      for position in positions {
        let word = words[position]
        if let allowed, !allowed.contains(word.document) { continue }
        let key = transcript.documents[word.document].passages[word.passage].words.lowerBound
        if seen.insert(key).inserted { votes[key, default: 0] += weight }
      }
    }
    let candidates = votes.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(6)
    var best: (alignment: WordAlignment, window: Range<Int>)?
    for (key, _) in candidates {
      let word = words[key]
      let passages = transcript.documents[word.document].passages
      let window =
        passages[max(0, word.passage - 1)].words
        .lowerBound..<passages[min(passages.count - 1, word.passage + 1)].words.upperBound
      guard window.count <= 4_000, quoted.count <= 1_000 else { continue }
      let alignment = WordAlignment(
        quote: quoted.map { ($0.text, $0.folded, $0.original) },
        corpus: words[window].map { ($0.text, $0.folded, $0.original) })
      if let current = best,
        current.alignment.cost < alignment.cost
          || (current.alignment.cost == alignment.cost
            && current.alignment.diff.matchedWords >= alignment.diff.matchedWords)
      {
        continue
      }
      best = (alignment, window)
    }
    guard let best, best.alignment.diff.matchedWords >= 2, best.alignment.diff.matchedWords * 2 >= quoted.count,
      !best.alignment.span.isEmpty
    else {
      verdict.status = .notFound
      verdict.note = "no passage of \(allowed == nil ? "the corpus" : "the talk named") comes close"
      return
    }
    let first = best.window.lowerBound + best.alignment.span.lowerBound
    let last = best.window.lowerBound + best.alignment.span.upperBound - 1
    describe(Match(document: words[first].document, first: first, last: last, segmentStarts: [first]), in: &verdict)
    let passages = transcript.documents[words[first].document].passages
    verdict.closest = (words[first].passage...words[last].passage).map { passages[$0].text }.joined(separator: " ")
    verdict.diff = best.alignment.diff
    verdict.status = .misquoted
    let diff = best.alignment.diff
    verdict.note = [
      diff.added > 0 ? "\(diff.added) word\(diff.added == 1 ? "" : "s") not said so" : nil,
      diff.leftOut > 0 ? "\(diff.leftOut) word\(diff.leftOut == 1 ? "" : "s") said but left out (no ellipsis)" : nil,
    ].compactMap { $0 }.joined(separator: ", ")
  }
}
