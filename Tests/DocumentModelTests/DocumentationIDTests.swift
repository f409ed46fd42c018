import Foundation
import Testing

@testable import DocumentModel

@Suite struct DocumentationIDTests {
  @Test(
    "Plain paths read as they are",
    arguments: [
      ("uikit/uiviewcontroller", "doc/uikit/uiviewcontroller"),
      ("UIKit/UIViewController", "doc/uikit/uiviewcontroller"),
      ("swiftui", "doc/swiftui"),
      ("swift/array", "doc/swift/array"),
    ])
  func plain(path: String, id: String) throws {
    #expect(try DocumentID.documentation(path: path) == id)
  }

  @Test func symbolPunctuationGainsAHash() throws {
    let one = try DocumentID.documentation(path: "foundation/nsdata/getbytes(_:)")
    let two = try DocumentID.documentation(path: "foundation/nsdata/getbytes(_:length:)")
    #expect(one.hasPrefix("doc/foundation/nsdata/getbytes-_-"))
    #expect(two.hasPrefix("doc/foundation/nsdata/getbytes-_-length-"))
    #expect(one != two)
    #expect(DocumentID.isValid(one) && DocumentID.isValid(two))
  }

  @Test("Paths that sanitize alike never share an id")
  func noCollisions() throws {
    let paths = [
      "swift/array/==(_:_:)", "swift/array/!=(_:_:)", "swift/array/+(_:_:)", "swift/array/+=(_:_:)",
      "swift/array/a", "swift/array/a/b", "swift/array/a.b", "swift/array/a-b", "swift/array/a_b",
      "swift/array/init(_:)", "swift/array/init(_:)-3b5fk", "swift/array/init()",
    ]
    let ids = try paths.map { try DocumentID.documentation(path: $0) }
    #expect(Set(ids).count == paths.count)
    for id in ids { #expect(DocumentID.isValid(id)) }
  }

  @Test func deepPathsFoldIntoThreeSegments() throws {
    let id = try DocumentID.documentation(path: "foundation/nsdata/base64encodingoptions/linelength64characters")
    #expect(id.split(separator: "/").count == 4)
    #expect(id.hasPrefix("doc/foundation/nsdata/base64encodingoptions.linelength64"))
    let other = try DocumentID.documentation(path: "foundation/nsdata/base64encodingoptions.linelength64characters")
    #expect(id != other)
  }

  @Test func longPathsStayWithinTheLimits() throws {
    let long = (0..<8).map { "segment\($0)" + String(repeating: "x", count: 60) }.joined(separator: "/")
    let id = try DocumentID.documentation(path: long)
    #expect(id.utf8.count <= DocumentID.maximumLength)
    #expect(DocumentID.isValid(id))
    let hostile = String(repeating: "a/", count: 400)
    #expect(throws: DocumentModelError.self) { try DocumentID.documentation(path: hostile) }
  }

  @Test func emptyPathIsRefused() {
    #expect(throws: DocumentModelError.self) { try DocumentID.documentation(path: "") }
    #expect(throws: DocumentModelError.self) { try DocumentID.documentation(path: "///") }
  }

  @Test func documentationIdsNameNoLanguage() {
    #expect(DocumentID.language(of: "doc/uikit/ja") == nil)
    #expect(DocumentID.isReservedForLanguages("doc/uikit"))
  }

  static let page: Document = {
    var document = Document(
      id: "doc/foundation/nsdata/getbytes-_-1", kind: .doc, title: "getBytes(_:)",
      url: "https://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)",
      passages: [
        Passage(kind: .code, text: "func getBytes(_ buffer: UnsafeMutableRawPointer)", anchor: "declaration"),
        Passage(kind: .text, text: "Copies a data object’s contents into a given buffer."),
      ],
      sections: [SectionHeading(title: "Declaration", anchor: "declaration", level: 2)])
    document.documentation = DocumentationMetadata(
      role: "symbol", symbolKind: "method", roleHeading: "Instance Method", modules: ["Foundation"],
      platforms: [
        PlatformAvailability(name: "iOS", introduced: "2.0", deprecated: "8.0"),
        PlatformAvailability(name: "macOS", introduced: "10.0", isDeprecatedFlag: true, isBeta: true),
        PlatformAvailability(name: "tvOS", isUnavailable: true),
      ],
      deprecationSummary: "This method is unsafe because it could potentially cause buffer overruns.")
    return document
  }()

  @Test func metadataRoundTrips() throws {
    let data = DocumentFormat.encode(Self.page)
    #expect(try DocumentFormat.decode(data) == Self.page)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""documentation" : {"role":"symbol","symbolKind":"method""#))
  }

  @Test func metadataFacts() {
    let metadata = Self.page.documentation!
    #expect(metadata.isDeprecated)
    #expect(metadata.isBeta)
    #expect(metadata.platformMask == 0b101)
    #expect(
      metadata.platforms.map(\.summary) == [
        "iOS 2.0–8.0 (deprecated)", "macOS 10.0+ (deprecated) (beta)", "tvOS (unavailable)",
      ])
    #expect(PlatformAvailability.indexBit(of: "maccatalyst") == 3)
    #expect(PlatformAvailability.indexBit(of: "Mac Catalyst") == 3)
    #expect(PlatformAvailability.indexBit(of: "ios") == 0)
  }

  @Test func oneDeprecatedPlatformDoesNotDeprecateThePage() {
    let metadata = DocumentationMetadata(platforms: [
      PlatformAvailability(name: "iOS", introduced: "13.0"),
      PlatformAvailability(name: "macOS", introduced: "10.0", deprecated: "10.15"),
    ])
    #expect(!metadata.isDeprecated)
  }

  @Test func metadataChangesTheContentHashButOtherKindsKeepTheirs() {
    var page = Self.page
    let before = ContentHash.of(page)
    page.documentation?.deprecationSummary = nil
    #expect(ContentHash.of(page) != before)
    page.documentation = nil
    #expect(ContentHash.of(page) == ContentHash.of(passages: page.passages, cues: page.cues))
  }

  @Test("Duplicate or malformed metadata is refused")
  func hostile() {
    let base = DocumentFormat.encode(Self.page)
    let text = String(decoding: base, as: UTF8.self)
    let duplicate = text.replacingOccurrences(of: #"{"role":"symbol","#, with: #"{"role":"symbol","role":"x","#)
    #expect(throws: DocumentModelError.self) { try DocumentFormat.decode(Data(duplicate.utf8)) }
    let nameless = text.replacingOccurrences(of: #"{"name":"tvOS","#, with: "{")
    #expect(throws: DocumentModelError.self) { try DocumentFormat.decode(Data(nameless.utf8)) }
    let wrongType = text.replacingOccurrences(of: #""modules":["Foundation"]"#, with: #""modules":[1]"#)
    #expect(throws: DocumentModelError.self) { try DocumentFormat.decode(Data(wrongType.utf8)) }
  }

  @Test func oldReadersSkipTheKeyAndNewReadersReadOldFiles() throws {
    var plain = Self.page
    plain.documentation = nil
    #expect(try DocumentFormat.decode(DocumentFormat.encode(plain)) == plain)
  }
}
