import Foundation
import Testing

@testable import Harvest

/// `import` of JSON Lines: a line nested deeper than the JSON module's limit (64) is refused
/// with its line number before it is decoded; one level less is read.
@Suite struct DeepImportLineTests {
  static func line(nesting depth: Int) -> String {
    #"{"doc":"wwdc2030/1001","title":"T","start":0,"end":1,"text":"Words here.","extra":"#
      + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
  }

  @Test("A passage nested up to the limit is read; one level more is a malformed line that says why")
  func limit() throws {
    let importer = PassageImporter()
    let documents = try importer.documents(fromJSONLines: Data(Self.line(nesting: 63).utf8), file: "in.jsonl")
    #expect(documents.count == 1)
    let deep = Self.line(nesting: 63) + "\n" + Self.line(nesting: 20_000) + "\n"
    #expect(
      throws: ImportError.malformedLine(
        file: "in.jsonl", line: 2, reason: "arrays and objects nested deeper than 64 (at byte 145)")
    ) {
      try importer.documents(fromJSONLines: Data(deep.utf8), file: "in.jsonl")
    }
  }
}
