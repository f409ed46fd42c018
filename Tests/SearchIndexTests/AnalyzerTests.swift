import Testing

@testable import SearchIndex

@Suite struct AnalyzerTests {
  static func describe(_ text: String, _ options: AnalyzerOptions = .standard) -> String {
    Analyzer(options: options).tokens(text).map(\.description).joined(separator: " ")
  }

  @Test(
    "Tokens with slots; + marks extras",
    arguments: [
      ("Hello, World!", "hello@0 world@1"),
      ("Crème Brûlée", "creme@0 brulee@1"),  // diacritics folded
      ("don't stop", "don't@0 +dont@0 stop@1"),  // apostrophe kept inside, joined form extra
      ("don’t", "don't@0 +dont@0"),  // typographic apostrophe is the same word
      ("Apple's guide", "apple's@0 +apples@0 +apple@0 guide@1"),
      ("'quoted'", "quoted@0"),  // quotes around a word are not part of it
      ("right-to-left", "right@0 to@1 left@2 +righttoleft@0-2"),
      (
        "toolbarVerticalBehavior",
        "toolbarverticalbehavior@0-2 +toolbar@0 +vertical@1 +behavior@2 +toolbarvertical@0-1 +verticalbehavior@1-2"
      ),
      ("HTTPServer", "httpserver@0-1 +http@0 +server@1"),
      ("iPhone iOS", "iphone@0 ios@1"),  // one leading lowercase letter stays attached
      ("iOS 27.1 ships", "ios@0 27.1@1 ships@2 +ship@2"),  // versions kept, plural folded
      ("cats classes bus its", "cats@0 +cat@0 classes@1 +class@1 bus@2 its@3"),
      ("stories boxes", "stories@0 +story@0 boxes@1 +box@1"),
      ("end. 27.", "end@0 27@1"),
      ("snake_case", "snake@0 case@1 +snakecase@0-1"),
    ])
  func tokens(text: String, expected: String) {
    #expect(Self.describe(text) == expected)
  }

  @Test(
    "Verbatim options add nothing",
    arguments: [
      ("toolbarVerticalBehavior cats", "toolbarverticalbehavior@0 cats@1"),
      ("right-to-left don't", "right@0 to@1 left@2 don't@3"),
    ])
  func verbatim(text: String, expected: String) {
    #expect(Self.describe(text, .verbatim) == expected)
  }

  @Test(
    "Identifier boundaries, and their count without the array",
    arguments: [
      ("toolbarVerticalBehavior", [7, 15]),
      ("HTTPServer", [4]),
      ("iPhone", []),  // one leading lowercase letter stays attached
      ("eBookReader", [5]),
      ("aB", []),
      ("ABc", [1]),
      ("snake_case", []),  // not ASCII letters and digits only
      ("plain", []),
      ("", []),
      (String(repeating: "aB", count: 15), Array(stride(from: 3, through: 29, by: 2))),  // 14 cuts
      (String(repeating: "aB", count: 16) + "c", Array(stride(from: 3, through: 31, by: 2))),  // 15
      (String(repeating: "aB", count: 17), []),  // 16 cuts or more: not split
    ])
  func identifierBoundaries(word: String, expected: [Int]) {
    let bytes = Array(word.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(TermFolding.identifierBoundaries(buffer, 0..<bytes.count) == expected)
      #expect(TermFolding.identifierBoundaryCount(buffer, 0..<bytes.count) == expected.count)
    }
  }

  @Test func byteOffsetsSliceTheText() {
    let text = "Ünïcode — “toolbarItems” don’t"
    let bytes = Array(text.utf8)
    for token in Analyzer(options: .standard).tokens(text) {
      let slice = String(decoding: bytes[token.byteStart..<token.byteEnd], as: UTF8.self)
      #expect(!slice.isEmpty)
      #expect(text.contains(slice))
    }
  }

  @Test func hostileInputStaysBounded() {
    let long = String(repeating: "a", count: 10_000)
    let tokens = Analyzer(options: .standard).tokens(long + " " + String(repeating: "aB", count: 100))
    #expect(tokens.allSatisfy { $0.term.count <= TermFolding.maximumTermBytes + 1 })
    #expect(Analyzer(options: .standard).tokens("\u{0}\u{1}\u{7F} -- '' ... ").isEmpty)
  }
}
