import DocumentModel
import Foundation
import Testing

@testable import SearchIndex

/// CJK passages through a built index: every substring is found by a phrase query on it,
/// lone characters too, Latin words inside CJK text as in English, width forms folded.
@Suite struct CJKSearchTests {
  static let japanese = [
    "非常に長いフレームでデザインを確認します",
    "得点を管理します みんな 競争が好きですよね",
    "XcodeでSwiftUIのプレビューを開きます",
    "ウィジェットの表示を調整するには",
    "ｶﾞｲﾄﾞの表示を調整するには",
  ]
  static let chinese = [
    "我们在设计这个界面的时候考虑了很多",
    "使用SwiftUI可以更快地构建应用",
  ]
  static let korean = ["화면 크기에 맞게 레이아웃을 조정합니다"]

  static var documents: [Document] {
    [("ja", japanese), ("zh", chinese), ("ko", korean)].enumerated().map { number, entry in
      Document(
        id: "wwdc2026/\(100 + number)", kind: .talk, title: "Talk \(number)", url: "https://example.com/\(number)",
        language: entry.0,
        passages: entry.1.enumerated().map { offset, text in
          Passage(kind: .speech, text: text, startMilliseconds: offset * 5_000, endMilliseconds: offset * 5_000 + 4_000)
        })
    }
  }

  static let index: (SearchIndex, URL) = try! IndexFixture.build(documents)

  /// Runs of CJK characters of a text (what a reader would select and search for).
  static func runs(_ text: String) -> [[Character]] {
    var runs: [[Character]] = [[]]
    for character in text {
      if character.unicodeScalars.allSatisfy(CJKScript.contains) {
        runs[runs.count - 1].append(character)
      } else if !runs[runs.count - 1].isEmpty {
        runs.append([])
      }
    }
    return runs.filter { !$0.isEmpty }
  }

  @Test(
    "Every CJK substring of 1 to 8 characters finds its passage, as a phrase and bare",
    arguments: [false, true])
  func everySubstringIsFound(quoted: Bool) throws {
    let (index, _) = Self.index
    for (documentNumber, document) in Self.documents.enumerated() {
      for (passageNumber, passage) in document.passages.enumerated() {
        for run in Self.runs(passage.text) {
          for length in 1...min(8, run.count) {
            for start in 0...(run.count - length) {
              let substring = String(run[start..<(start + length)])
              let query = quoted ? "\"\(substring)\"" : substring
              let hits = try index.search(query, limit: 100).hits
              #expect(
                hits.contains { $0.documentIndex == documentNumber && $0.passageIndex == passageNumber },
                "\(query) in \(passage.text)")
              // Nothing is found that does not contain the substring.
              for hit in hits {
                let text = index.passage(doc: hit.documentIndex, passage: hit.passageIndex).text
                #expect(
                  text.precomposedStringWithCompatibilityMapping.contains(
                    substring.precomposedStringWithCompatibilityMapping),
                  "\(query) found \(text)")
              }
            }
          }
        }
      }
    }
  }

  @Test("Highlights cover the matched characters")
  func highlights() throws {
    let (index, _) = Self.index
    let hit = try #require(try index.search("\"長いフレーム\"", limit: 1).hits.first)
    let text = Array(index.passage(doc: hit.documentIndex, passage: hit.passageIndex).text.utf8)
    let highlighted = hit.matchedRanges.map { String(decoding: text[$0], as: UTF8.self) }.joined()
    #expect(highlighted.contains("長いフレーム"))
  }

  @Test(
    "Latin words inside CJK text, full-width forms, and phrases across the boundary",
    arguments: [
      ("Xcode", "XcodeでSwiftUIのプレビューを開きます"),
      ("ガイド", "ｶﾞｲﾄﾞの表示を調整するには"),
      ("ｶﾞｲﾄﾞ", "ｶﾞｲﾄﾞの表示を調整するには"),
      ("Ｘｃｏｄｅ", "XcodeでSwiftUIのプレビューを開きます"),
      ("\"SwiftUIのプレビュー\"", "XcodeでSwiftUIのプレビューを開きます"),
      ("ＳｗｉｆｔＵＩ 构建", "使用SwiftUI可以更快地构建应用"),
      ("\"Xcodeで\"", "XcodeでSwiftUIのプレビューを開きます"),
    ])
  func latinInsideCJK(query: String, expected: String) throws {
    let (index, _) = Self.index
    let hits = try index.search(query, limit: 10).hits
    #expect(hits.map { index.passage(doc: $0.documentIndex, passage: $0.passageIndex).text } == [expected])
  }

  @Test("Characters not next to each other are no phrase", arguments: ["長フ", "\"得点みんな\"", "デザ確認"])
  func nonAdjacentCharactersDoNotMatch(query: String) throws {
    #expect(try Self.index.0.search(query, limit: 10).total == 0)
  }
}

extension CJKSearchTests {
  @Test(
    "lang: filters by the document's BCP 47 tag or its prefix",
    arguments: [
      ("SwiftUI lang:ja", ["ja"]), ("SwiftUI lang:zh", ["zh"]), ("SwiftUI lang:ZH", ["zh"]), ("SwiftUI", ["ja", "zh"]),
      ("SwiftUI lang:ko", []), ("SwiftUI lang:j", []),
    ])
  func languageFilter(query: String, languages: [String]) throws {
    let (index, _) = Self.index
    let hits = try index.search(query, limit: 10).hits
    #expect(Set(hits.map { index.document($0.documentIndex).language }) == Set(languages))
  }
}
