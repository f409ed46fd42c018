import DocumentModel
import MCPServer
import Testing

/// A documentation page as an MCP resource: its kind, framework, platforms and deprecation
/// said in its header, its passages under their sections.
@Suite struct DocumentationMarkdownTests {
  @Test func aDeprecatedSymbolSaysSoInItsHeader() {
    var document = Document(
      id: "doc/foundation/nsdata/getbytes-_-4c1f09a2", kind: .doc, title: "getBytes(_:)",
      url: "https://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)",
      passages: [
        Passage(
          kind: .code, text: "func getBytes(_ buffer: UnsafeMutableRawPointer)", anchor: "declaration",
          heading: "Declaration")
      ],
      sections: [SectionHeading(title: "Declaration", anchor: "declaration", level: 2)])
    document.documentation = DocumentationMetadata(
      role: "symbol", symbolKind: "method", roleHeading: "Instance Method", modules: ["Foundation"],
      platforms: [PlatformAvailability(name: "iOS", introduced: "2.0", deprecated: "8.0")],
      deprecationSummary: "Use getBytes(_:length:) instead.")
    let markdown = DocumentMarkdown.render(document)
    #expect(
      markdown.contains("Apple Developer Documentation · Instance Method · Foundation · iOS 2.0–8.0 (deprecated)"))
    #expect(markdown.contains("**Deprecated API: not to be cited as current.** Use getBytes(_:length:) instead."))
    #expect(markdown.contains("func getBytes(_ buffer: UnsafeMutableRawPointer)"))
  }
}
