import DuoKBTestSupport
import Foundation
import KnowledgeBase
import Testing

@testable import MCPServer

/// `docs/schema/` holds the JSON Schemas the tools declare, so that scripts can validate
/// what duo-kb prints; a change to a shape must change the published file with it.
@Suite struct PublishedSchemaTests {
  static let folder = ConformanceData.repositoryRoot.appendingPathComponent("docs/schema")

  @Test(arguments: AnswerSchema.published.map(\.file))
  func thePublishedFileIsWhatTheToolsDeclare(file: String) throws {
    let schema = try #require(AnswerSchema.published.first { $0.file == file }?.schema)
    let expected = AnswerSchema.publishedText(file, schema)
    let url = Self.folder.appendingPathComponent(file)
    if ProcessInfo.processInfo.environment["DUOKB_RECORD_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
      try expected.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("recorded \(file); review the diff and run again without DUOKB_RECORD_GOLDEN")
      return
    }
    let published = try String(contentsOf: url, encoding: .utf8)
    #expect(published == expected, "docs/schema/\(file) is stale: run the tests with DUOKB_RECORD_GOLDEN=1")
  }

  @Test func everyToolsOutputSchemaIsPublished() {
    let declared = ToolCatalog.tools.map(\.outputSchema)
    for name in ["search", "quote", "cite", "verify", "audit", "documents", "status"] {
      let tool = ToolCatalog.tools.first { $0.name == name }
      #expect(AnswerSchema.published.contains { $0.schema == tool?.outputSchema }, "\(name)")
    }
    #expect(!declared.isEmpty)
  }
}
