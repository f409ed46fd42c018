import Foundation
import Testing

@testable import AppleSite

/// Talk pages in another language: the locale folder of each language that has one.
@Suite struct LocalizedSiteTests {
  @Test(
    "Apple's localized talk pages",
    arguments: [
      (
        "https://developer.apple.com/videos/play/wwdc2024/10173/", "ja",
        "https://developer.apple.com/jp/videos/play/wwdc2024/10173/"
      ),
      (
        "https://developer.apple.com/videos/play/wwdc2024/10173/?time=5", "ko",
        "https://developer.apple.com/kr/videos/play/wwdc2024/10173/"
      ),
      (
        "https://developer.apple.com/videos/play/wwdc2024/10173/", "zh-Hans",
        "https://developer.apple.com/cn/videos/play/wwdc2024/10173/"
      ),
      (
        "https://developer.apple.com/videos/play/wwdc2024/10173/", "zh",
        "https://developer.apple.com/cn/videos/play/wwdc2024/10173/"
      ),
      (
        "https://developer.apple.com/jp/videos/play/wwdc2024/10173/", "en",
        "https://developer.apple.com/videos/play/wwdc2024/10173/"
      ),
      (
        "https://developer.apple.com/jp/videos/play/wwdc2024/10173/", "ko",
        "https://developer.apple.com/kr/videos/play/wwdc2024/10173/"
      ),
      // No localized pages: the English page.
      (
        "https://developer.apple.com/videos/play/wwdc2024/10173/", "fr",
        "https://developer.apple.com/videos/play/wwdc2024/10173/"
      ),
      (
        "https://developer.apple.com/videos/play/wwdc2024/10173/", "zh-Hant",
        "https://developer.apple.com/videos/play/wwdc2024/10173/"
      ),
    ])
  func localizedPage(page: String, language: String, expected: String) throws {
    #expect(LocalizedSite.talkPage(try #require(URL(string: page)), language: language)?.absoluteString == expected)
  }

  @Test func localeFoldersAndLanguages() {
    #expect(LocalizedSite.language(forFolder: "jp") == "ja")
    #expect(LocalizedSite.language(forFolder: "KR") == "ko")
    #expect(LocalizedSite.language(forFolder: "cn") == "zh-Hans")
    #expect(LocalizedSite.language(forFolder: "fr") == nil)
    #expect(LocalizedSite.folder(forLanguage: "en") == nil)
  }
}
