import DuoKBTestSupport
import Foundation

/// The talks of CLI refresh tests: `count` talks numbered from 20000
/// (`/videos/play/wwdc2025/<n>/`), each with a page, a master playlist, an English media
/// playlist and two WebVTT segments, served by a `FixtureSite` (every resource with an
/// ETag); optionally every answer held `delayMilliseconds`, and the second segment of the
/// talks in `failing` answered 404; HIG pages and a catalog of the talks if asked.
enum NumberedTalks {
  static let quote = "Design for both displays of iPhone Duo at once."

  static func site(
    count: Int, delayMilliseconds: Int = 0, failing: Set<Int> = [], higPages: [FixtureHIGPage] = [],
    catalogPath: String? = nil
  ) throws -> FixtureSite {
    let talks = (0..<count).map { talk(20_000 + $0) }
    let site = try FixtureSite(
      talks: talks, higPages: higPages, catalogPath: catalogPath, delayMilliseconds: delayMilliseconds)
    for talk in talks where failing.contains(Int(talk.number) ?? -1) {
      site.answer(status: 404, at: talk.segmentPath("eng", 1))
    }
    return site
  }

  /// Talk `number`: the quote in its first segment, its number in its second.
  static func talk(_ number: Int) -> FixtureTalk {
    var talk = FixtureTalk(tracks: [
      (
        "eng", "en", "English",
        [
          FixtureTalk.Line(startMilliseconds: 1_000, endMilliseconds: 4_000, text: quote),
          FixtureTalk.Line(startMilliseconds: 7_000, endMilliseconds: 10_000, text: "This is talk number \(number)."),
        ]
      )
    ])
    talk.number = String(number)
    talk.title = "Talk \(number)"
    return talk
  }
}

extension FixtureSite {
  /// The numbers of the site's talks.
  var numbers: [Int] { talks.compactMap { Int($0.number) } }

  func pageURL(_ number: Int) -> String { url("/videos/play/wwdc2025/\(number)/") }
}
