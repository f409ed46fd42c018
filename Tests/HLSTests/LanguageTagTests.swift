import HLS
import Testing

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
}
