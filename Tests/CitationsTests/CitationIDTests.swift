import AppleSite
import Testing

@testable import Citations

@Suite struct CitationIDTests {
  @Test(
    "Formats and reads back",
    arguments: [
      ("tech-talks/111466@3:46", "tech-talks/111466", CitationID.Locator.time(seconds: 226), nil as String?),
      ("wwdc2024/10173@1:02:03", "wwdc2024/10173", .time(seconds: 3723), nil),
      ("hig/designing-for-iphone-duo#Best-practices", "hig/designing-for-iphone-duo", .anchor("Best-practices"), nil),
      ("hig/layout#Best-practices~1a2b", "hig/layout", .anchor("Best-practices"), "1a2b"),
      ("tech-talks/111463@4:09~1b65", "tech-talks/111463", .time(seconds: 249), "1b65"),
      ("hig/layout", "hig/layout", .anchor(nil), nil),
    ])
  func roundTrips(text: String, document: String, locator: CitationID.Locator, suffix: String?) throws {
    let id = try #require(CitationID(parsing: text))
    #expect(id.documentID == document)
    #expect(id.locator == locator)
    #expect(id.suffix == suffix)
    #expect(id.description == text)
  }

  @Test(
    "A place among passages that share a time or section reads back",
    arguments: [
      ("tech-talks/111463@16:40.2", CitationID.Locator.time(seconds: 1000), 2),
      ("wwdc2024/10173@1:02:03.11", .time(seconds: 3723), 11),
      ("hig/layout#Sheets.3", .anchor("Sheets"), 3),
      ("hig/layout#.2", .anchor(nil), 2),
    ])
  func ordinalsRoundTrip(text: String, locator: CitationID.Locator, ordinal: Int) throws {
    let id = try #require(CitationID(parsing: text))
    #expect(id.locator == locator)
    #expect(id.ordinal == ordinal)
    #expect(id.suffix == nil)
    #expect(id.description == text)
  }

  @Test("A dot without a place is part of the anchor")
  func dotsInAnchors() throws {
    #expect(try #require(CitationID(parsing: "hig/layout#iOS.iPadOS")).locator == .anchor("iOS.iPadOS"))
    #expect(try #require(CitationID(parsing: "hig/layout#Sheets.0")).ordinal == nil)
  }

  @Test(
    "Refuses what is not an id",
    arguments: [
      "../../etc@1:00", "tech-talks/111466@3:46~zz", "tech-talks/111466@3:46~", "UPPER/1@0:01", "",
      "a b@1:00",
    ])
  func refuses(text: String) {
    #expect(CitationID(parsing: text) == nil)
  }

  @Test func addsAPlaceOnlyWhereTwoPassagesShareABase() {
    let passages: [(text: String, start: Int?, anchor: String?)] = [
      ("It rotates.", 226_000, nil), ("It folds.", 226_500, nil), ("It resizes.", 230_000, nil),
    ]
    let first = CitationID.forPassage(at: 0, documentID: "tech-talks/1", kind: .talk, passages: passages)
    let second = CitationID.forPassage(at: 1, documentID: "tech-talks/1", kind: .talk, passages: passages)
    let third = CitationID.forPassage(at: 2, documentID: "tech-talks/1", kind: .talk, passages: passages)
    #expect(first.base == "tech-talks/1@3:46" && second.base == "tech-talks/1@3:46")
    #expect(first.description == "tech-talks/1@3:46.1" && second.description == "tech-talks/1@3:46.2")
    #expect(first.suffix == nil && second.suffix == nil)
    #expect(third.description == "tech-talks/1@3:50")
    let intro: [(text: String, start: Int?, anchor: String?)] = [("A.", nil, nil), ("B.", nil, nil), ("C.", nil, "X")]
    #expect(CitationID.forPassage(at: 1, documentID: "hig/a", kind: .hig, passages: intro).description == "hig/a#.2")
    #expect(CitationID.forPassage(at: 2, documentID: "hig/a", kind: .hig, passages: intro).description == "hig/a#X")
  }
}

@Suite struct TimecodeTests {
  @Test(
    "m:ss and h:mm:ss, rounded down",
    arguments: [
      (0, "0:00"), (999, "0:00"), (226_900, "3:46"), (3_600_000, "1:00:00"), (3_723_000, "1:02:03"),
      (-5, "0:00"),
    ])
  func formats(milliseconds: Int, text: String) {
    #expect(Timecode.format(milliseconds: milliseconds) == text)
  }

  @Test("Reads", arguments: [("3:46", 226), ("03:46", 226), ("1:02:03", 3723), ("0:00", 0)])
  func reads(text: String, seconds: Int) {
    #expect(Timecode.parse(text[...]) == seconds)
  }

  @Test("Refuses", arguments: ["3:6", "3:60", "3", "a:bc", "1:2:3", ":30", "3:46:", "1234:00"])
  func refuses(text: String) {
    #expect(Timecode.parse(text[...]) == nil)
  }
}

@Suite struct DeepLinkTests {
  @Test func talkLinksUseWholeSeconds() {
    #expect(
      DeepLink.talk(page: "https://developer.apple.com/videos/play/tech-talks/111466/", milliseconds: 226_900)
        == "https://developer.apple.com/videos/play/tech-talks/111466/?time=226")
    #expect(
      DeepLink.talk(page: "https://developer.apple.com/videos/play/wwdc2024/10173/?time=5#x", milliseconds: 60_000)
        == "https://developer.apple.com/videos/play/wwdc2024/10173/?time=60")
  }

  @Test func sectionLinksReplaceAnyFragment() {
    #expect(
      DeepLink.section(
        page: "https://developer.apple.com/design/human-interface-guidelines/layout#old", anchor: "Best-practices")
        == "https://developer.apple.com/design/human-interface-guidelines/layout#Best-practices")
    #expect(DeepLink.section(page: "https://x.example/p", anchor: nil) == "https://x.example/p")
  }
}
