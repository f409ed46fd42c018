import DuoKBTestSupport
import Foundation
import JSON
import KnowledgeBase
import Testing

@testable import MCPServer

/// Every command's `--format json` validates against the schema published in `docs/schema/`,
/// the same one the MCP tools declare.
@Suite struct AnswerSchemaTests {
  static func schema(_ file: String) throws -> JSONValue {
    let url = ConformanceData.repositoryRoot.appendingPathComponent("docs/schema/\(file)")
    return try #require(JSONValue.decode(try Data(contentsOf: url)))
  }

  @Test(arguments: [
    (["search", "scrolling OR toolbar", "--format", "json"], "search.schema.json"),
    (["quote", "tech-talks/900001@0:40", "--context", "1", "--format", "json"], "quote.schema.json"),
    (["quote", "hig/testing-layout#Best-practices", "--format", "json"], "quote.schema.json"),
    (["quote", "tech-talks/900001@0:10-0:20", "--format", "json"], "quote.schema.json"),
    (["cite", "scrolling content", "--format", "json"], "cite.schema.json"),
  ])
  func commandJSONFitsItsSchema(arguments: [String], file: String) async throws {
    let scratch = try ScratchDirectory()
    try CitationTestCorpus.write(into: scratch.url)
    let run = await runCLI(arguments, in: scratch.url, environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(run.status.rawValue == 0, "\(run.stderr)")
    let value = try #require(JSONValue.decode(Data(run.stdout.utf8)), "\(run.stdout)")
    #expect(SchemaValidator.violation(of: value, against: try Self.schema(file)) == nil)
    #expect(value["version"] == 1)
  }

  @Test func auditAndVerifyJSONFitTheirSchemas() async throws {
    let scratch = try ScratchDirectory()
    try CitationTestCorpus.write(into: scratch.url)
    let environment = ["DUO_KB_HOME": scratch.url.path]
    try scratch.write("- Keep buttons out of the fold\n- Bars move to the side\n", to: "checklist.md")
    let audit = await runCLI(["audit", "checklist.md", "--format", "json"], in: scratch.url, environment: environment)
    let auditValue = try #require(JSONValue.decode(Data(audit.stdout.utf8)), "\(audit.stdout)")
    #expect(SchemaValidator.violation(of: auditValue, against: try Self.schema("audit.schema.json")) == nil)
    try scratch.write("Ada: “Scrolling content doesn't need to move” (0:40).", to: "notes.md")
    let verify = await runCLI(["verify", "notes.md", "--format", "json"], in: scratch.url, environment: environment)
    let verifyValue = try #require(JSONValue.decode(Data(verify.stdout.utf8)), "\(verify.stdout)")
    #expect(SchemaValidator.violation(of: verifyValue, against: try Self.schema("verify.schema.json")) == nil)
    // A batch line is a search answer too.
    let batch = await runCLI(["search", "--batch", "-"], in: scratch.url, environment: environment, stdin: "fold\n")
    let line = try #require(JSONValue.decode(Data(batch.stdout.utf8)))
    #expect(SchemaValidator.violation(of: line, against: try Self.schema("search.schema.json")) == nil)
  }
}
