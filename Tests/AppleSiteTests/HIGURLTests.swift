import Foundation
import Testing

@testable import AppleSite

@Suite struct HIGURLTests {
  static let page = "https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo"
  static let json =
    "https://developer.apple.com/tutorials/data/design/human-interface-guidelines/designing-for-iphone-duo.json"

  @Test(
    "Maps a page URL to its render JSON",
    arguments: [
      page, page + "/", page + "#Best-practices", page + "?changes=latest", json,
      "https://DEVELOPER.apple.com/design/human-interface-guidelines/designing-for-iphone-duo",
    ])
  func jsonURLForPage(url: String) {
    #expect(HIGURL.jsonURL(forPage: URL(string: url)!)?.absoluteString == Self.json)
  }

  @Test func pageURLForJSON() {
    #expect(HIGURL.pageURL(forJSON: URL(string: Self.json)!)?.absoluteString == Self.page)
  }

  @Test func rootPage() {
    let root = URL(string: "https://developer.apple.com/design/human-interface-guidelines")!
    #expect(
      HIGURL.jsonURL(forPage: root)?.absoluteString
        == "https://developer.apple.com/tutorials/data/design/human-interface-guidelines.json")
    #expect(HIGURL.pageURL(forJSON: HIGURL.jsonURL(forPage: root)!) == root)
  }

  @Test(
    "On another host, both forms keep its scheme, host and port",
    arguments: [
      (
        "http://127.0.0.1:8080/design/human-interface-guidelines/color",
        "http://127.0.0.1:8080/tutorials/data/design/human-interface-guidelines/color.json"
      ),
      (
        "https://Mirror.example/tutorials/data/design/human-interface-guidelines/color.json",
        "https://mirror.example/tutorials/data/design/human-interface-guidelines/color.json"
      ),
      // Apple's own host is always named over https.
      (
        "http://developer.apple.com/design/human-interface-guidelines/color",
        "https://developer.apple.com/tutorials/data/design/human-interface-guidelines/color.json"
      ),
    ])
  func otherHostKeepsItsOrigin(page: String, json: String) throws {
    #expect(HIGURL.jsonURL(forPage: URL(string: page)!)?.absoluteString == json)
    let back = try #require(HIGURL.pageURL(forJSON: URL(string: json)!))
    #expect(HIGURL.jsonURL(forPage: back)?.absoluteString == json)
    #expect(back.path == "/design/human-interface-guidelines/color")
  }

  @Test(
    "Rejects URLs that are not HIG pages",
    arguments: [
      "ftp://developer.apple.com/design/human-interface-guidelines/color",
      "https://example.com/design/human-interface-guidelines/../color",
      "https://developer.apple.com/design/human-interface-guidelines/%2E%2E/x",
      "https://developer.apple.com/design/human-interface-guidelines-extra/color",
      "https://developer.apple.com/documentation/swiftui",
      "https://developer.apple.com/design/human-interface-guidelines/../x",
      "https://developer.apple.com/tutorials/data/design/human-interface-guidelines/color",
      "https://developer.apple.com/design/human-interface-guidelines/.json",
    ])
  func rejectsOtherURLs(url: String) {
    #expect(HIGURL.jsonURL(forPage: URL(string: url)!) == nil)
  }

  @Test(
    "Reads the slug of an identifier or reference url",
    arguments: [
      ("doc://com.apple.HIG/design/Human-Interface-Guidelines/color", "color"),
      ("doc://com.apple.hig/design/human-interface-guidelines/color#Best-practices", "color"),
      ("doc://com.apple.HIG/design/human-interface-guidelines", ""),
      ("/design/human-interface-guidelines/designing-for-ios", "designing-for-ios"),
    ])
  func slugFromIdentifier(identifier: String, slug: String) {
    #expect(HIGURL.slug(fromIdentifier: identifier) == slug)
  }

  @Test func otherIdentifiersHaveNoSlug() {
    #expect(HIGURL.slug(fromIdentifier: "doc://com.apple.Swift/documentation/Swift/Array") == nil)
    #expect(HIGURL.slug(fromIdentifier: "/documentation/swift/array") == nil)
  }

  @Test func identifierMatchesThePageAskedFor() {
    let asked = URL(string: Self.page)!
    #expect(
      HIGURL.identifier(
        "doc://com.apple.HIG/design/Human-Interface-Guidelines/designing-for-iphone-duo", matches: asked))
    #expect(!HIGURL.identifier("doc://com.apple.HIG/design/Human-Interface-Guidelines/layout", matches: asked))
  }
}
