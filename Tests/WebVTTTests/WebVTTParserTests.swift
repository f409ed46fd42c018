import Foundation
import Testing

@testable import WebVTT

@Suite struct WebVTTParserTests {
  func parse(_ text: String) throws -> WebVTTFile { try WebVTTParser().parse(text) }

  func cueSummary(_ file: WebVTTFile) -> [String] {
    file.cues.map { "\($0.id)|\($0.startMilliseconds)|\($0.endMilliseconds)|\($0.text)" }
  }

  @Test(
    "Reads cues from blocks (W3C WebVTT §6.1)",
    arguments: [
      ("WEBVTT\n\n00:01.000 --> 00:02.000\nHello", ["|1000|2000|Hello"]),
      (
        "WEBVTT - title\n\nid1\n00:01.000 --> 00:02.000 align:start\nA\nB\n\n\n2\n00:02.000 --> 00:03.000\nC\n",
        ["id1|1000|2000|A\nB", "2|2000|3000|C"]
      ),
      ("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nA\rB\r\rC\n", ["|1000|2000|A\nB"]),  // CR, CRLF
      ("\u{FEFF}WEBVTT\n\n00:01.000 --> 00:02.000\nBOM", ["|1000|2000|BOM"]),
      ("WEBVTT\t\n\n00:01.000-->00:02.000\nTab", ["|1000|2000|Tab"]),
      (
        "WEBVTT\n00:01.000 --> 00:02.000\nA timing line ends the header",  // and starts a cue
        ["|1000|2000|A timing line ends the header"]
      ),
      ("WEBVTT\n\nNOTE a comment\nstill comment\n\n00:01.000 --> 00:02.000\nX", ["|1000|2000|X"]),
      ("WEBVTT\n\nNOTE\n00:01.000 --> 00:02.000\nX", ["NOTE|1000|2000|X"]),  // the algorithm's reading
      (
        "WEBVTT\n\n00:01.000 --> 00:02.000\nA\n00:03.000 --> 00:04.000\nB",
        ["|1000|2000|A", "|3000|4000|B"]
      ),  // a timing line ends the cue before it
      ("WEBVTT\n\nbad --> line\n00:01.000 --> 00:02.000\nX", ["|1000|2000|X"]),
      (
        "WEBVTT\n\nid\nbad --> line\n00:01.000 --> 00:02.000\nX",  // the arrow line ends the
        ["|1000|2000|X"]
      ),  // dropped block and starts the next one
      ("WEBVTT\n\n00:01.000 --> 00:02.000\n\nno text", ["|1000|2000|"]),
      ("WEBVTT\n\n00:05.000 --> 00:01.000\nbackwards", ["|5000|1000|backwards"]),
      ("WEBVTT\n\n   \n00:01.000 --> 00:02.000\nX", ["   |1000|2000|X"]),  // spaces aren't blank
      ("WEBVTT\n\n00:01.000 --> 00:02.000 --> 00:03.000\nX", ["|1000|2000|X"]),
      ("WEBVTT\n\n00:01.000 -> 00:02.000\nX", []),
      ("WEBVTT\n\n00:01.000 --> 00:02.000", ["|1000|2000|"]),  // truncated after timing
      ("WEBVTT", []),
      ("WEBVTT\n", []),
    ])
  func readsCues(text: String, cues: [String]) throws {
    #expect(cueSummary(try parse(text)) == cues)
  }

