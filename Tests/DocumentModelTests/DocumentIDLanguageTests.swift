import Testing

@testable import DocumentModel

/// A talk's document in another language: `base/<tag>`, English keeping the base.
@Suite struct DocumentIDLanguageTests {
  @Test(
    "Localized ids",
    arguments: [
      ("wwdc2024/10173", "en", "wwdc2024/10173"), ("wwdc2024/10173", "en-US", "wwdc2024/10173"),
      ("wwdc2024/10173", "ja", "wwdc2024/10173/ja"), ("wwdc2024/10173", "zh-Hans", "wwdc2024/10173/zh-hans"),
      ("tech-talks/111466", "ko", "tech-talks/111466/ko"), ("keynotes/wwdc2026", "pt-BR", "keynotes/wwdc2026/pt-br"),
    ])
  func localized(base: String, language: String, expected: String) throws {
    let id = try DocumentID.localized(base, language: language)
    #expect(id == expected)
    #expect(DocumentID.isValid(id))
    #expect(DocumentID.language(of: id) == (expected == base ? nil : language.lowercased()))
  }

  @Test(
    "What is no language tag, or too long an id, is refused",
    arguments: [
      ("wwdc2024/10173", "日本語"), ("wwdc2024/10173", "../x"), ("wwdc2024/10173", "j"), ("wwdc2024/10173", "ja-"),
      ("a/b/c/d", "ja"),
    ])
  func refused(base: String, language: String) {
    #expect(throws: DocumentModelError.self) { try DocumentID.localized(base, language: language) }
  }

  @Test(
    "Ids a source may not give itself",
    arguments: [
      ("keynotes/ja", true), ("keynotes/2026/zh-hans", true), ("hig", true), ("hig/layout", true),
      ("keynotes/wwdc2026", false), ("tech-talks/111466", false), ("keynote", false), ("wwdc2024/10173", false),
    ])
  func reserved(id: String, isReserved: Bool) {
    #expect(DocumentID.isReservedForLanguages(id) == isReserved)
  }

  /// No localized id is an id that a talk page URL, a HIG page or an allowed source id gives.
  @Test func localizedIDsCannotCollide() throws {
    let bases = ["wwdc2024/10173", "tech-talks/111466", "keynotes/wwdc2026", "keynote"]
    let localized = try bases.flatMap { base in
      try ["ja", "ko", "zh-Hans", "fr"].map { try DocumentID.localized(base, language: $0) }
    }
    for id in localized {
      #expect(DocumentID.isReservedForLanguages(id), "\(id)")
      #expect(!id.hasPrefix("hig/"))
      let segments = id.split(separator: "/")
      // Talk page ids are `collection/number`.
      #expect(!(segments.count == 2 && segments[1].allSatisfy(\.isNumber)), "\(id)")
    }
    #expect(Set(localized).count == localized.count)
    #expect(Set(localized).isDisjoint(with: bases))
  }
}
