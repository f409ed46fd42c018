import DuoKBTestSupport
import Foundation
import Testing

@testable import DocCRender

/// Symbol and article pages of developer documentation, read in place from the conformance
/// data: metadata, availability, deprecation, declarations and parameters.
@Suite(.enabled(if: ConformanceData.shouldRun)) struct SymbolPageConformanceTests {
  static func page(_ path: String) throws -> RenderPage {
    try RenderPageDecoder().decode(Data(contentsOf: ConformanceData.url("docc/\(path)")), url: nil)
  }

  @Test func deprecatedMethodOfApple() throws {
    let page = try Self.page("apple/documentation__foundation__nsdata__getbytes.json")
    #expect(page.title == "getBytes(_:)")
    #expect(page.metadata.symbolKind == "method")
    #expect(page.metadata.roleHeading == "Instance Method")
    #expect(page.metadata.modules == ["Foundation"])
    #expect(
      page.metadata.deprecationSummary
        == "This method is unsafe because it could potentially cause buffer overruns. Use getBytes(_:length:) or getBytes(_:range:) instead."
    )
    let iOS = try #require(page.metadata.platforms.first { $0.name == "iOS" })
    #expect(iOS.introducedAt == "2.0")
    #expect(iOS.deprecatedAt == "8.0")
    #expect(!iOS.isBeta)
    let declarations = page.sections.flatMap(\.blocks).filter { $0.kind == .declaration }
    #expect(declarations.map(\.text) == ["func getBytes(_ buffer: UnsafeMutableRawPointer)"])
    #expect(declarations.map(\.style) == ["swift"])
  }

  @Test func structureOfAppleWithTopicSections() throws {
    let page = try Self.page("apple/documentation__swift__array.json")
    #expect(page.title == "Array")
    #expect(page.metadata.symbolKind == "struct")
    #expect(page.metadata.modules == ["Swift"])
    #expect(page.metadata.platforms.contains { $0.name == "macOS" && $0.introducedAt == "10.10" })
    #expect(page.metadata.deprecationSummary.isEmpty)
    let declarations = page.sections.flatMap(\.blocks).filter { $0.kind == .declaration }
    #expect(declarations.first?.text == "@frozen struct Array<Element>")
    let children = page.topicSections.flatMap(\.items).compactMap(\.url)
    #expect(children.count > 50)
    #expect(children.allSatisfy { $0.hasPrefix("/documentation/") })
    #expect(children.contains("/documentation/Foundation/NSArray"), "a child in another framework, in its case")
  }

  @Test func deprecationSummaryOfDocC() throws {
    let page = try Self.page("swift-docc/deprecated-symbol.json")
    #expect(page.metadata.deprecationSummary == "This symbol is deprecated.")
    #expect(page.metadata.modules == ["MyKit"])
  }

  @Test func availabilityFlagsOfDocC() throws {
    let page = try Self.page("swift-docc/platform-availability.json")
    #expect(
      page.metadata.platforms == [
        RenderPlatform(name: "macOS", introducedAt: "10.15", isDeprecated: true),
        RenderPlatform(name: "iOS", introducedAt: "14.0", isUnavailable: true),
      ])
  }

  @Test func frameworkRootAndArticleOfArgumentParser() throws {
    let root = try Self.page("swift-argument-parser/argumentparser.json")
    #expect(root.role == "collection")
    #expect(root.metadata.roleHeading == "Framework")
    #expect(root.topicSections.first?.items.first?.url == "/documentation/argumentparser/gettingstarted")
    let article = try Self.page("swift-argument-parser/argumentparser__gettingstarted.json")
    #expect(article.role == "article")
    #expect(article.metadata.symbolKind == nil)
    #expect(!article.headings.isEmpty)
  }

  @Test func everySymbolPageHasItsKindAndModule() throws {
    for name in [
      "swift-argument-parser/argumentparser__option.json",
      "swift-argument-parser/argumentparser__asyncparsablecommand.json",
      "swift-argument-parser/argumentparser__arrayparsingstrategy__remaining.json",
    ] {
      let page = try Self.page(name)
      #expect(page.metadata.symbolKind != nil, "\(name)")
      #expect(page.metadata.modules == ["ArgumentParser"], "\(name)")
    }
  }
}

/// Symbol metadata from pages written for the tests, hostile ones included.
@Suite struct SymbolMetadataTests {
  static func page(metadata: String, extra: String = "") throws -> RenderPage {
    let json = """
      {"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "symbol",
       "identifier": {"url": "doc://com.example/documentation/Kit/Thing", "interfaceLanguage": "swift"},
       "metadata": \(metadata), "primaryContentSections": [] \(extra)}
      """
    return try RenderPageDecoder().decode(Data(json.utf8), url: nil)
  }

  @Test(
    "Wrong types and nameless platforms are left out, never a failure",
    arguments: [
      #"{"title": "T", "modules": "UIKit", "platforms": {"name": "iOS"}}"#,
      #"{"title": "T", "modules": [{"nom": "UIKit"}, 3], "platforms": [{"introducedAt": "1.0"}, {"name": ""}]}"#,
      #"{"title": "T", "symbolKind": 7, "roleHeading": ["x"]}"#,
    ])
  func wrongTypes(metadata: String) throws {
    let page = try Self.page(metadata: metadata)
    #expect(page.metadata.modules.isEmpty)
    #expect(page.metadata.platforms.isEmpty)
    #expect(page.metadata.symbolKind == nil)
  }

  @Test func hugeTokenListsStayOneDeclaration() throws {
    let tokens = Array(repeating: #"{"kind": "text", "text": "a"}"#, count: 100_000).joined(separator: ",")
    let json = """
      {"schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "symbol",
       "metadata": {"title": "T"},
       "primaryContentSections": [{"kind": "declarations", "declarations": [{"tokens": [\(tokens)], "languages": ["swift"]}]}]}
      """
    let page = try RenderPageDecoder().decode(Data(json.utf8), url: nil)
    let declaration = try #require(page.sections.first?.blocks.first)
    #expect(declaration.kind == .declaration)
    #expect(declaration.text.count == 100_000)
  }

  @Test func deeplyNestedDeprecationSummaryIsRefused() throws {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: DocCRenderError.self) {
      try Self.page(metadata: #"{"title": "T"}"#, extra: #", "deprecationSummary": \#(deep)"#)
    }
  }

  @Test func deprecationSummaryRendersCodeAndReferencesAsText() throws {
    let page = try Self.page(
      metadata: #"{"title": "T"}"#,
      extra: #"""
        , "deprecationSummary": [{"type": "paragraph", "inlineContent": [
            {"type": "text", "text": "Use "}, {"type": "codeVoice", "code": "run()"},
            {"type": "text", "text": " or "}, {"type": "reference", "identifier": "doc://com.example/documentation/Kit/Other", "isActive": true},
            {"type": "text", "text": "."}]}],
          "references": {"doc://com.example/documentation/Kit/Other": {"type": "topic", "title": "Other", "url": "/documentation/kit/other"}}
        """#)
    #expect(page.metadata.deprecationSummary == "Use run() or Other.")
  }
}
