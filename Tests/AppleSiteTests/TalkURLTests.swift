import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import AppleSite

@Suite struct TalkURLTests {
  @Test(
    "Document ids from talk page URLs",
    arguments: [
      ("https://developer.apple.com/videos/play/tech-talks/111466/", "tech-talks/111466"),
      ("https://developer.apple.com/videos/play/wwdc2024/10173/", "wwdc2024/10173"),
      ("https://developer.apple.com/videos/play/wwdc2024/10173", "wwdc2024/10173"),  // no trailing slash
      ("https://developer.apple.com/videos/play/wwdc2024/10173/?time=75", "wwdc2024/10173"),
      ("https://developer.apple.com/videos/play/wwdc2024/10173/#chapters", "wwdc2024/10173"),
      ("https://developer.apple.com/videos/play/WWDC2024/10173/", "wwdc2024/10173"),  // case folded
      ("https://developer.apple.com/jp/videos/play/wwdc2023/10148/", "wwdc2023/10148"),
      ("https://developer.apple.com/kr/videos/play/wwdc2023/10148/", "wwdc2023/10148"),
      ("https://developer.apple.com/cn/videos/play/wwdc2023/10148/", "wwdc2023/10148"),
      ("https://developer.apple.com/videos/play/meet-with-apple/208/", "meet-with-apple/208"),
      ("https://developer.apple.com/videos/play/wwdc%32024/10173/", "wwdc2024/10173"),  // %32 is "2"
      ("http://127.0.0.1:8080/videos/play/wwdc2025/280/", "wwdc2025/280"),  // fixture server
    ])
  func documentID(url: String, expected: String) throws {
    let parsed = try #require(URL(string: url))
    #expect(TalkURL.documentID(for: parsed) == expected)
    #expect(TalkURL.isTalkPage(parsed))
  }

  @Test(
    "No document id for hostile or foreign URLs",
    arguments: [
      "https://developer.apple.com/videos/play/../../etc/",
      "https://developer.apple.com/videos/play/wwdc2024/../../etc/passwd",
      "https://developer.apple.com/videos/play/wwdc2024/%2E%2E/",
      "https://developer.apple.com/videos/play/%2E%2E/10173/",
      "https://developer.apple.com/videos/play/wwdc2024%2F..%2F..%2Fetc/10173/",
      "https://developer.apple.com/videos/play/wwdc2024/10173%2F..%2Fx/",
      "https://developer.apple.com/videos/play/wwdc2024/10173/extra/",
      "https://developer.apple.com/videos/play/wwdc2024//10173/",
      "https://developer.apple.com/videos/play/wwdc2024/abc/",
      "https://developer.apple.com/videos/play/wwdc2024/-1/",
      "https://developer.apple.com/videos/play/-rf/10173/",
      "https://developer.apple.com/videos/play/wwdc%202024/10173/",
      "https://developer.apple.com/videos/play/wwdc2024/1234567890123/",
      "https://developer.apple.com/videos/play/wwdc2024_x/10173/",
      "https://developer.apple.com/videos/play/wwdç2024/10173/",
      "https://developer.apple.com/videos/play/wwdc2024/",
      "https://developer.apple.com/videos/wwdc2024/",
      "https://developer.apple.com/design/human-interface-guidelines/toolbars",
      "https://developer.apple.com/videos/play/wwdc2024/%00/",
      "https://developer.apple.com/a/b/videos/play/wwdc2024/10173/",
      "https://developer.apple.com/videos1/videos/play/wwdc2024/10173/",
      "file:///videos/play/wwdc2024/10173/",
      "ftp://developer.apple.com/videos/play/wwdc2024/10173/",
      "javascript:/videos/play/wwdc2024/10173/",
      "videos/play/wwdc2024/10173/",
    ])
  func noDocumentID(url: String) throws {
    let parsed = try #require(URL(string: url))
    #expect(TalkURL.documentID(for: parsed) == nil)
    #expect(!TalkURL.isTalkPage(parsed))
  }

  @Test("Every document id is made of [a-z0-9-] segments", arguments: 0..<32)
  func documentIDsAreFileNameSafe(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    let alphabet = Array("abcWXYZ019-_.%/:?#@~ éñ+2F2E")
    var acceptedCount = 0
    for _ in 0..<50 {
      let length = Int(generator.next() % 12)
      let noise = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      let text = "https://developer.apple.com/videos/play/wwdc20\(noise)/1\(noise)"
      guard let url = URL(string: text), let id = TalkURL.documentID(for: url) else { continue }
      acceptedCount += 1
      let segments = id.split(separator: "/", omittingEmptySubsequences: false)
      #expect(segments.count == 2)
      #expect(
        segments.allSatisfy { segment in
          !segment.isEmpty && segment.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
        }, "\(text) -> \(id)")
    }
    // Noise of digits only (or none) gives an accepted URL; the fixed seeds produce some.
    #expect(acceptedCount > 0)
  }

  @Test(
    "Deep links replace the query and drop the fragment",
    arguments: [
      (
        "https://developer.apple.com/videos/play/wwdc2025/280/", 75,
        "https://developer.apple.com/videos/play/wwdc2025/280/?time=75"
      ),
      (
        "https://developer.apple.com/videos/play/wwdc2025/280/?time=12#t", 336,
        "https://developer.apple.com/videos/play/wwdc2025/280/?time=336"
      ),
      (
        "https://developer.apple.com/jp/videos/play/wwdc2023/10148/", -4,
        "https://developer.apple.com/jp/videos/play/wwdc2023/10148/?time=0"
      ),
    ])
  func deepLink(page: String, seconds: Int, expected: String) throws {
    let url = try #require(URL(string: page))
    #expect(DeepLink.talk(page: url, seconds: seconds).absoluteString == expected)
  }

  @Test(
    "Years of collections",
    arguments: [
      ("wwdc2014", 2014), ("wwdc2026", 2026), ("tech-talks", nil), ("wwdc24", nil), ("wwdcabcd", nil),
    ] as [(String, Int?)])
  func yearOfCollection(collection: String, year: Int?) {
    #expect(EventName.year(collection) == year)
  }
}
