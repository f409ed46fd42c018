import Testing

@testable import AppleSite

@Suite struct LanguageTagTests {
  @Test(
    "Playlist language names become the BCP 47 tags documents record",
    arguments: [
      ("Japanese", "ja"), ("ja", "ja"), ("jpn", "ja"), ("eng", "en"), ("en-US", "en"), ("English", "en"),
      ("zh", "zh-Hans"), ("zho", "zh-Hans"), ("Chinese", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-Hant", "zh-Hant"),
      ("zh-TW", "zh-Hant"), ("kor", "ko"), ("Klingon", "Klingon"),
    ])
  func tags(name: String, tag: String) {
    #expect(LanguageTag.bcp47(name) == tag)
  }

  @Test(
    "Language names and codes",
    arguments: [
      ("eng", "en" as String?), ("en", "en"), ("en-US", "en"), ("English", "en"), ("Japanese", "ja"),
      ("jpn", "ja"), ("zho", "zh"), ("chi", "zh"), ("zh-Hant", "zh"), ("fre", "fr"), ("fra", "fr"),
      ("ger", "de"), ("deu", "de"), ("spa", "es"), ("kor", "ko"), ("por", "pt"), ("ita", "it"),
      ("pt_BR", "pt"), (" ja\t", "ja"), ("Klingon", nil), ("subtitles", nil), ("", nil), (" ", nil),
    ])
  func languageCode(text: String, code: String?) {
    #expect(LanguageCode.primary(of: text) == code)
  }
}