  @Test(
    "Rejects a bad signature",
    arguments: [
      "", "WEBVT", "webvtt\n", "WEBVTTX\n", "\u{FEFF}\tWEBVTT", " WEBVTT", "FILE\nWEBVTT\n",
      "\u{FEFF}\u{FEFF}WEBVTT",
    ])
  func rejectsSignature(text: String) {
    #expect {
      try WebVTTParser().parse(text)
    } throws: { error in
      guard case .missingSignature(let line, _) = error as? WebVTTError else { return false }
      return line == 1
    }
  }

  @Test("Keeps STYLE blocks only before the first cue, and warns about later ones")
  func styleSheets() throws {
    let file = try parse(
      "WEBVTT\n\nSTYLE\n::cue { color: red }\n\nSTYLE   \n::cue(b) {}\n\n"
        + "00:01.000 --> 00:02.000\nX\n\nSTYLE\n::cue { color: blue }\n")
    #expect(file.styleSheets == ["::cue { color: red }", "::cue(b) {}"])
    #expect(file.warnings == [.blockAfterFirstCue(line: 12, kind: "STYLE")])
    #expect(file.cues.count == 1)
  }

  @Test("Regions: the last with an id wins; cues refer to declared ids")
  func regions() throws {
    let file = try parse(
      "WEBVTT\n\nREGION\nid:a width:10%\n\nREGION\nid:b\n\nREGION\nid:a width:20%\n\n"
        + "00:01.000 --> 00:02.000 region:a\nX\n\n00:01.000 --> 00:02.000 region:c\nY\n")
    #expect(file.regions.map(\.id) == ["b", "a"])
    #expect(file.regions.last?.width == 20)
    #expect(file.cues.map(\.settings.regionID) == ["a", nil])
  }

  @Test(
    "Reads the HLS X-TIMESTAMP-MAP header in either field order",
    arguments: [
      ("X-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000", 181_083, 0),
      ("X-TIMESTAMP-MAP=LOCAL:1:11:16.443,MPEGTS:384879885", 384_879_885, 4_276_443),
      ("X-TIMESTAMP-MAP=MPEGTS:8589934591,LOCAL:00:00.000", 8_589_934_591, 0),  // 2^33 - 1
    ] as [(String, Int64, Int)])
  func timestampMap(line: String, mpegts: Int64, local: Int) throws {
    let file = try parse("WEBVTT\n\(line)\n\n00:01.000 --> 00:02.000\nX")
    #expect(file.timestampMap == TimestampMap(raw: line, mpegts: mpegts, localMilliseconds: local))
    #expect(file.cues.count == 1)
  }

  @Test(
    "A malformed X-TIMESTAMP-MAP is reported, not fatal",
    arguments: [
      "X-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00:00.000",
      "X-TIMESTAMP-MAP=MPEGTS:900000",
      "X-TIMESTAMP-MAP=LOCAL:0:0,MPEGTS:1",
    ])
  func badTimestampMap(line: String) throws {
    let file = try parse("WEBVTT\n\(line)\n")
    #expect(file.timestampMap == nil)
    #expect(file.warnings == [.invalidTimestampMap(line: 2, text: line)])
  }

  @Test("An X-TIMESTAMP-MAP outside the header is not one")
  func timestampMapOutsideHeader() throws {
    let file = try parse("WEBVTT\n\nX-TIMESTAMP-MAP=MPEGTS:1,LOCAL:00:00.000\n")
    #expect(file.timestampMap == nil)
  }

  @Test("Keeps settings text raw and parses it")
  func settingsText() throws {
    let file = try parse("WEBVTT\n\n00:01.000 --> 00:02.000   align:middle line:90%  \nX")
    let cue = try #require(file.cues.first)
    #expect(cue.settingsText == "align:middle line:90%")
    #expect(cue.settings == CueSettings(line: 90, snapToLines: false))
  }

  @Test("Reports invalid timing lines with their line numbers")
  func invalidTimingWarning() throws {
    let file = try parse("WEBVTT\n\n1\n00:01 --> 00:02.000\nX\n")
    #expect(file.cues.isEmpty)
    #expect(file.warnings == [.invalidTimingLine(line: 4, text: "00:01 --> 00:02.000")])
  }
}

@Suite struct WebVTTDiagnosticsTests {
  @Test(
    "Warnings and errors say where and why",
    arguments: [
      (
        WebVTTWarning.invalidTimingLine(line: 4, text: "0 --> 1").description,
        "line 4: not a valid cue timing line, no cue starts here: '0 --> 1'"
      ),
      (
        WebVTTWarning.nullCharacters(line: 2, count: 1).description,
        "line 2: 1 NUL character read as U+FFFD"
      ),
      (
        WebVTTWarning.blockAfterFirstCue(line: 9, kind: "STYLE").description,
        "line 9: STYLE block after the first cue, ignored"
      ),
      (
        WebVTTError.missingSignature(line: 1, found: "#EXTM3U").description,
        "line 1: not a WebVTT file: expected 'WEBVTT', found '#EXTM3U'"
      ),
      (
        WebVTTError.inputTooLarge(bytes: 11, limit: 10).description,
        "input is 11 bytes, over the limit of 10"
      ),
    ])
  func describes(description: String, expected: String) {
    #expect(description == expected)
  }
}
