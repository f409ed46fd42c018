import Testing

@testable import WebVTT

@Suite struct CueTimeTests {
  @Test(
    "Reads [hh:]mm:ss.ttt (W3C WebVTT §6.3)",
    arguments: [
      ("00:00.000", 0),
      ("02:03.004", 123_004),  // hours omitted
      ("00:02:03.004", 123_004),
      ("1:00:00.000", 3_600_000),  // one-digit hour, as in X-TIMESTAMP-MAP LOCAL:1:11:16.443
      ("100:00:00.000", 360_000_000),  // three-digit hour
      ("266:18:35.679", 958_715_679),
      ("60:00.000", 216_000_000),  // a first field over 59 is hours... then needs seconds
    ] as [(String, Int?)])
  func readsTimestamp(text: String, milliseconds: Int?) {
    // "60:00.000": 60 > 59 makes the first field hours, so ":ss" must follow: fails.
    let expected = text == "60:00.000" ? nil : milliseconds
    #expect(CueTime.milliseconds(text) == expected)
  }

  @Test(
    "Rejects malformed timestamps",
    arguments: [
      "", "0:00.000", "00:0.000", "00:00.00", "00:00.0000", "00:60.000", "00:00:60.000",
      "00:60:00.000", "00:00,000", "00.00.000", "a0:00.000", "00:00.000x", "-00:00.000",
      "1234567890123:00:00.000",  // hours past the 12-digit limit
    ])
  func rejects(text: String) {
    #expect(CueTime.milliseconds(text) == nil)
  }

  @Test(
    "Formats milliseconds as hh:mm:ss.ttt",
    arguments: [
      (0, "00:00:00.000"), (123_004, "00:02:03.004"), (360_000_001, "100:00:00.001"),
    ])
  func formats(milliseconds: Int, text: String) {
    #expect(CueTime.format(milliseconds: milliseconds) == text)
  }
}
