import Foundation
import Testing

@testable import WebUI

/// The page's scripts put what the server answers into the page as text, never as markup,
/// and link only to web addresses (`setWebLink`): a title or address imported into the
/// corpus cannot run in the page.
@Suite struct WebAssetDataTests {
  static func scripts() -> [(name: String, text: String)] {
    WebAssets.files.filter { $0.name.hasSuffix(".js") }.compactMap { file in
      WebAssets.asset(at: WebAssets.path(ofFile: file.name)).map {
        (file.name, String(decoding: $0.bytes, as: UTF8.self))
      }
    }
  }

  @Test func noScriptWritesMarkup() {
    for (name, text) in Self.scripts() {
      for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("] {
        #expect(!text.contains(sink), "\(name) uses \(sink)")
      }
    }
  }

  /// An address from the server (`….link`, `….url`) reaches `href` only through
  /// `setWebLink`, which leaves out anything but http(s).
  @Test func everyAddressFromTheServerGoesThroughSetWebLink() {
    for (name, text) in Self.scripts() {
      for line in text.split(separator: "\n") where line.contains(".href =") || line.contains("'cite'") {
        let fromData = line.contains(".link") || line.contains(".url")
        #expect(!fromData || line.contains("webAddress("), "\(name): \(line)")
      }
    }
  }
}
