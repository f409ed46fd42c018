import Testing

@testable import DocumentModel

/// A document id names its file, and macOS's file systems are case-insensitive by default
/// (APFS and HFS+ as formatted): two ids that differ only in case would share one file, and
/// each write would overwrite the other's document. No two valid ids differ only in case,
/// because a valid id has no upper-case letter, and ids made from names that differ only in
/// case are one id.
@Suite struct CaseInsensitiveFileNameTests {
  /// Names as sources give them: URL paths, slugs, collections, with letters in both cases.
  static func randomNames(count: Int) -> [String] {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aAbBzZ09-_./ éÉßẞİı".unicodeScalars)
    return (0..<count).map { _ in
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        scalars.append(alphabet.randomElement(using: &generator)!)
      }
      return String(scalars)
    }
  }

  @Test func aValidIdHasNoUpperCaseLetter() throws {
    for name in Self.randomNames(count: 5_000) {
      guard let id = try? DocumentID.sanitize(name) else { continue }
      #expect(id == id.lowercased(), "\(name) → \(id)")
      #expect(!DocumentID.isValid(id.uppercased()) || id == id.uppercased())
    }
    #expect(!DocumentID.isValid("tech-talks/A1"))
    #expect(!DocumentID.isValid("HIG/layout"))
  }

  @Test func namesThatDifferOnlyInCaseMakeOneId() throws {
    for name in Self.randomNames(count: 5_000) {
      let ascii = String(String.UnicodeScalarView(name.unicodeScalars.filter(\.isASCII)))
      guard let lower = try? DocumentID.sanitize(ascii.lowercased()) else { continue }
      #expect(try DocumentID.sanitize(ascii.uppercased()) == lower)
      #expect(try DocumentID.sanitize(ascii) == lower)
    }
    #expect(try DocumentID.hig(slug: "Designing-For-iPhone-Duo") == DocumentID.hig(slug: "designing-for-iphone-duo"))
    #expect(try DocumentID.localized("wwdc2024/10173", language: "zh-Hans") == "wwdc2024/10173/zh-hans")
  }
}
