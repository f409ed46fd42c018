import Foundation
import TalkPage

/// The fixture pages in `Fixtures/`, each written in the shape of a real page.
enum TalkPageFixture {
  static func data(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
      throw FixtureMissing(name: name)
    }
    return try Data(contentsOf: url)
  }

  static func parse(_ name: String, url: String) throws -> TalkPage {
    try TalkPageParser().parse(try data(name), url: URL(string: url)!)
  }

  struct FixtureMissing: Error { let name: String }
}
