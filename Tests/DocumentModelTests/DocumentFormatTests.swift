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

  @Test func formatTwoShape() throws {
    let text = String(decoding: DocumentFormat.encode(Self.full), as: UTF8.self)
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
      #"{"formatVersion":3,"id":"a","kind":"hig","title":"t","url":"u","language":"en","#
      + #""isRemovedUpstream":false,"passages":[],"cues":[[0,1,"r",{"newKind":[]}],5],"sections":{}}"#
    #expect(throws: DocumentModelError.unsupportedDocumentFormat(found: 3, supported: 2)) {
      try DocumentFormat.decode(Data(json.utf8))
    }
  }
}
