import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Normalize
import Testing

/// Seeded random Japanese, Chinese and Korean talks made of cues, normalized into passages
/// and indexed as documents of their languages: every CJK substring of 2 to 8 characters
/// of a passage is found by a phrase query at its talk and passage, with a citation id of
/// that talk's language and a link to the cue where the substring first begins in the
/// passage, never an earlier one.
@Suite struct CJKLinkPropertyTests {
  struct Language {
    var tag: String
    var folder: String
    var alphabet: [Character]
  }

  static let languages = [
    Language(
      tag: "ja", folder: "jp",
      alphabet: Array("あいうえおかきくけこさしすせそたちつてとなにのはまみむめもやよらりるれろわをんアイウエオカキクケコサシスタチツテトナニノハマミムメモヤヨラリルレロワンー画面設定表示機能開発")),
    Language(tag: "zh-Hans", folder: "cn", alphabet: Array("我们在设计这个界面的时候考虑了很多用户需求使用可以更快地构建应用大家好欢迎来到谢")),
    Language(tag: "ko", folder: "kr", alphabet: Array("안녕하세요오신것을환영합니다늘은새로운기능소개해드리겠습레이아웃조정하는방법알아봅시화면크기")),
  ]
  static let latin = ["Xcode", "SwiftUI", "iOS"]

  /// A cue of one to three phrases, sometimes with a Latin word inside.
  static func cueText(_ alphabet: [Character], _ random: inout SplitMix64) -> String {
    (0..<Int.random(in: 1...3, using: &random)).map { _ in
      var phrase = String(
        (0..<Int.random(in: 2...7, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
      if Int.random(in: 0..<5, using: &random) == 0 {
        phrase.insert(
          contentsOf: latin.randomElement(using: &random)!, at: phrase.index(phrase.startIndex, offsetBy: 1))
      }
      return phrase
    }.joined(separator: " ")
  }

  static func talk(number: Int, language: Language, _ random: inout SplitMix64) -> Document {
    var cues: [StoredCue] = []
    var time = 1_000
    for _ in 0..<Int.random(in: 12...24, using: &random) {
      let length = Int.random(in: 1_500...3_500, using: &random)
      let text = cueText(language.alphabet, &random)
      cues.append(StoredCue(startMilliseconds: time, endMilliseconds: time + length, raw: text, text: text))
      // Mostly back to back, sometimes a pause.
      time += length + (Int.random(in: 0..<4, using: &random) == 0 ? 2_000 : 0)
    }
    let base = "wwdc2026/\(number)"
    return Document(
      id: try! DocumentID.localized(base, language: language.tag), kind: .talk, title: "Talk \(number)",
      url: "https://developer.apple.com/\(language.folder)/videos/play/\(base)/", language: language.tag,
      event: "wwdc2026", year: 2026, passages: TalkNormalizer().passages(from: cues), cues: cues)
  }

  static func isCJK(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x3041...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7AF: true
      default: false
      }
    }
  }

  /// Each CJK substring of 2 to 8 characters of `text`, once.
  static func substrings(_ text: String) -> [String] {
    var result: [String] = []
    var seen: Set<String> = []
    for run in text.split(whereSeparator: { !isCJK($0) }).map(Array.init) where run.count >= 2 {
      for length in 2...min(8, run.count) {
        for start in 0...(run.count - length) where seen.insert(String(run[start..<(start + length)])).inserted {
          result.append(String(run[start..<(start + length)]))
        }
      }
    }
    return result
  }

  /// The start of the cue where `substring` first begins in the passage.
  static func cueStart(of substring: String, in passage: Passage, of document: Document) throws -> Int {
    let text = passage.text
    let range = try #require(text.range(of: substring))
    let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let first = try #require(passage.firstCue)
    let last = try #require(passage.lastCue)
    // Cues are joined by single spaces: where each cue after the first begins in the text.
    var starts = [(offset: 0, milliseconds: document.cues[first].startMilliseconds)]
    let firstText = TextNormalization.collapseWhitespace(document.cues[first].text)
    var position = text.hasPrefix(firstText) ? firstText.utf8.count : 0
    for index in (first + 1)..<(last + 1) {
      let cueText = TextNormalization.collapseWhitespace(document.cues[index].text)
      guard !cueText.isEmpty, let found = text.utf8.dropFirst(position).firstRange(of: cueText.utf8) else { continue }
      let begin = text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound)
      starts.append((begin, document.cues[index].startMilliseconds))
      position = begin + cueText.utf8.count
    }
    return try #require(starts.last { $0.offset <= offset }).milliseconds
  }

  @Test("Every CJK substring is found at its talk, linked at its cue", arguments: [UInt64(7), 88, 2026])
  func everySubstringAtItsTalkAndCue(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let documents = Self.languages.enumerated().map { number, language in
      Self.talk(number: 100 + number, language: language, &random)
    }
    let scratch = try ScratchFolder("cjk-links")
    let home = scratch.appending("home")
    let base = KnowledgeBase(home: home)
    for document in documents { try base.corpus.write(document) }
    try base.rebuild()
    let index = try base.openIndex().index
    var checked = 0
    for document in documents {
      for (number, passage) in document.passages.enumerated() {
        for substring in Self.substrings(passage.text) {
          let hits = try index.answer("\"\(substring)\"", limit: 200).hits
          let hit = try #require(
            hits.first { $0.source.id == document.id && $0.passageIndex == number }, "\(substring) in \(passage.text)")
          let cue = try Self.cueStart(of: substring, in: passage, of: document)
          #expect(hit.matchStartMilliseconds == cue, "\(substring) in \(passage.text)")
          #expect(hit.link == "\(document.url)?time=\(cue / 1000)", "\(substring): \(hit.link)")
          #expect(hit.citation.documentID == document.id)
          #expect(hit.source.language == document.language)
          checked += 1
        }
      }
    }
    #expect(checked > 300)
  }
}
