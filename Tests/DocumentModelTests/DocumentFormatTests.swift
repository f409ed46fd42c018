import Foundation
import Testing

@testable import DocumentModel

/// The document file format: what the writer writes reads back as the same document, and a
/// file of the format before (`JSONEncoder`'s) reads as `JSONDecoder` reads it.
@Suite struct DocumentFormatTests {
  /// Every field set, strings that need escapes, cues with and without tags.
  static let full = Document(
    id: "wwdc2024/10173/ja", kind: .talk, title: "Quotes \" and \\ backslashes / slashes",
    url: "https://developer.apple.com/jp/videos/play/wwdc2024/10173/", language: "ja", event: "wwdc2024",
    year: 2024, published: "2024-06-10", summary: "Line\nbreak\tand tab, \u{1} control, emoji 🙂, 日本語",
    fetch: FetchMetadata(
      sourceURL: "https://example.com/a.m3u8", etag: "\"abc\"", lastModified: "Mon, 10 Jun 2024 00:00:00 GMT",
      contentHash: String(repeating: "a", count: 64), fetchedAt: "2026-11-29T23:00:00Z",
      lastDeepCheckAt: "2026-11-30T00:00:00Z"),
    isRemovedUpstream: true,
    passages: [
      Passage(
        kind: .speech, text: "People will use iPhone Duo.", startMilliseconds: 230_000, endMilliseconds: 236_600,
        anchor: nil, heading: "Poses", speaker: "Vince", firstCue: 0, lastCue: 1, omitted: ["[laughter]", "（音楽）"]),
      Passage(
        kind: .text, text: "A cell", anchor: "Adaptability", heading: "Layout",
        layout: PassageLayout(role: .tableCell, block: 3, depth: 1, number: 2, table: 0, row: 1, column: 2)),
      Passage(kind: .code, text: "let x = 1\n  print(x)\n", startMilliseconds: -5, endMilliseconds: Int.max),
    ],
    cues: [
      StoredCue(
        startMilliseconds: 230_000, endMilliseconds: 233_300, raw: "<v Vince>People will use\niPhone Duo",
        text: "People will use\niPhone Duo", settings: "line:90% align:center", voice: "Vince", identifier: "1"),
      StoredCue(startMilliseconds: 233_300, endMilliseconds: 236_600, raw: "in many poses.", text: "in many poses."),
      StoredCue(startMilliseconds: Int.min, endMilliseconds: 0, raw: "", text: ""),
    ],
    sections: [
      SectionHeading(title: "Layout", anchor: "Adaptability", level: 2),
      .init(title: "No anchor", anchor: nil, level: 3),
    ])

  static let sparse = Document(id: "hig/x", kind: .hig, title: "", url: "")

