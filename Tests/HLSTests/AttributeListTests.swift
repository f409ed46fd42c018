import Testing

@testable import HLS

@Suite struct AttributeListTests {
  @Test(
    "Reads names and values as written, quotes removed",
    arguments: [
      // A quoted string keeps its commas (RFC 8216 §4.2).
      (#"CODECS="avc1.64002a,mp4a.40.2",BANDWIDTH=6520800"#, "CODECS", "avc1.64002a,mp4a.40.2"),
      (#"CODECS="avc1.64002a,mp4a.40.2",BANDWIDTH=6520800"#, "BANDWIDTH", "6520800"),
      // Enumerated strings are unquoted.
      ("TYPE=SUBTITLES,DEFAULT=YES", "DEFAULT", "YES"),
      ("CLOSED-CAPTIONS=NONE", "CLOSED-CAPTIONS", "NONE"),
      // Leniency: a space after the comma (seen in published example playlists).
      (#"AUTOSELECT=YES, DEFAULT=NO,URI="fre/prog_index.m3u8""#, "DEFAULT", "NO"),
      (#"AUTOSELECT=YES, DEFAULT=NO,URI="fre/prog_index.m3u8""#, "URI", "fre/prog_index.m3u8"),
      // A quoted value may hold `=` and spaces.
      (#"URI="key.php?r=52&a=b c",METHOD=AES-128"#, "URI", "key.php?r=52&a=b c"),
      (#"URI="key.php?r=52&a=b c",METHOD=AES-128"#, "METHOD", "AES-128"),
      // An empty quoted string is a value.
      (#"NAME="",GROUP-ID="g""#, "NAME", ""),
      // Leniency: an unclosed quote runs to the end of the line.
      (#"NAME="English,LANGUAGE=en"#, "NAME", "English,LANGUAGE=en"),
      // Repeated names: the first value is kept.
      ("BANDWIDTH=1,BANDWIDTH=2", "BANDWIDTH", "1"),
    ])
  func readsValue(text: String, name: String, value: String) {
    #expect(AttributeList(parsing: text[...])[name] == value)
  }

  @Test func keepsOrderAndQuoting() {
    let list = AttributeList(parsing: #"TYPE=AUDIO,NAME="Fran,çais",CHANNELS="2""#)
    #expect(list.attributes.map(\.name) == ["TYPE", "NAME", "CHANNELS"])
    #expect(list.attributes.map(\.isQuoted) == [false, true, true])
    #expect(list.problems.isEmpty)
    #expect(list.dictionary == ["TYPE": "AUDIO", "NAME": "Fran,çais", "CHANNELS": "2"])
  }

  @Test(
    "Reports what it skipped or repaired",
    arguments: [
      (#"NAME="unclosed"#, "quoted value of 'NAME' is not closed"),
      ("DEFAULT,TYPE=AUDIO", "attribute 'DEFAULT' has no value"),
      ("=YES", "value without an attribute name"),
      ("A=1,A=2", "attribute 'A' repeats; the first value is kept"),
      (#"NAME="x"junk,TYPE=AUDIO"#, "text after the quoted value of 'NAME'"),
    ])
  func reportsProblem(text: String, problem: String) {
    #expect(AttributeList(parsing: text[...]).problems == [problem])
  }

  @Test(
    "Decimal integers",
    arguments: [
      ("BANDWIDTH=6520800", 6_520_800 as Int?),
      ("BANDWIDTH=0", 0),
      ("BANDWIDTH=-5", nil),  // decimal-integer has no sign (§4.2)
      ("BANDWIDTH=12.5", nil),
      ("BANDWIDTH=99999999999999999999999", nil),  // past Int.max
      ("BANDWIDTH=", nil),
    ])
  func decimalInteger(text: String, value: Int?) {
    #expect(AttributeList(parsing: text[...]).decimalInteger("BANDWIDTH") == value)
  }

  @Test(
    "Decimal floats",
    arguments: [
      ("FRAME-RATE=59.940", 59.94 as Double?),
      ("FRAME-RATE=50", 50),
      ("TIME-OFFSET=-4.5", -4.5),  // signed-decimal-floating-point
      ("FRAME-RATE=nan", nil),
      ("FRAME-RATE=1e3", nil),
      ("FRAME-RATE=1.2.3", nil),
    ])
  func decimalFloat(text: String, value: Double?) {
    let name = String(text.prefix { $0 != "=" })
    #expect(AttributeList(parsing: text[...]).decimalFloat(name) == value)
  }

  @Test(
    "Hexadecimal sequences",
    arguments: [
      ("IV=0x0000000000000000000000000000000A", [UInt8](repeating: 0, count: 15) + [10] as [UInt8]?),
      ("IV=0XfF", [255]),
      ("IV=0xABC", [0x0A, 0xBC]),  // odd digit count: a leading zero is implied
      ("IV=0x", nil),
      ("IV=0xZZ", nil),
      ("IV=1234", nil),
    ])
  func hexadecimal(text: String, bytes: [UInt8]?) {
    #expect(AttributeList(parsing: text[...]).hexadecimalBytes("IV") == bytes)
  }

  @Test(
    "Resolutions",
    arguments: [
      ("RESOLUTION=1920x1080", Resolution(width: 1920, height: 1080) as Resolution?),
      ("RESOLUTION=640x360", Resolution(width: 640, height: 360)),
      ("RESOLUTION=1920X1080", nil),
      ("RESOLUTION=1920x", nil),
      ("RESOLUTION=x1080", nil),
      ("RESOLUTION=-1x2", nil),
    ])
  func resolution(text: String, resolution: Resolution?) {
    #expect(AttributeList(parsing: text[...]).resolution("RESOLUTION") == resolution)
  }

  @Test(
    "YES/NO: only YES is true; a quoted \"YES\" counts",
    arguments: [
      ("FORCED=YES", true), ("FORCED=NO", false), (#"FORCED="YES""#, true),
      (#"FORCED="NO""#, false), ("FORCED=yes", false), ("DEFAULT=YES", false),
    ])
  func yesNo(text: String, isYes: Bool) {
    #expect(AttributeList(parsing: text[...]).isYes("FORCED") == isYes)
  }

  @Test func emptyAndHostileListsStayBounded() {
    #expect(AttributeList(parsing: "").attributes.isEmpty)
    #expect(AttributeList(parsing: ",,,,").attributes.isEmpty)
    let quotes = String(repeating: "\"", count: 10_001)
    let list = AttributeList(parsing: "A=\(quotes)"[...])
    #expect(list.attributes.count == 1)
    let many = (0..<5_000).map { "N\($0)=\($0)" }.joined(separator: ",")
    #expect(AttributeList(parsing: many[...]).attributes.count == 5_000)
  }
}
