import Foundation
import Testing

@testable import AppleSite

@Suite struct DocumentationURLTests {
  static let page = "https://developer.apple.com/documentation/uikit/uiviewcontroller"
  static let json = "https://developer.apple.com/tutorials/data/documentation/uikit/uiviewcontroller.json"

  @Test(
    "Maps a page URL to its render JSON",
    arguments: [
      page, page + "/", page + "#overview", page + "?language=objc", json,
      "https://DEVELOPER.apple.com/documentation/UIKit/UIViewController",
    ])
  func jsonURLForPage(url: String) {
    #expect(DocumentationURL.jsonURL(forPage: URL(string: url)!)?.absoluteString == Self.json)
  }

  @Test func pageURLForJSON() {
    #expect(DocumentationURL.pageURL(forJSON: URL(string: Self.json)!)?.absoluteString == Self.page)
  }

  @Test func symbolPathsKeepTheirPunctuation() {
    let url = URL(string: "https://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)")!
    #expect(DocumentationURL.path(fromPageOrJSON: url) == "foundation/nsdata/getbytes(_:)")
    #expect(
      DocumentationURL.jsonURL(forPage: url)?.absoluteString
        == "https://developer.apple.com/tutorials/data/documentation/foundation/nsdata/getbytes(_:).json")
  }

  @Test func otherHostsKeepSchemeHostAndPort() {
    let url = URL(string: "http://127.0.0.1:8080/documentation/swift/array")!
    #expect(
      DocumentationURL.jsonURL(forPage: url)?.absoluteString
        == "http://127.0.0.1:8080/tutorials/data/documentation/swift/array.json")
  }

  @Test(
    "Identifiers and site-relative references give the path",
    arguments: [
      ("doc://com.apple.uikit/documentation/UIKit/UIViewController", "UIKit/UIViewController"),
      ("doc://com.apple.Swift/documentation/Swift/Array#overview", "Swift/Array"),
      ("/documentation/uikit/uiview", "uikit/uiview"),
    ])
  func identifiers(identifier: String, path: String) {
    #expect(DocumentationURL.path(fromIdentifier: identifier) == path)
  }

  @Test func identifierMatchesItsPageWithoutCase() {
    let url = URL(string: Self.json)!
    #expect(DocumentationURL.identifier("doc://com.apple.uikit/documentation/UIKit/UIViewController", matches: url))
    #expect(!DocumentationURL.identifier("doc://com.apple.uikit/documentation/UIKit/UIView", matches: url))
  }

  @Test(
    "Anything else is not a documentation page",
    arguments: [
      "https://developer.apple.com/documentation", "https://developer.apple.com/documentation/",
      "https://developer.apple.com/documentationx/uikit",
      "https://developer.apple.com/documentation/uikit/../secret",
      "https://developer.apple.com/documentation/uikit//uiview",
      "https://developer.apple.com/documentation/.hidden",
      "https://developer.apple.com/tutorials/data/documentation/uikit",
      "https://developer.apple.com/design/human-interface-guidelines/color",
      "ftp://developer.apple.com/documentation/uikit", "https:///documentation/uikit",
    ])
  func refused(url: String) {
    #expect(URL(string: url).flatMap(DocumentationURL.path(fromPageOrJSON:)) == nil)
  }

  @Test func spacesAndPercentsAreEscapedInBuiltURLs() {
    #expect(DocumentationURL.escaped("a b/c%d") == "a%20b/c%25d")
    #expect(DocumentationURL.escaped("==(_:_:)") == "==(_:_:)")
  }
}