  /// The writer of format 1, kept here only to check that such files still read.
  static func formatOne(_ document: Document) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(document) + Data("\n".utf8)
  }

  @Test("What the writer writes reads back as the same document", arguments: [full, sparse])
  func roundTrip(document: Document) throws {
    let data = DocumentFormat.encode(document)
    #expect(try DocumentFormat.decode(data) == document)
    #expect(DocumentFormat.encode(try DocumentFormat.decode(data)) == data)  // deterministic
    // Format 2 is JSON: the toolchain's decoder reads it too, as JSON (cues are arrays there).
    #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
  }

  @Test("A file of format 1 reads as JSONDecoder reads it", arguments: [full, sparse])
  func formatOneReads(document: Document) throws {
    let data = try Self.formatOne(document)
    let decoded = try JSONDecoder().decode(Document.self, from: data)
    #expect(try DocumentFormat.decode(data) == decoded)
    #expect(decoded == document)
  }

  /// "é" and "e\u{301}" are equal Strings; a cue's text is left out only when its bytes are
  /// the payload's, so the content hash (over bytes) is the one the document had.
  /// A derived text: the cues' texts, one space between two, line breaks as spaces; nil
  /// past the limit (exactly the limit is fine) or for cues out of range.
  @Test(
    "A passage's text derives from its cues",
    arguments: [
      (0, 1, 5, "a b c"), (0, 1, 4, nil), (1, 1, 1, "c"), (0, 0, 3, "a b"), (1, 0, 9, nil), (0, 2, 9, nil),
      (2, 2, 9, "é"),
    ] as [(Int, Int, Int, String?)])
  func derivedText(first: Int, last: Int, limit: Int, expected: String?) {
    let cues = ["a\nb", "c"].enumerated().map { index, text in
      StoredCue(startMilliseconds: index, endMilliseconds: index + 1, raw: text, text: text)
    }
    let withAccent = cues + [StoredCue(startMilliseconds: 2, endMilliseconds: 3, raw: "é", text: "é")]
    let bytes = DerivedFields.text(
      firstCue: first, lastCue: last, cues: expected == "é" ? withAccent : cues, limit: limit)
    #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == expected)
  }

  @Test func canonicallyEqualTextIsKept() throws {
    let cue = StoredCue(startMilliseconds: 0, endMilliseconds: 1, raw: "caf\u{65}\u{301}", text: "caf\u{e9}")
    let document = Document(id: "a/b", kind: .talk, title: "t", url: "u", cues: [cue])
    for data in [DocumentFormat.encode(document), try Self.formatOne(document)] {
      let read = try DocumentFormat.decode(data)
      #expect(Array(read.cues[0].text.utf8) == Array(cue.text.utf8))
      #expect(Array(read.cues[0].raw.utf8) == Array(cue.raw.utf8))
      #expect(ContentHash.of(read) == ContentHash.of(document))
    }
  }

  @Test(
    "A file of format 2 reads as the document written, cue starts not known",
    arguments: [full, sparse, DocumentFormatGolden.talk])
  func formatTwoReads(document: Document) throws {
    let data = DocumentFormat.encode(document, formatVersion: 2)
    #expect(String(decoding: data, as: UTF8.self).hasPrefix("{\n  \"formatVersion\" : 2,\n"))
    let read = try DocumentFormat.decode(data)
    var expected = document
    for index in expected.passages.indices where expected.passages[index].firstCue != nil {
      expected.passages[index].cueStarts = nil
    }
    #expect(read == expected)
    #expect(ContentHash.of(read) == ContentHash.of(document))
  }

  @Test func formatTwoShape() throws {
    let text = String(decoding: DocumentFormat.encode(Self.full, formatVersion: 2), as: UTF8.self)
    let lines = text.split(separator: "\n")
    #expect(lines.first == "{" && lines[1] == "  \"formatVersion\" : 2,")
    // One cue a line, the text left out where it is the raw payload.
    #expect(lines.contains("    [233300,236600,\"in many poses.\"],"))
    #expect(
      lines.contains(
        #"    [230000,233300,"<v Vince>People will use\niPhone Duo",{"text":"People will use\niPhone Duo","settings":"line:90% align:center","voice":"Vince","identifier":"1"}],"#
      ))
    #expect(lines.contains(#"    {"title":"No anchor","level":3}"#))
    #expect(text.hasSuffix("\n  ]\n}\n"))
  }

  @Test("Unknown keys are skipped and null reads as absent, as JSONDecoder does")
  func unknownKeysAndNulls() throws {
    let json = #"""
      {"id":"a","kind":"hig","title":"t","url":"u","language":"en","event":null,"year":null,
       "future":{"nested":[1,2.5e3,true,null,"x"]},"isRemovedUpstream":false,"fetch":null,
       "passages":[{"kind":"text","text":"x","anchor":null,"extra":[]}],"cues":[],"sections":[]}
      """#
    let data = Data(json.utf8)
    #expect(try DocumentFormat.decode(data) == JSONDecoder().decode(Document.self, from: data))
  }

  @Test func newerFormatIsRefused() {
    let json =
      #"{"formatVersion":5,"id":"a","kind":"hig","title":"t","url":"u","language":"en","#
      + #""isRemovedUpstream":false,"passages":[],"cues":[[0,1,"r",{"newKind":[]}],5],"sections":{}}"#
    #expect(throws: DocumentModelError.unsupportedDocumentFormat(found: 5, supported: 4)) {
      try DocumentFormat.decode(Data(json.utf8))
    }
  }
}

/// Document formats 3 and 4: what they leave out and how the reader fills it in.
@Suite struct DocumentFormatThreeTests {
  @Test func goldenFile() throws {
    let data = DocumentFormat.encode(DocumentFormatGolden.talk)
    let golden = try DocumentFormatGolden.talkFile
    #expect(String(decoding: data, as: UTF8.self) == golden)
    let read = try DocumentFormat.decode(Data(golden.utf8))
    #expect(read == DocumentFormatGolden.talk)
    #expect(ContentHash.of(read) == ContentHash.of(DocumentFormatGolden.talk))
    // About half of format 2 even for so small a talk.
    #expect(data.count * 10 < DocumentFormat.encode(DocumentFormatGolden.talk, formatVersion: 2).count * 8)
  }

  /// A file of the format before still reads, its cue starts not known, with the content
  /// hash of the talk; written again it is format 4 with them `null`, and reads the same.
  @Test func goldenFileOfFormatThree() throws {
    let golden = try DocumentFormatGolden.talkFileOfFormatThree
    #expect(
      String(decoding: DocumentFormat.encode(DocumentFormatGolden.talk, formatVersion: 3), as: UTF8.self) == golden)
    let read = try DocumentFormat.decode(Data(golden.utf8))
    #expect(read == DocumentFormatGolden.talkWithoutCueStarts)
    #expect(read.passages.map(\.lacksCueStarts) == [true, true, true, true, false])
    #expect(ContentHash.of(read) == ContentHash.of(DocumentFormatGolden.talk))
    let rewritten = DocumentFormat.encode(read)
    #expect(String(decoding: rewritten, as: UTF8.self).contains(#"{"firstCue":0,"cueStarts":null}"#))
    #expect(try DocumentFormat.decode(rewritten) == read)
  }

  static let head =
    #"{"formatVersion":3,"id":"a","kind":"talk","title":"t","url":"u","language":"en","isRemovedUpstream":false,"#

  static func read(_ rest: String) throws -> Document {
    try DocumentFormat.decode(Data((head + rest).utf8))
  }

  @Test("Fields left out are derived; given ones, null included, are kept")
  func derived() throws {
    let document = try Self.read(
      #""cueSettings":"s","passages":[{"text":"z"},{"firstCue":0,"lastCue":1},{"firstCue":1,"endMilliseconds":null,"lastCue":null,"text":"x"}],"#
        + #""cues":[[0,1,"a\nb"],[1,2,"c",{"settings":"t"}],[2,3,"d",{"settings":null}]],"sections":[]}"#)
    #expect(document.passages[0] == Passage(kind: .speech, text: "z"))
    #expect(document.cues.map(\.settings) == ["s", "t", nil])
    #expect(
      document.passages[1]
        == Passage(kind: .speech, text: "a b c", startMilliseconds: 0, endMilliseconds: 2, firstCue: 0, lastCue: 1))
    #expect(
      document.passages[2] == Passage(kind: .speech, text: "x", startMilliseconds: 1, firstCue: 1, lastCue: nil))
  }

  @Test(
    "A passage without text needs cues in the file to take it from",
    arguments: [
      #"{}"#, #"{"firstCue":5}"#, #"{"firstCue":-1}"#, #"{"firstCue":0,"lastCue":null}"#,
      #"{"firstCue":1,"lastCue":0}"#, #"{"lastCue":0}"#,
    ])
  func textNeedsCues(passage: String) {
    #expect {
      try Self.read(#""passages":["# + passage + #"],"cues":[[0,1,"a"],[1,2,"b"]],"sections":[]}"#)
    } throws: { error in
      guard case .malformedDocument(_, .missingField("text")) = error as? DocumentModelError else { return false }
      return true
    }
  }

  @Test("Before format 3 a passage needs its kind and text, and cueSettings is not applied")
  func olderFormatsLeaveNothingOut() throws {
    for version in ["", #""formatVersion":2,"#] {
      let head =
        "{" + version + #""id":"a","kind":"talk","title":"t","url":"u","language":"en","#
        + #""isRemovedUpstream":false,"cueSettings":"s","sections":[],"cues":[[0,1,"a"]],"passages":"#
      #expect(throws: DocumentModelError.malformedDocument(offset: head.utf8.count + 1, problem: .missingField("kind")))
      {
        try DocumentFormat.decode(Data((head + #"[{"text":"a"},{"text":"b"}]}"#).utf8))
      }
      #expect(throws: DocumentModelError.malformedDocument(offset: head.utf8.count + 1, problem: .missingField("text")))
      {
        try DocumentFormat.decode(Data((head + #"[{"kind":"speech","firstCue":0}]}"#).utf8))
      }
      let document = try DocumentFormat.decode(Data((head + #"[{"kind":"speech","text":"a","firstCue":0}]}"#).utf8))
      #expect(document.passages[0].lastCue == nil && document.passages[0].startMilliseconds == nil)
      #expect(document.cues[0].settings == nil)
    }
  }

  @Test("Derived text past the limit of one file is refused, not built")
  func derivedTextIsBounded() {
    let cue = String(repeating: "w", count: 1 << 20)
    let passages = Array(repeating: #"{"firstCue":0}"#, count: (DocumentFormat.maximumByteCount >> 20) + 1)
    #expect {
      try Self.read(
        #""passages":["# + passages.joined(separator: ",") + #"],"cues":[[0,1,""# + cue + #""]],"sections":[]}"#)
    } throws: { error in
      guard case .malformedDocument(_, .missingField("text")) = error as? DocumentModelError else { return false }
      return true
    }
  }

  /// Equal as Strings is not enough to leave a field out: the content hash is over bytes.
  @Test func canonicallyEqualIsNotTheSame() throws {
    let document = Document(
      id: "a/b", kind: .talk, title: "t", url: "u",
      passages: [Passage(kind: .speech, text: "caf\u{e9}", firstCue: 0, lastCue: 0)],
      cues: [
        StoredCue(
          startMilliseconds: 0, endMilliseconds: 1, raw: "cafe\u{301}", text: "cafe\u{301}", settings: "\u{e9}"),
        StoredCue(startMilliseconds: 1, endMilliseconds: 2, raw: "x", text: "x", settings: "e\u{301}"),
        StoredCue(startMilliseconds: 2, endMilliseconds: 3, raw: "y", text: "y", settings: "e\u{301}"),
      ])
    let read = try DocumentFormat.decode(DocumentFormat.encode(document))
    #expect(Array(read.passages[0].text.utf8) == Array("caf\u{e9}".utf8))
    #expect(read.cues.map { Array(($0.settings ?? "").utf8) } == document.cues.map { Array(($0.settings ?? "").utf8) })
    #expect(ContentHash.of(read) == ContentHash.of(document))
  }

  /// Random talks whose passages sometimes are, sometimes are not, what their cues give.
  @Test func randomTalks() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let words = ["a", "b\nc", "", "é", "e\u{301}", " ", "\n"]
    let settings: [String?] = [nil, "s", "t", "e\u{301}"]
    for _ in 0..<300 {
      var cues: [StoredCue] = []
      for index in 0..<next(5) {
        let raw = words[next(words.count)]
        cues.append(
          StoredCue(
            startMilliseconds: index * 10, endMilliseconds: index * 10 + next(3) * 10, raw: raw,
            text: next(3) == 0 ? words[next(words.count)] : raw, settings: settings[next(settings.count)]))
      }
      var passages: [Passage] = []
      for _ in 0..<next(5) {
        let first = next(7) - 1
        let last = next(3) == 0 ? first : next(7) - 1
        let derived = DerivedFields.text(firstCue: first, lastCue: last, cues: cues, limit: 100)
        passages.append(
          Passage(
            kind: [.speech, .text, .code][next(3)],
            text: next(2) == 0 ? derived.map { String(decoding: $0, as: UTF8.self) } ?? "" : words[next(words.count)],
            startMilliseconds: next(2) == 0 ? DerivedFields.start(firstCue: first, cues: cues) : [nil, 0, 5][next(3)],
            endMilliseconds: next(2) == 0 ? DerivedFields.end(lastCue: last, cues: cues) : [nil, 0, 5][next(3)],
            firstCue: first < 0 ? nil : first, lastCue: next(5) == 0 ? nil : last))
      }
      let document = Document(
        id: "a/b", kind: next(2) == 0 ? .talk : .hig, title: "t", url: "u", passages: passages, cues: cues)
      let data = DocumentFormat.encode(document)
      let read = try DocumentFormat.decode(data)
      #expect(read == document)
      #expect(ContentHash.of(read) == ContentHash.of(document))
      #expect(DocumentFormat.encode(read) == data)
    }
  }
}
