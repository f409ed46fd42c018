import DuoKBTestSupport
import Foundation
import Testing

@testable import WebVTT

/// Malformed, truncated, oversized and hostile input: a typed error or a bounded,
/// documented result, never a crash, a hang or unbounded memory.
@Suite struct WebVTTHostileInputTests {
  static let sample = """
    WEBVTT
    X-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000

    STYLE
    ::cue { color: white }

    REGION
    id:r width:40%

    1
    00:00:01.000 --> 00:00:02.500 region:r align:middle
    <v Anna>&gt;&gt; Hello &amp; <i>welcome</i></v>

    00:02.500 --> 00:04.000
    [ Music ]

    """

  @Test("Every truncation of a file parses or is rejected by signature")
  func truncatedFiles() throws {
    let bytes = Array(Self.sample.utf8)
    let full = try WebVTTParser().parse(Data(bytes))
    #expect(full.cues.count == 2)
    for length in 0...bytes.count {
      let prefix = Data(bytes[0..<length])
      if length < 6 {
        #expect(throws: WebVTTError.self) { try WebVTTParser().parse(prefix) }
      } else {
        let file = try WebVTTParser().parse(prefix)
        #expect(file.cues.count <= full.cues.count)
        for cue in file.cues { _ = cue.plainText }
      }
    }
  }

