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

/// A fixed, seeded generator (SplitMix64), so that "random" input is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
