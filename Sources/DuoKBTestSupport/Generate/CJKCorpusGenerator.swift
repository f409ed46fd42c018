import DocumentModel

/// The same corpus in another script, for measuring what CJK text costs the index: each
/// passage of an English corpus (`CorpusGenerator`) becomes Japanese-, Chinese- or
/// Korean-like text of as many UTF-8 bytes, made of Zipf-distributed words of one to four
/// characters, phrases split by spaces here and there (as Apple's Japanese captions are),
/// and a Latin API name now and then. Ids, times, cues and everything else stay.
package struct CJKCorpusGenerator {
  package enum Script: String, CaseIterable, Sendable {
    case japanese = "ja"
    case chinese = "zh-Hans"
    case korean = "ko"
  }

  package var script: Script
  private var vocabulary: [String] = []
  private var zipf = ZipfDraw(count: 0)

  static let latin = ["Xcode", "SwiftUI", "iOS", "UIKit", "visionOS"]

  /// The characters words are drawn from: a few thousand, as real captions use.
  static func alphabet(_ script: Script) -> [Character] {
    switch script {
    case .japanese:
      // Hiragana, Katakana and the first 2,000 Han ideographs.
      return (0x3041...0x3093).compactMap(Unicode.Scalar.init).map(Character.init)
        + (0x30A1...0x30F3).compactMap(Unicode.Scalar.init).map(Character.init)
        + (0x4E00..<0x4E00 + 2_000).compactMap(Unicode.Scalar.init).map(Character.init)
    case .chinese:
      return (0x4E00..<0x4E00 + 3_500).compactMap(Unicode.Scalar.init).map(Character.init)
    case .korean:
      return (0xAC00..<0xAC00 + 2_350).compactMap(Unicode.Scalar.init).map(Character.init)
    }
  }

  package init(script: Script, seed: UInt64, vocabularySize: Int = 20_000) {
    self.script = script
    var random = SplitMix64(seed: seed ^ 0xC1C1_C1C1)
    let alphabet = Self.alphabet(script)
    var seen: Set<String> = []
    while vocabulary.count < vocabularySize {
      let length = 1 + Int(random.next() % 4)
      let word = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      if seen.insert(word).inserted { vocabulary.append(word) }
    }
    zipf = ZipfDraw(count: vocabulary.count)
  }

  /// `documents` with every passage's text (and its cue's) rewritten in the script, each
  /// of the same UTF-8 length or a few bytes more, and the language set.
  package func rewriting(_ documents: [Document], seed: UInt64) -> [Document] {
    var random = SplitMix64(seed: seed)
    return documents.map { document in
      var document = document
      document.language = script.rawValue
      for index in document.passages.indices {
        let text = self.text(bytes: document.passages[index].text.utf8.count, &random)
        document.passages[index].text = text
        if let cue = document.passages[index].firstCue, document.cues.indices.contains(cue) {
          document.cues[cue].text = text
          document.cues[cue].raw = text
        }
      }
      return document
    }
  }

  func text(bytes: Int, _ random: inout SplitMix64) -> String {
    var text = ""
    while text.utf8.count < bytes {
      switch random.next() % 24 {
      case 0: text += Self.latin[Int(random.next() % UInt64(Self.latin.count))]
      case 1, 2, 3: if !text.isEmpty, text.last != " " { text += " " }
      default: text += vocabulary[wordIndex(&random)]
      }
    }
    return text
  }

  func wordIndex(_ random: inout SplitMix64) -> Int {
    zipf.rank(&random)
  }
}