  @Test(
    "Files without the signature are rejected, naming what was found",
    arguments: [
      ("1\n00:00:01,000 --> 00:00:02,000\nSRT\n", "1"),
      ("<html><body>Not Found</body></html>", "<html><body>Not Found</body></html>"),
      ("#EXTM3U\n#EXT-X-VERSION:3\n", "#EXTM3U"),
    ])
  func missingHeader(text: String, found: String) {
    #expect(throws: WebVTTError.missingSignature(line: 1, found: found)) {
      try WebVTTParser().parse(text)
    }
  }

  @Test("Random bytes never crash: signature checked, everything else bounded")
  func randomBytes() throws {
    var random = SplitMix64(seed: 0x5EED_CAFE)
    let pieces: [[UInt8]] = [
      "-->", " ", "\n", "\r", "\r\n", "\0", "<", ">", "&", ";", "#x", ".", ":", "00:00.000",
      "01:02:03.004", "<v ", "</", "<c.a", "&amp", "REGION\n", "STYLE\n", "NOTE", "line:",
      "%", ",", "\u{FEFF}", "é", "漢",
    ].map { Array($0.utf8) }
    for round in 0..<300 {
      var bytes: [UInt8] = round % 2 == 0 ? Array("WEBVTT\n\n".utf8) : []
      for _ in 0..<random.next(below: 400) {
        if random.next(below: 3) == 0 {
          bytes.append(UInt8(truncatingIfNeeded: random.next()))
        } else {
          bytes += pieces[random.next(below: pieces.count)]
        }
      }
      do {
        let file = try WebVTTParser().parse(Data(bytes))
        #expect(bytes.starts(with: Array("WEBVTT".utf8)))
        for cue in file.cues {
          _ = cue.plainText
          _ = cue.voice
        }
      } catch {
        guard case .missingSignature = error else {
          Issue.record("round \(round): unexpected \(error)")
          continue
        }
      }
    }
  }

  @Test("A 50 MB single line completes: as a cue payload and as the header line")
  func fiftyMegabyteLine() throws {
    let size = 50_000_000
    var bytes = Array("WEBVTT\n\n00:00.000 --> 00:01.000\n".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: size)
    let file = try WebVTTParser().parse(Data(bytes))
    #expect(file.cues.count == 1)
    #expect(file.cues.first?.text.utf8.count == size)

    var header = Array("WEBVTT ".utf8)
    header += [UInt8](repeating: UInt8(ascii: "-"), count: size)
    #expect(try WebVTTParser().parse(Data(header)).cues.isEmpty)
  }

  @Test("Millions of settings tokens on one timing line stay bounded")
  func hugeSettingsLine() throws {
    let settings = String(repeating: "line:x ", count: 1_000_000)
    let file = try WebVTTParser().parse("WEBVTT\n\n00:00.000 --> 00:01.000 \(settings)align:end\nX")
    #expect(file.cues.first?.settings == CueSettings(textAlignment: .end))
  }

  @Test("Input over the byte limit is rejected before parsing")
  func inputTooLarge() {
    let parser = WebVTTParser(limits: WebVTTLimits(maxInputBytes: 10, maxCues: 10, maxNestingDepth: 4))
    #expect(throws: WebVTTError.inputTooLarge(bytes: 11, limit: 10)) {
      try parser.parse("WEBVTT\n\nabc")
    }
    #expect(throws: WebVTTError.inputTooLarge(bytes: 11, limit: 10)) {
      try parser.parse(Data("WEBVTT\n\nabc".utf8))
    }
  }

  @Test("More cues than the limit is a typed error naming the line")
  func tooManyCues() {
    let parser = WebVTTParser(
      limits: WebVTTLimits(maxInputBytes: 1 << 20, maxCues: 2, maxNestingDepth: 4))
    let text = "WEBVTT\n\n" + String(repeating: "00:00.000 --> 00:01.000\nX\n\n", count: 3)
    #expect(throws: WebVTTError.tooManyCues(line: 9, limit: 2)) { try parser.parse(text) }
  }

  @Test("100,000 nested tags: no stack overflow, depth capped, text kept")
  func deeplyNestedTags() {
    let depth = 100_000
    let text =
      String(repeating: "<i>", count: depth) + "x" + String(repeating: "</i>", count: depth)
    let nodes = CueTextParser.parse(text)
    #expect(Self.depth(of: nodes) == WebVTTLimits.default.maxNestingDepth)
    #expect(nodes.plainText == "x")

    let mixed = String(repeating: "<c.a><v Bob><ruby><rt>", count: depth / 4) + "y"
    let limited = CueTextParser.parse(mixed, maxNestingDepth: 8)
    #expect(Self.depth(of: limited) <= 8)
    #expect(limited.voice == "Bob")

    let closers = String(repeating: "</b>", count: depth) + "z"
    #expect(CueTextParser.parse(closers) == [.text("z")])
  }

  @Test("Invalid UTF-8 decodes to U+FFFD, as the spec's UTF-8 decode does")
  func invalidUTF8() throws {
    var bytes = Array("WEBVTT\n\n00:01.000 --> 00:02.000\nA".utf8)
    bytes += [0xFF, 0xC3, 0x28, 0xE2, 0x82]
    let file = try WebVTTParser().parse(Data(bytes))
    #expect(file.cues.first?.text == "A\u{FFFD}\u{FFFD}(\u{FFFD}")
    #expect(file.warnings == [.invalidUTF8(line: 4)])

    #expect(throws: WebVTTError.self) { try WebVTTParser().parse(Data([0xFF] + Array("WEBVTT".utf8))) }
  }

  @Test("NUL becomes U+FFFD (§6.1 step 1)")
  func nulls() throws {
    let file = try WebVTTParser().parse(Data("WEBVTT\n\n00:01.000 --> 00:02.000\nA\0B\0".utf8))
    #expect(file.cues.first?.text == "A\u{FFFD}B\u{FFFD}")
    #expect(file.warnings == [.nullCharacters(line: 4, count: 2)])
    #expect(throws: WebVTTError.self) { try WebVTTParser().parse(Data("WEBVTT\0\n".utf8)) }
  }

  @Test("Warnings are capped, with a count of the rest")
  func warningCap() throws {
    let text = "WEBVTT\n\n" + String(repeating: "0 --> 1\n\n", count: 1500)
    let file = try WebVTTParser().parse(text)
    #expect(file.warnings.count == WebVTTWarning.maxRecorded + 1)
    #expect(file.warnings.last == .moreWarnings(count: 500))
  }

  /// Depth of the deepest span, counted without recursion.
  static func depth(of nodes: [CueNode]) -> Int {
    var deepest = 0
    var stack: [([CueNode], Int)] = [(nodes, 0)]
    while let (level, depth) = stack.popLast() {
      deepest = max(deepest, depth)
      for case .span(let span) in level { stack.append((span.children, depth + 1)) }
    }
    return deepest
  }
}
