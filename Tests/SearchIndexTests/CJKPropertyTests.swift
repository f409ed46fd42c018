import DocumentModel
import DuoKBTestSupport
import Foundation
import Normalize
import Testing

@testable import SearchIndex

/// Seeded random passages of Japanese, Chinese and Korean text (with spaces, Latin words,
/// full-width forms and half-width kana inside): every CJK substring of 2 to 8 characters
/// of a passage is found by a phrase query on it.
@Suite struct CJKPropertyTests {
  static let alphabets: [[Character]] = [
    Array("あいうえおかきくけこさしすせそたちつてとなにのはまみむめもやよらりるれろわをんがでどばぶ"),
    Array("アイウエオカキクケコサシスセソタチツテトナニノハマミムメモヤヨラリルレロワンガデドバブー"),
    Array("日本語表示設定画面機能開発新規作成管理使用方法确认选择项目变更追加删除保存界面设计应用"),
    Array("화면크기레이아웃조정합니다설정앱디자인"),
    Array("ｱｲｳｴｵｶｷｸｹｺﾃﾞｻﾞｲﾝ"),
  ]
  static let latin = ["Xcode", "SwiftUI", "ＳｗｉｆｔＵＩ", "iOS 27"]

  static func passage(_ random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 3...20, using: &random) {
      let alphabet = alphabets.randomElement(using: &random)!
      for _ in 0..<Int.random(in: 1...6, using: &random) { text.append(alphabet.randomElement(using: &random)!) }
      switch Int.random(in: 0..<8, using: &random) {
      case 0: text += " "
      case 1: text += latin.randomElement(using: &random)!
      case 2: text += "、"
      default: break
      }
    }
    return text
  }

  @Test("Every CJK substring of 2 to 8 characters is found by a phrase", arguments: [UInt64(1), 15, 2026])
  func everySubstring(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let texts = (0..<25).map { _ in Self.passage(&random) }
    let document = Document(
      id: "wwdc2026/1", kind: .talk, title: "Talk", url: "https://example.com/1",
      passages: texts.map { Passage(kind: .speech, text: $0, startMilliseconds: 0, endMilliseconds: 1) })
    let (index, directory) = try IndexFixture.build([document])
    defer { try? FileManager.default.removeItem(at: directory) }
    var checked = 0
    for (number, text) in texts.enumerated() {
      for run in CJKSearchTests.runs(text) where run.count >= 2 {
        for length in 2...min(8, run.count) {
          for start in 0...(run.count - length) {
            let substring = String(run[start..<(start + length)])
            let hits = try index.search("\"\(substring)\"", limit: 1_000).hits
            #expect(hits.contains { $0.passageIndex == number }, "\(substring) in \(text)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 500)
  }
}
