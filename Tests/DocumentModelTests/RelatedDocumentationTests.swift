import Foundation
import Testing

@testable import DocumentModel

/// A talk's `relatedDocumentation`: written only when present, read back, not part of the content hash.
@Suite struct RelatedDocumentationTests {
  static let plainTalk = Document(
    id: "wwdc2019/220", kind: .talk, title: "Advances in Foundation",
    url: "https://developer.apple.com/videos/play/wwdc2019/220/", event: "wwdc2019", year: 2019,
    passages: [
      Passage(kind: .speech, text: "Hello.", startMilliseconds: 0, endMilliseconds: 1000, firstCue: 0, lastCue: 0)
    ],
    cues: [StoredCue(startMilliseconds: 0, endMilliseconds: 1000, raw: "Hello.", text: "Hello.")])

  static let talk: Document = {
    var document = plainTalk
    document.relatedDocumentation = [
      RelatedDocumentation(title: "Foundation", url: "https://developer.apple.com/documentation/foundation"),
      RelatedDocumentation(
        title: "\"Quoted\" \\ title", url: "https://developer.apple.com/documentation/nsdata/getbytes(_:)"),
    ]
    return document
  }()

  @Test func roundTripsAsOneCompactObjectALine() throws {
    let data = DocumentFormat.encode(Self.talk)
    #expect(try DocumentFormat.decode(data) == Self.talk)
    let text = String(decoding: data, as: UTF8.self)
    #expect(
      text.contains(
        "\"relatedDocumentation\" : [\n    {\"title\":\"Foundation\",\"url\":\"https://developer.apple.com/documentation/foundation\"},\n"
      ))
  }

  @Test func aTalkWithoutWritesNoKeyAndKeepsItsBytes() throws {
    let plain = DocumentFormat.encode(Self.plainTalk)
    #expect(!String(decoding: plain, as: UTF8.self).contains("relatedDocumentation"))
    var empty = Self.plainTalk
    empty.relatedDocumentation = []
    #expect(DocumentFormat.encode(empty) == plain)
    #expect(try DocumentFormat.decode(plain) == Self.plainTalk)
  }

  @Test func nullReadsAsAbsentAndAnEmptyArrayAsEmpty() throws {
    let text = String(decoding: DocumentFormat.encode(Self.plainTalk), as: UTF8.self)
    let withNull = text.replacingOccurrences(
      of: "\"isRemovedUpstream\"", with: "\"relatedDocumentation\" : null,\n  \"isRemovedUpstream\"")
    #expect(try DocumentFormat.decode(Data(withNull.utf8)).relatedDocumentation == nil)
    let withEmpty = text.replacingOccurrences(
      of: "\"isRemovedUpstream\"", with: "\"relatedDocumentation\" : [],\n  \"isRemovedUpstream\"")
    #expect(try DocumentFormat.decode(Data(withEmpty.utf8)).relatedDocumentation == [])
  }

  /// Like a title, the links are what a quote shows, not text: a refresh compares them as a field.
  @Test func theContentHashIsTheTextsAlone() {
    #expect(ContentHash.of(Self.talk) == ContentHash.of(Self.plainTalk))
    #expect(ContentHash.of(Self.talk) == ContentHash.of(passages: Self.talk.passages, cues: Self.talk.cues))
  }

  @Test(
    "Malformed related documentation is refused",
    arguments: [
      (#"{"title":"Foundation","#, #"{"title":"Foundation","title":"x","#),
      (#"{"title":"Foundation","#, "{"),
      (#""url":"https://developer.apple.com/documentation/foundation"}"#, "\"url\":7}"),
      (#""relatedDocumentation" : ["#, #""relatedDocumentation" : {"x":["#),
      (#""relatedDocumentation" : ["#, #""relatedDocumentation" : [1,"#),
    ])
  func hostile(find: String, replace: String) {
    let text = String(decoding: DocumentFormat.encode(Self.talk), as: UTF8.self)
    #expect(text.contains(find))
    let broken = text.replacingOccurrences(of: find, with: replace)
    #expect(throws: DocumentModelError.self) { try DocumentFormat.decode(Data(broken.utf8)) }
  }

  @Test func aDuplicateKeyIsRefused() {
    let text = String(decoding: DocumentFormat.encode(Self.talk), as: UTF8.self)
    let twice = text.replacingOccurrences(
      of: "\"isRemovedUpstream\"", with: "\"relatedDocumentation\" : [],\n  \"isRemovedUpstream\"")
    #expect(throws: DocumentModelError.self) { try DocumentFormat.decode(Data(twice.utf8)) }
  }

  @Test func aFormatOneFileFromJSONEncoderReadsTheSame() throws {
    var document = Self.talk
    document.fetch = nil
    let data = try JSONEncoder().encode(document)
    #expect(try DocumentFormat.decode(data).relatedDocumentation == Self.talk.relatedDocumentation)
  }
}
