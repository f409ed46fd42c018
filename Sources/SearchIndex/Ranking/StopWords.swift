#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// English words that say little about a topic on their own ("the", "how", "should"): a
/// best-match query still scores them, at `RankingWeights.stopWordWeight`, but never
/// finds passages by them alone, and `audit` never counts them as shared evidence.
package enum StopWords {
  /// Whether a folded word is a stop word.
  package static func contains(_ folded: [UInt8]) -> Bool { words.contains(folded) }

  package static func contains(_ word: String) -> Bool {
    words.contains(Array(word.lowercased().replacing("\u{2019}", with: "'").utf8))
  }

  static let words: Set<[UInt8]> = Set(
    """
    a about above after again against all also am an and any are aren't as at be because been \
    before being below between both but by can can't cannot could couldn't did didn't do does \
    doesn't doing don't down during each either else etc ever every few for from further get \
    gets got had hasn't has have haven't having he her here hers him his how i i'd i'm i've if in \
    into is isn't it it's its itself just let let's may me might more most must my myself no nor \
    not now of off on once only or other ought our ours out over own per same shall she should \
    shouldn't so some such than that that's the their theirs them then there there's these they \
    they're this those through thus to too under until up upon us very via was wasn't we we're \
    we've were weren't what what's when where which while who whom whose why will with within \
    without won't would wouldn't you you'd you'll you're you've your yours yourself \
    happen happens happened does do doing way ways thing things kind sort something anything \
    use using used want wants need needs make makes sure keep keeps one ones like e g
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Array($0.utf8) })
}
