import Testing

@testable import WebVTT

@Suite struct CueSettingsTests {
  typealias Settings = CueSettings

  @Test(
    "Parses each setting's value grammar (W3C WebVTT §6.3)",
    arguments: [
      ("", Settings()),
      ("align:start", Settings(textAlignment: .start)),
      ("align:end", Settings(textAlignment: .end)),
      ("align:left", Settings(textAlignment: .left)),
      ("align:right", Settings(textAlignment: .right)),
      ("align:middle", Settings()),  // Apple's and the old draft's word: ignored, center stays
      ("A:middle", Settings()),  // unknown name
      ("vertical:rl", Settings(writingDirection: .verticalGrowingLeft)),
      ("vertical:lr", Settings(writingDirection: .verticalGrowingRight)),
      ("vertical:RL", Settings()),  // case-sensitive
      ("line:0", Settings(line: 0)),
      ("line:-1", Settings(line: -1)),
      ("line:1.5", Settings(line: 1.5)),
      ("line:-0", Settings(line: 0)),
      ("line:50%", Settings(line: 50, snapToLines: false)),
      ("line:84.67%,end", Settings(line: 84.67, snapToLines: false, lineAlignment: .end)),
      ("line:10,center", Settings(line: 10, lineAlignment: .center)),
      ("line:10,middle", Settings()),  // bad alignment drops the whole setting
      ("line:1-0", Settings()), ("line:.5", Settings()), ("line:5.", Settings()),
      ("line:1..5", Settings()), ("line:1e2", Settings()), ("line:-5%", Settings()),
      ("line:101%", Settings()), ("line:%", Settings()), ("line:auto", Settings()),
      ("position:25%", Settings(position: 25)),
      ("position:25%,line-left", Settings(position: 25, positionAlignment: .lineLeft)),
      ("position:0%,center", Settings(position: 0, positionAlignment: .center)),
      ("position:100%,line-right", Settings(position: 100, positionAlignment: .lineRight)),
      ("position:25%,auto", Settings()), ("position:25", Settings()), ("position:-1%", Settings()),
      ("size:50%", Settings(size: 50)), ("size:100.5%", Settings()), ("size:50", Settings()),
      ("size:.5%", Settings()), ("size:5.%", Settings()),
      ("align:start   size:10%\tline:2", Settings(line: 2, size: 10, textAlignment: .start)),
      (":start", Settings()), ("align:", Settings()), ("align", Settings()),
      ("align:end align:start", Settings(textAlignment: .start)),  // the last one wins
    ])
  func parses(text: String, expected: CueSettings) {
    #expect(CueSettings.parse(text, regionIDs: []) == expected)
  }

  @Test(
    "A region is kept only when declared and not dropped by line, size or vertical",
    arguments: [
      ("region:r1", "r1"),
      ("region:nope", nil),
      ("region:r1 line:3", nil),
      ("line:3 region:r1", "r1"),
      ("region:r1 size:50%", nil),
      ("region:r1 size:100%", "r1"),
      ("region:r1 vertical:rl", nil),
      ("vertical:lr region:r1 vertical:xx", nil),  // vertical's step 3 runs anyway
      ("region:r1 position:10%", "r1"),
    ] as [(String, String?)])
  func region(text: String, regionID: String?) {
    #expect(CueSettings.parse(text, regionIDs: ["r1"]).regionID == regionID)
  }

  @Test("Parses region settings (§6.2)")
  func regionSettings() {
    let region = Region.parse(
      settings: "id:fred width:40% lines:3\nregionanchor:0%,100% viewportanchor:10%,90% scroll:up")
    #expect(
      region
        == Region(
          id: "fred", width: 40, lines: 3, regionAnchorX: 0, regionAnchorY: 100,
          viewportAnchorX: 10, viewportAnchorY: 90, scroll: .up))
    #expect(Region.parse(settings: "lines:-1 width:101% regionanchor:10% scroll:down") == Region())
    #expect(Region.parse(settings: "lines:99999999999999999999999").lines == Int.max)
  }
}
