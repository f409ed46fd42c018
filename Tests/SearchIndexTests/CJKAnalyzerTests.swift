import Testing

@testable import SearchIndex

/// CJK runs: unigrams in their own slots, overlapping bigrams, Latin words inside them as
/// in English, width forms folded; the query side makes the same terms.
@Suite struct CJKAnalyzerTests {
  static func describe(_ text: String, _ options: AnalyzerOptions = .standard) -> String {
    Analyzer(options: options).tokens(text).map(\.description).joined(separator: " ")
  }

  @Test(
    "Tokens of CJK text",
    arguments: [
      ("長い", "長@0 い@1 長い@0-1"),
      ("字", "字@0"),
      ("デザイン", "デ@0 ザ@1 イ@2 ン@3 デザ@0 ザイ@1 イン@2-3"),
      // Latin words inside a run are English words, and take the slot after the run.
      ("Xcodeで", "xcode@0 で@1"),
      ("SwiftUIの設定", "swiftui@0-1 +swift@0 +ui@1 の@2 設@3 定@4 の設@2 設定@3-4"),
      // Width forms: full-width Latin is Latin, half-width kana is kana.
      ("Ｘｃｏｄｅ", "xcode@0"),
      ("ﾃﾞｻﾞｲﾝ", "デ@0 ザ@1 イ@2 ン@3 デザ@0 ザイ@1 イン@2-3"),
      // Hangul and Chinese; a space ends a run.
      ("화면 设计", "화@0 면@1 화면@0-1 设@2 计@3 设计@2-3"),
      // Decomposed kana is composed; voicing is never folded away.
      ("か\u{3099}か", "が@0 か@1 がか@0-1"),
    ])
  func tokens(text: String, expected: String) {
    #expect(Self.describe(text) == expected)
  }

  @Test("Query words: a lone character is its unigram, a run the phrase of its bigrams")
  func queryWords() {
    let analyzer = Analyzer(options: .standard)
    func words(_ text: String) -> [String] {
      analyzer.queryWords(text).map { String(decoding: $0.folded, as: UTF8.self) }
    }
    #expect(words("長") == ["長"])
    #expect(words("長いフレーム") == ["長い", "いフ", "フレ", "レー", "ーム"])
    #expect(words("ＳｗｉｆｔＵＩで") == ["swiftui", "で"])
    #expect(analyzer.queryWords("長い").allSatisfy { $0.isCJK })
  }

  @Test func byteRangesSliceTheText() {
    let text = "非常に長いフレームでXcodeを使う（音楽）"
    let bytes = Array(text.utf8)
    for token in Analyzer(options: .standard).tokens(text) {
      let slice = String(decoding: bytes[token.byteStart..<token.byteEnd], as: UTF8.self)
      #expect(text.contains(slice))
      #expect(slice.unicodeScalars.count <= 7)
    }
  }
}

extension CJKAnalyzerTests {
  @Test("Half-width kana with voiced marks are the full-width words")
  func halfWidthVoiced() {
    #expect(Self.describe("ｶﾞｲﾄﾞ") == "ガ@0 イ@1 ド@2 ガイ@0 イド@1-2")
    // Byte for byte: composed, as a query types it (String == would allow decomposed).
    #expect(Analyzer(options: .standard).tokens("ｶﾞ").map(\.term) == [Array("\u{30AC}".utf8)])
    let words = Analyzer(options: .standard).queryWords("ガイド").map { String(decoding: $0.folded, as: UTF8.self) }
    #expect(words == ["ガイ", "イド"])
  }
}
