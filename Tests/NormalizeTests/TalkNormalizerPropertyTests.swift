import DocumentModel
import DuoKBTestSupport
import Testing

@testable import Normalize

/// Properties of `TalkNormalizer` over seeded random cue lists shaped like Apple's
/// captions: sentences across cues, abbreviations, versions, `>>` markers with and without
/// labels, voices, sound-only cues, parenthesized words, stray white space.
@Suite struct TalkNormalizerPropertyTests {
  static let seeds: [UInt64] = [1, 7, 99, 2024, 111_466, 10_173]

  static let words = [
    "design", "the", "layout", "iPhone", "Duo", "adapts", "e.g.", "i.e.", "Dr.", "vs.", "etc.", "iOS", "27.1",
    "UIView.frame", "(really)", "“quoted”", "size", "class", "3.5", "U.S.", "toolbar", "…", "...", "macOS",
    "Width", "Apple", "it's", "fold",
  ]
  static let endings = [".", "?", "!", "…", ".\"", ".)", ""]
  static let soundCues = ["♪ ♪", "[ Applause ]", "[MUSIC]", "(Music)", "(Applause)", "♪"]

  /// A random talk: cues in time order, and which of them are sound-only.
  static func talk(seed: UInt64, count: Int = 300) -> (cues: [StoredCue], soundCues: Set<Int>) {
    var random = SplitMix64(seed: seed)
    var cues: [StoredCue] = []
    var sound: Set<Int> = []
    var time = 0
    for index in 0..<count {
      let start = time
      time += Int.random(in: 500...4_000, using: &random)
      let text: String
      switch Int.random(in: 0..<20, using: &random) {
      case 0:
        text = soundCues.randomElement(using: &random)!
        sound.insert(index)
      case 1: text = ""
      default:
        var parts: [String] = []
        if Int.random(in: 0..<8, using: &random) == 0 {
          parts.append(Bool.random(using: &random) ? ">>" : ">> FEMALE SPEAKER:")
        }
        for _ in 0..<Int.random(in: 1...8, using: &random) {
          var word = words.randomElement(using: &random)!
          // A line of only parenthesized words is a sound description: open with a word.
          if parts.isEmpty || parts.last!.hasPrefix(">>") { word = "fold" }
          if Int.random(in: 0..<5, using: &random) == 0 { word += endings.randomElement(using: &random)! }
          if Int.random(in: 0..<6, using: &random) == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
          parts.append(word)
          if Int.random(in: 0..<30, using: &random) == 0 { parts.append(">>") }
        }
        let separator = ["  ", "\n", " ", "\t"].randomElement(using: &random)!
        text = parts.joined(separator: Int.random(in: 0..<4, using: &random) == 0 ? separator : " ")
      }
      let voice = Int.random(in: 0..<10, using: &random) == 0 ? "Ana" : nil
      cues.append(cue(start, time, text, voice: voice))
    }
    return (cues, sound)
  }

  @Test("Every passage is a slice of the cues' joined normalized text", arguments: seeds)
  func passagesAreSlices(seed: UInt64) {
    let (cues, _) = Self.talk(seed: seed)
    let joined = TalkNormalizer.joinedText(of: cues)
    let passages = TalkNormalizer(maximumPassageLength: 80).passages(from: cues)
    #expect(!passages.isEmpty)
    for passage in passages {
      #expect(isByteSlice(passage.text, of: joined), "\(passage.text)")
      // ...and of the joined text of its own cues.
      let own = TalkNormalizer.joinedText(of: Array(cues[passage.firstCue!...passage.lastCue!]))
      #expect(isByteSlice(passage.text, of: own), "\(passage.text)")
    }
  }

  @Test("Times are those of the first and last cue; cue indices are in range", arguments: seeds)
  func timesLieWithinCues(seed: UInt64) {
    let (cues, _) = Self.talk(seed: seed)
    for passage in TalkNormalizer().passages(from: cues) {
      guard let first = passage.firstCue, let last = passage.lastCue else {
        Issue.record("passage without cues: \(passage.text)")
        continue
      }
      #expect(0 <= first && first <= last && last < cues.count)
      #expect(passage.startMilliseconds == cues[first].startMilliseconds)
      #expect(passage.endMilliseconds == cues[last].endMilliseconds)
      #expect(passage.kind == .speech)
    }
  }

  @Test("No passage reaches over or into a sound-only cue, or holds a marker", arguments: seeds)
  func soundCuesStayOut(seed: UInt64) {
    let (cues, soundCues) = Self.talk(seed: seed)
    for passage in TalkNormalizer().passages(from: cues) {
      #expect(!soundCues.contains { passage.firstCue! <= $0 && $0 <= passage.lastCue! }, "\(passage.text)")
      #expect(
        !passage.text.contains("♪") && !passage.text.contains("[MUSIC]") && !passage.text.contains("[ Applause ]"))
      #expect(!passage.text.contains(">>") && !passage.text.contains("FEMALE SPEAKER"))
      #expect(passage.text == TextNormalization.collapseWhitespace(passage.text))
      #expect(!passage.text.isEmpty)
    }
  }

  @Test("Passages keep the order of the cues and lose no spoken word", arguments: seeds)
  func orderAndCoverage(seed: UInt64) {
    let (cues, soundCues) = Self.talk(seed: seed)
    let passages = TalkNormalizer(maximumPassageLength: 80).passages(from: cues)
    for (earlier, later) in zip(passages, passages.dropFirst()) {
      #expect(earlier.lastCue! <= later.firstCue!)
    }
    let spoken = cues.enumerated().filter { !soundCues.contains($0.offset) }.map(\.element.text)
      .joined(separator: " ")
      .split(whereSeparator: \.isWhitespace)
      .filter { $0 != ">>" && $0 != "FEMALE" && $0 != "SPEAKER:" }
    let quoted = passages.map(\.text).joined(separator: " ").split(separator: " ")
    let firstDifference = zip(quoted, spoken).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(quoted.count == spoken.count)
    #expect(
      firstDifference == nil, "word \(firstDifference?.offset ?? -1): \(firstDifference.map { "\($0.element)" } ?? "")")
  }
}
