import JSON
import KnowledgeBase
import Testing

@testable import MCPServer

/// The request model of `KnowledgeBase` holds each bound and default once; the surfaces
/// read them from there. Where the surfaces differ, the difference is written in the field.
@Suite struct RequestModelTests {
  /// Field, surface, default, lowest and highest value: what each surface takes today.
  static let bounds: [(String, IntegerField, RequestSurface, Int, ClosedRange<Int>)] = [
    ("search limit", SearchRequest.limit, .cli, 10, 1...10_000),
    ("search limit", SearchRequest.limit, .api, 10, 1...10_000),
    ("search limit", SearchRequest.limit, .mcp, 10, 1...50),
    ("quote context", QuoteRequest.context, .cli, 0, 0...1_000),
    ("quote context", QuoteRequest.context, .api, 0, 0...1_000),
    ("quote context", QuoteRequest.context, .mcp, 1, 0...10),
    ("verify tolerance", VerifyRequest.tolerance, .cli, 5, 0...3_600),
    ("verify tolerance", VerifyRequest.tolerance, .api, 5, 0...3_600),
    ("verify tolerance", VerifyRequest.tolerance, .mcp, 5, 0...3_600),
    ("audit quotes", AuditRequest.quotes, .cli, 3, 1...50),
    ("audit quotes", AuditRequest.quotes, .mcp, 3, 1...10),
  ]

  @Test func eachSurfaceTakesTheBoundsAndDefaultItsFieldSays() {
    for (what, field, surface, fallback, range) in Self.bounds {
      #expect(field.defaultValue(on: surface) == fallback, "\(what) on \(surface)")
      #expect(field.bounds(on: surface) == range, "\(what) on \(surface)")
      #expect(range.contains(fallback), "\(what) on \(surface): the default is out of bounds")
    }
  }

  /// Each tool's argument is named, bounded, defaulted and described by its field.
  @Test(arguments: [
    ("search", SearchRequest.limit), ("quote", QuoteRequest.context), ("verify", VerifyRequest.tolerance),
    ("audit", AuditRequest.quotes),
  ])
  func aToolArgumentIsItsField(tool name: String, field: IntegerField) throws {
    let tool = try #require(ToolCatalog.tools.first { $0.name == name })
    let argument = try #require(tool.inputSchema["properties"]?[field.name(on: .mcp)])
    #expect(argument["minimum"]?.intValue == field.minimum)
    #expect(argument["maximum"]?.intValue == field.maximum(on: .mcp))
    #expect(argument["default"]?.intValue == field.defaultValue(on: .mcp))
    #expect(argument["description"]?.stringValue?.hasPrefix(field.help) == true)
  }

  @Test func searchFlagsAndKindsAreTheRequestsOwn() throws {
    let tool = try #require(ToolCatalog.tools.first { $0.name == "search" })
    let properties = try #require(tool.inputSchema["properties"])
    for flag in [SearchRequest.strict, SearchRequest.explain] {
      #expect(properties[flag.name]?["description"]?.stringValue == flag.help)
    }
    #expect(properties["kind"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == SearchRequest.kinds)
    #expect(CiteTool.maximumInputs == CiteRequest.inputs.maximum(on: .mcp))
  }
}
