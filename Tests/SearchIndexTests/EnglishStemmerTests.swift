import Foundation
import Testing

@testable import SearchIndex

/// Porter2 cases worked out by hand from the published rules; each names the rule it
/// exercises.
@Suite struct EnglishStemmerTests {
  static func stem(_ word: String) -> String {
    String(decoding: EnglishStemmer.stem(Array(word.utf8)), as: UTF8.self)
  }

  @Test(
    "Step 0 and 1a: apostrophes, plurals",
    arguments: [
      ("app's", "app"),  // step 0: 's
      ("apps'", "app"),  // step 0: ', then step 1a: s
      ("caresses", "caress"),  // 1a: sses -> ss
      ("cries", "cri"),  // 1a: ies after two letters -> i
      ("ties", "tie"),  // 1a: ies after one letter -> ie
      ("gaps", "gap"),  // 1a: s deleted, a vowel before the p
      ("gas", "gas"),  // 1a: s kept, the only vowel sits right before it
      ("bus", "bus"),  // 1a: us left alone
      ("glass", "glass"),  // 1a: ss left alone
      ("displays", "display"),  // 1a, then y after a vowel stays y
    ])
  func step1a(word: String, stem: String) { #expect(Self.stem(word) == stem) }

  @Test(
    "Step 1b and 1c: ed, ing, y",
    arguments: [
      ("agreed", "agre"),  // 1b: eed in R1 -> ee; step 5 drops the e
      ("feed", "feed"),  // 1b: eed outside R1, and ed is not tried
      ("hopping", "hop"),  // 1b: ing, then a double letter loses one
      ("hoping", "hope"),  // 1b: ing, then a short word gains an e
      ("sized", "size"),  // 1b: ed, then iz gains an e
      ("meeting", "meet"),  // 1b: ing; not short, nothing added
      ("yelling", "yell"),  // an initial y is a consonant; ll is not undoubled
      ("sing", "sing"),  // 1b: ing without a vowel before it stays
      ("happy", "happi"),  // 1c: y after a consonant -> i
      ("by", "by"),  // too short to stem
      ("say", "say"),  // y after a vowel stays
    ])
  func step1b(word: String, stem: String) { #expect(Self.stem(word) == stem) }

  @Test(
    "Steps 2-5: derivational suffixes",
    arguments: [
      ("adapting", "adapt"),
      ("adaptive", "adapt"),  // 4: ive in R2
      ("adaptation", "adapt"),  // 2: ation -> ate, then 4: ate in R2
      ("orientations", "orient"),
      ("navigation", "navig"),
      ("navigate", "navig"),
      ("consistently", "consist"),  // 1c, 2: entli -> ent, 4: ent
      ("generously", "generous"),  // R1 after gener; 2: ousli -> ous
      ("communication", "communic"),  // R1 after commun; 2 then 3: icate -> ic
      ("happiness", "happi"),  // 3: ness deleted
      ("knackeries", "knackeri"),
      ("hinges", "hing"),  // 5: e in R1 after a long syllable
      ("controls", "control"),  // 5: l kept outside R2
      ("toolbars", "toolbar"),
    ])
  func derivations(word: String, stem: String) { #expect(Self.stem(word) == stem) }

  @Test(
    "Exceptions and words left alone",
    arguments: [
      ("skies", "sky"), ("dying", "die"), ("news", "news"), ("ugly", "ugli"), ("only", "onli"),
      ("inning", "inning"),  // second list: kept after step 1a
      ("succeed", "succeed"),
      ("27.1", "27.1"),  // not letters
      ("zürich", "zürich"),  // not ASCII
      ("ui", "ui"),  // two letters
    ])
  func exceptions(word: String, stem: String) { #expect(Self.stem(word) == stem) }

  @Test(
    "Forms of one word share a stem",
    arguments: [
      ["adapt", "adapts", "adapted", "adapting", "adaptive", "adaptation"],
      ["orientation", "orientations", "oriented"],
      ["display", "displays", "displayed", "displaying"],
      ["resize", "resizes", "resized", "resizing"],
    ])
  func sharedStems(words: [String]) {
    #expect(Set(words.map(Self.stem)).count == 1)
  }

  /// 6,000 words and their stems, recorded once: the words of the sample corpus and the
  /// documentation, and made-up ones (bases that the rules treat apart, with every
  /// suffix of every step, and chains of suffixes). Any change to how a step matches a
  /// suffix changes some of them.
  @Test func stemsMatchTheRecordedOnes() throws {
    let file = IndexFormatTests.fixtures.appendingPathComponent("porter2-stems.tsv")
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst()
    #expect(lines.count == 6_000)
    var differences: [String] = []
    for line in lines {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 2 else {
        differences.append("malformed line: \(line)")
        continue
      }
      let stem = Self.stem(fields[0])
      if stem != fields[1] { differences.append("\(fields[0]): \(stem), recorded \(fields[1])") }
    }
    #expect(differences.isEmpty, "\(differences.prefix(20))")
  }
}
