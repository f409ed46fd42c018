import Citations
import Corpus
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Normalize
import Testing

/// A Japanese, a Chinese and a Korean talk harvested from loopback, then searched for every
/// substring of every CJK run of every passage, from 1 character to the whole run (up to 12
/// here): found at the right talk and passage, with a link at the cue where it begins.
@Suite struct CJKHarvestTests {
  static func harvested() async throws -> (ScratchDirectory, KnowledgeBase, FixtureSite) {
    let site = try CJKTalks.site()
    let scratch = try ScratchDirectory()
    try scratch.write(site.sourcesJSON, to: "Corpus/sources.json")
    let run = await runCLI(["refresh", "--home", scratch.url.path, "--allow-host", "127.0.0.1"])
    #expect(run.status == .success, "\(run.stderr)")
    return (scratch, KnowledgeBase(home: scratch.url), site)
  }

  static func isCJK(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x3041...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xFF66...0xFF9F: true
      default: false
      }
    }
  }

  /// Every substring of the CJK runs of `text`, from 1 character to the whole run.
  static func substrings(_ text: String) -> Set<String> {
    var runs: [[Character]] = [[]]
    for character in text {
      if isCJK(character) {
        runs[runs.count - 1].append(character)
      } else if !runs[runs.count - 1].isEmpty {
        runs.append([])
      }
    }
    var result: Set<String> = []
    for run in runs where !run.isEmpty {
      for length in 1...run.count {
        for start in 0...(run.count - length) { result.insert(String(run[start..<(start + length)])) }
      }
    }
    return result
  }

  @Test func everySubstringIsFoundAtItsTalkAndCue() async throws {
    let (scratch, base, _) = try await Self.harvested()
    let index = try base.openIndex().index
    var checked = 0
    for talk in CJKTalks.talks {
      let id = talk.documentID
      let document = try #require(try base.corpus.read(id: id))
      #expect(!document.passages.isEmpty)
      for (number, passage) in document.passages.enumerated() {
        let cues = document.cues[passage.firstCue!...passage.lastCue!]
        for substring in Self.substrings(passage.text) {
          let answer = try index.answer("\"\(substring)\" source:\(id)", limit: 100)
          let hit = try #require(
            answer.hits.first { $0.source.id == id && $0.passageIndex == number },
            "\(substring) in \(passage.text)")
          // The cue where the substring begins: the first of the passage's cues that holds it.
          let cue = try #require(cues.first { TextNormalization.collapseWhitespace($0.text).contains(substring) })
          #expect(hit.matchStartMilliseconds == cue.startMilliseconds, "\(substring) in \(passage.text)")
          #expect(hit.link.hasSuffix("?time=\(cue.startMilliseconds / 1000)"), "\(substring): \(hit.link)")
          checked += 1
        }
      }
    }
    #expect(checked > 300)
    _ = scratch
  }

  @Test func passagesAreSpeechEndedAtClausesWithoutRepeats() async throws {
    let (scratch, base, _) = try await Self.harvested()
    let japanese = try #require(try base.corpus.read(id: "wwdc2025/30001/ja"))
    #expect(
      japanese.passages.map(\.text) == [
        "こんにちは WWDCへようこそ 今日はXcodeで新しいデザインを 確認する方法を紹介します",
        "非常に長いフレームで SwiftUIのプレビューを開きます",
        // A clause end inside a cue does not cut it: passages end at cue boundaries.
        "得点を管理します みんな 競争が好きですよね",
        "ｶﾞｲﾄﾞの表示を調整するには 設定を開いて 項目を選びます",
        "ありがとうございました",
      ])
    #expect(japanese.passages.last?.omitted == ["［ 拍手 ］"])
    // The playlist's LANGUAGE="Japanese" and "zh" are recorded as BCP 47 tags.
    #expect(japanese.language == "ja")
    // The boundary repeat is one cue.
    #expect(japanese.cues.filter { $0.text == "SwiftUIのプレビューを開きます" }.count == 1)
    let chinese = try #require(try base.corpus.read(id: "wwdc2025/30002/zh-hans"))
    #expect(
      chinese.passages.map(\.text) == [
        "大家好 欢迎来到WWDC 我们在设计这个界面的时候 考虑了很多用户的需求 使用SwiftUI可以更快地构建应用", "谢谢大家",
      ])
    #expect(chinese.language == "zh-Hans")
    let hits = try base.openIndex().index.answer("SwiftUI lang:zh", limit: 10).hits
    #expect(hits.map(\.source.id) == ["wwdc2025/30002/zh-hans"])
    _ = scratch
  }

  @Test(
    "Latin words and width forms inside CJK text",
    arguments: [
      ("Xcode", ["wwdc2025/30001/ja", "wwdc2025/30003/ko"]), ("Ｘｃｏｄｅ", ["wwdc2025/30001/ja", "wwdc2025/30003/ko"]),
      ("ガイド", ["wwdc2025/30001/ja"]), ("\"SwiftUIのプレビュー\"", ["wwdc2025/30001/ja"]),
      ("SwiftUI 构建", ["wwdc2025/30002/zh-hans"]), ("\"Xcode의\"", ["wwdc2025/30003/ko"]),
    ])
  func latinAndWidth(query: String, ids: [String]) async throws {
    let (scratch, base, _) = try await Self.harvested()
    let hits = try base.openIndex().index.answer(query, limit: 10, scope: SearchScope(strict: true)).hits
    #expect(Set(hits.map(\.source.id)) == Set(ids), "\(query)")
    _ = scratch
  }
}
