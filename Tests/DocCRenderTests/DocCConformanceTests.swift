import DuoKBTestSupport
import Foundation
import Testing

@testable import DocCRender

/// Third-party render JSON pages, read in place (see the conformance README, DocC section).
@Suite(.enabled(if: ConformanceData.shouldRun)) struct DocCConformanceTests {
  /// Every page except the HIG table of contents, which is an index, not a render node.
  static func pages() throws -> [URL] {
    try ConformanceData.files(under: "docc", endingWith: ".json").filter {
      let path = $0.path
      return !path.contains("/docc/spec/") && !path.contains("/docc/expectations/")
        && $0.lastPathComponent != "hig__toc.json"
    }
  }

  @Test func everyPageDecodes() throws {
    let pages = try Self.pages()
    #expect(pages.count == 51)
    for page in pages {
      let data = try Data(contentsOf: page)
      do {
        let decoded = try RenderPageDecoder().decode(data, url: page)
        #expect(!decoded.title.isEmpty || decoded.kind == nil, "\(page.lastPathComponent)")
      } catch {
        Issue.record("\(page.lastPathComponent): \(error)")
      }
    }
  }

  @Test func nonStrictPagesDecodeWithTrailingCommasRemoved() throws {
    for name in ["term-lists-3.json", "plist-symbol.json"] {
      let data = try Data(contentsOf: ConformanceData.url("docc/swift-docc/non-strict-json/\(name)"))
      let page = try RenderPageDecoder().decode(data, url: nil)
      #expect(page.warnings.contains { if case .trailingCommasRemoved = $0 { true } else { false } })
    }
  }

  @Test func tableOfContentsIsNotARenderNode() throws {
    let data = try Data(contentsOf: ConformanceData.url("docc/apple/hig__toc.json"))
    #expect {
      try RenderPageDecoder().decode(data, url: nil)
    } throws: { error in
      if case .notRenderJSON = error as? DocCRenderError { true } else { false }
    }
  }

  @Test func higLinksBlockNamesEveryPlatformPage() throws {
    let data = try Data(contentsOf: ConformanceData.url("docc/apple/hig__getting-started.json"))
    let page = try RenderPageDecoder().decode(data, url: nil)
    #expect(page.role == "collectionGroup")
    #expect(page.abstract == "Create an app or game that feels at home on every platform you support.")
    let links = page.sections.flatMap(\.blocks).filter { $0.kind == .link }.map(\.text)
    #expect(links.first == "Designing for iOS")
    #expect(links.count == 7)
    let urls = page.topicSections.flatMap(\.items).compactMap(\.url)
    #expect(urls.first == "/design/human-interface-guidelines/designing-for-ios")
    #expect(urls.count == 7)
  }

  static func expectationFiles() throws -> [URL] {
    try ConformanceData.files(under: "docc/expectations", endingWith: ".headings.json")
  }

  @Test func headingExpectationsHold() throws {
    let files = try Self.expectationFiles()
    #expect(files.count == 13)
    for file in files {
      try check(expectation: file)
    }
  }

  private func check(expectation file: URL) throws {
    let name = file.lastPathComponent.replacingOccurrences(of: ".headings.json", with: "")
    let parts = name.components(separatedBy: "__")
    let pagePath = "docc/\(parts[0])/\(parts.dropFirst().joined(separator: "__")).json"
    let expected = try JSONDecoder().decode(
      HeadingExpectation.self, from: Data(contentsOf: file))
    let page = try RenderPageDecoder().decode(
      Data(contentsOf: ConformanceData.url(pagePath)), url: nil)
    #expect(page.kind == expected.page.kind, "\(name)")
    #expect(page.identifierURL == expected.page.identifier, "\(name)")
    #expect(page.title == expected.page.title, "\(name)")
    #expect(page.role == expected.page.role, "\(name)")
    let headings = page.headings.map {
      HeadingExpectation.Heading(level: $0.level, text: $0.heading ?? "", anchor: $0.anchor)
    }
    #expect(headings == expected.headings, "\(name)")
    for (type, count) in expected.blockTypeCounts {
      #expect(page.nodeTypeCounts[type, default: 0] == count, "\(name): \(type)")
    }
    #expect(page.topicSections.map { $0.title ?? "" } == expected.topicSectionTitles, "\(name)")
    #expect(page.seeAlsoSections.map { $0.title ?? "" } == expected.seeAlsoSectionTitles, "\(name)")
    #expect(page.references.count == expected.referenceCount, "\(name)")
    #expect(page.unknownNodeCount == 0, "\(name)")
  }
}

/// `expectations/<folder>__<name>.headings.json` (conformance README, DocC).
struct HeadingExpectation: Decodable {
  struct Page: Decodable {
    var kind: String?
    var identifier: String?
    var title: String
    var role: String?
  }
  struct Heading: Decodable, Equatable {
    var level: Int
    var text: String
    var anchor: String?
  }
  var page: Page
  var headings: [Heading]
  var blockTypeCounts: [String: Int]
  var topicSectionTitles: [String]
  var seeAlsoSectionTitles: [String]
  var referenceCount: Int
}
