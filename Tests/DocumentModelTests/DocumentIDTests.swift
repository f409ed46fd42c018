import Testing

@testable import DocumentModel

@Suite struct DocumentIDTests {
  @Test(
    "Valid ids",
    arguments: [
      "tech-talks/111466", "wwdc2024/10173", "hig/designing-for-iphone-duo", "hig/a_b.c", "meet-with-apple/208",
    ])
  func valid(id: String) throws {
    #expect(try DocumentID.validate(id) == id)
    #expect(DocumentID.isValid(id))
  }

  @Test(
    "Hostile or unsafe ids are rejected",
    arguments: [
      "", "../../etc", "..", ".", "tech-talks/..", "tech-talks/.hidden", "/absolute", "trailing/", "a//b",
      "%2e%2e/%2e%2e", "Tech-Talks/1", "wwdc2024/10173?time=5", "hig/caf\u{E9}", "hig/ca\u{301}fe",
      "hig/\u{0}", "hig/a\\b", "a/b/c/d/e", "hig/a..b", "hig/ space",
      "hig/" + String(repeating: "a", count: 81),
      String(repeating: "a/", count: 60) + "a",
      "hig/\u{202E}evil", "con/\u{FF0E}\u{FF0E}",
    ])
  func invalid(id: String) {
    #expect(!DocumentID.isValid(id))
    #expect(throws: DocumentModelError.self) { try DocumentID.validate(id) }
  }

  @Test(
    "Sanitizing makes a valid id or refuses",
    arguments: [
      ("Tech-Talks/111466", "tech-talks/111466"),
      ("/videos/play/wwdc2024/10173/", "videos/play/wwdc2024/10173"),
      ("hig/Designing-for-iPhone-Duo", "hig/designing-for-iphone-duo"),
      ("../../etc/passwd", "etc/passwd"),
      ("%2e%2e/%2e%2e/x", "2e-2e/2e-2e/x"),
      ("hig/café crème", "hig/caf-cr-me"),
      ("a...b", "a.b"),
      ("hig/__init__", "hig/init__"),  // leading punctuation goes, trailing `_` is harmless
    ])
  func sanitizes(raw: String, expected: String) throws {
    let id = try DocumentID.sanitize(raw)
    #expect(id == expected)
    #expect(DocumentID.isValid(id))
  }

  @Test(
    "Sanitizing refuses what cannot name a file",
    arguments: [
      "", "/", "../..", "%", "日本語", String(repeating: "x", count: 1_000_000), "a/b/c/d/e",
    ])
  func sanitizeRefuses(raw: String) {
    #expect(throws: DocumentModelError.self) { try DocumentID.sanitize(raw) }
  }

  @Test("Talk and HIG ids")
  func builders() throws {
    #expect(try DocumentID.talk(collection: "wwdc2024", number: "10173") == "wwdc2024/10173")
    #expect(try DocumentID.hig(slug: "Designing-for-iPhone-Duo") == "hig/designing-for-iphone-duo")
    #expect(try DocumentID.hig(slug: "../x") == "hig/x")
  }

  @Test("Errors say which id and why, without printing megabytes")
  func errorDescription() {
    let error = DocumentModelError.invalidDocumentID(id: String(repeating: "z", count: 10_000), reason: "too long")
    #expect("\(error)".count < 200)
    #expect("\(error)".contains("too long"))
  }
}
