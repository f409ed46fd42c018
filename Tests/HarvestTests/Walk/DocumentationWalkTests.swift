import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// Documentation pages harvested from a loopback site laid out as Apple's: real render
/// JSON of a framework root, an article and a protocol, and a symbol page written for the
/// tests with every node the reader turns into passages.
@Suite struct DocumentationWalkTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/documentation")

  static func route(_ path: String, _ file: String) -> (String, LoopbackResponse) {
    ("/tutorials/data/documentation/\(path).json", .fixture(fixtures.appendingPathComponent(file)))
  }

  static let argumentParser: [String: LoopbackResponse] = Dictionary(uniqueKeysWithValues: [
    route("argumentparser", "argumentparser.json"),
    route("argumentparser/gettingstarted", "argumentparser__gettingstarted.json"),
    route("argumentparser/asyncparsablecommand", "argumentparser__asyncparsablecommand.json"),
  ])

  func refresh(_ entries: [SourceEntry], server: LoopbackServer, corpus: CorpusStore? = nil) async throws
    -> (RefreshReport, CorpusStore)
  {
    let walk = try WalkHarness()
    let mirror = SiteMirror([SiteMirror.mapping(parsing: "https://developer.apple.com=\(server.baseURL)")!])
    let store = corpus ?? walk.corpus
    let report = await Refresher(fetcher: SiteFetcher(client: walk.client, mirror: mirror), corpus: store)
      .refresh(SourceList(sources: entries))
    return (report, store)
  }

  @Test func followsAFrameworkRootWithinItsBounds() async throws {
    let server = try LoopbackServer(routes: Self.argumentParser)
    defer { server.stop() }
    let entry = try SourceClassifier.entry(
      for: "https://developer.apple.com/documentation/argumentparser", follow: true,
      followBounds: SourceEntry.Follow(maxDepth: 1, maxPages: 4))
    #expect(entry.kind == .doc)
    let (report, corpus) = try await refresh([entry], server: server)
    // Root, then its topic sections in order: getting started, parsable command (not served:
    // gone, never stored), async; the page bound ends the walk there.
    #expect(
      report.entries.compactMap(\.documentID) == [
        "doc/argumentparser", "doc/argumentparser/gettingstarted", "doc/argumentparser/asyncparsablecommand",
      ])
    #expect(report.entries.map(\.status) == [.added, .added, .gone, .added], "\(report.entries)")
    #expect(report.entries[2].source == "https://developer.apple.com/documentation/argumentparser/parsablecommand")
    let root = try #require(try corpus.read(id: "doc/argumentparser"))
    #expect(root.kind == .doc)
    #expect(root.url == "https://developer.apple.com/documentation/argumentparser")
    #expect(root.documentation?.roleHeading == "Framework")
    #expect(root.documentation?.role == "collection")
    let article = try #require(try corpus.read(id: "doc/argumentparser/gettingstarted"))
    #expect(article.documentation?.role == "article")
    #expect(article.sections.contains { $0.anchor == "Adding-ArgumentParser-as-a-Dependency" })
    #expect(article.passages.contains { $0.kind == .code })
    let proto = try #require(try corpus.read(id: "doc/argumentparser/asyncparsablecommand"))
    #expect(proto.documentation?.symbolKind == "protocol")
    #expect(proto.documentation?.modules == ["ArgumentParser"])
    let declaration = try #require(proto.passages.first { $0.anchor == "declaration" })
    #expect(declaration.kind == .code)
    #expect(declaration.text == "protocol AsyncParsableCommand : ParsableCommand")
    #expect(declaration.heading == "Declaration")
    for path in Self.argumentParser.keys { #expect(server.requestCount(path) == 1, "\(path)") }
  }

  @Test func theBoundStopsAtItsPageCountAndDepthZeroTakesOnlyThePage() async throws {
    let server = try LoopbackServer(routes: Self.argumentParser)
    defer { server.stop() }
    let url = "https://developer.apple.com/documentation/argumentparser"
    let (two, _) = try await refresh(
      [SourceEntry(kind: .doc, url: url, follow: SourceEntry.Follow(maxDepth: 3, maxPages: 2))], server: server)
    #expect(two.entries.count == 2)
    let (one, _) = try await refresh(
      [SourceEntry(kind: .doc, url: url, follow: SourceEntry.Follow(maxDepth: 0, maxPages: 50))], server: server)
    #expect(one.entries.compactMap(\.documentID) == ["doc/argumentparser"])
  }

  @Test func topicSectionCyclesEndAndEachPageIsFetchedOnce() async throws {
    let a = FixtureDocumentationPage(path: "kit/a", title: "A", children: ["kit/b", "kit/a"])
    let b = FixtureDocumentationPage(path: "kit/b", title: "B", children: ["kit/a", "Kit/A"])
    let server = try LoopbackServer(routes: [a.route: .body(a.json), b.route: .body(b.json)])
    defer { server.stop() }
    let entry = SourceEntry(kind: .doc, url: a.pageURL, follow: SourceEntry.Follow(maxDepth: 10, maxPages: 100))
    let (report, _) = try await refresh([entry], server: server)
    #expect(report.entries.compactMap(\.documentID) == ["doc/kit/a", "doc/kit/b"])
    #expect(server.requestCount(a.route) == 1)
  }

  @Test func aSymbolPageBecomesExactPassagesWithAnchorsAndMetadata() async throws {
    let page = FixtureDocumentationPage(path: "kit/thing/run(_:)", title: "run(_:)", deprecated: true)
    let server = try LoopbackServer(routes: [page.route: .body(page.json)])
    defer { server.stop() }
    let (report, corpus) = try await refresh([SourceEntry(kind: .doc, url: page.pageURL)], server: server)
    #expect(report.entries.map(\.status) == [.added], "\(report.entries)")
    let id = try #require(report.entries.first?.documentID)
    #expect(id.hasPrefix("doc/kit/thing/run-_-"))
    let document = try #require(try corpus.read(id: id))
    let lines = document.passages.map { passage in
      let aside = passage.layout?.aside.map { " (\($0))" } ?? ""
      return "\(passage.anchor ?? "-") \(passage.kind.rawValue)\(aside): \(passage.text)"
    }
    #expect(
      lines == [
        "- text (Deprecated): Use start() instead.",
        "- text: Runs the thing.",
        "- text: Once.",
        "declaration code: func run(_ count: Int) -> Bool",
        "declaration code: - (BOOL)run:(NSInteger)count;",
        "parameters text: count",
        "parameters text: How many times to run.",
        "return-value text: true when every run finished.",
        "discussion text: Call this from the main thread.",
        "discussion text: It returns at once.",
        "discussion text (Important): Never call it twice.",
        "discussion text: Mode",
        "discussion text: Meaning",
        "discussion text: fast",
        "discussion text: Skips checks.",
        "discussion text: On iPhone, it runs in the background.",
        "discussion text: On Mac, it runs in the foreground.",
        "discussion text: First item.",
      ])
    let metadata = try #require(document.documentation)
    #expect(metadata.isDeprecated)
    #expect(metadata.deprecationSummary == "Use start() instead.")
    #expect(metadata.symbolKind == "method")
    #expect(metadata.modules == ["Kit"])
    #expect(metadata.platforms.map(\.summary) == ["iOS 13.0–17.0 (deprecated)", "macOS 10.15–14.0 (deprecated)"])
    #expect(document.sections.map(\.anchor) == ["declaration", "parameters", "return-value", "discussion"])
  }

  @Test func refreshAsksConditionallyAndGonePagesAreKeptAndMarked() async throws {
    let page = FixtureDocumentationPage(path: "kit/thing", title: "Thing")
    let server = try LoopbackServer(routes: [
      page.route: .sequence([
        .entity(page.json, etag: "\"v1\"", lastModified: nil), .entity(page.json, etag: "\"v1\"", lastModified: nil),
        .status(404),
      ])
    ])
    defer { server.stop() }
    let entry = SourceEntry(kind: .doc, url: page.pageURL)
    let (first, corpus) = try await refresh([entry], server: server)
    #expect(first.entries.map(\.status) == [.added])
    let (second, _) = try await refresh([entry], server: server, corpus: corpus)
    #expect(second.entries.map(\.status) == [.unchanged])
    #expect(server.requests(for: page.route).last?.headers["if-none-match"] == "\"v1\"")
    let (third, _) = try await refresh([entry], server: server, corpus: corpus)
    #expect(third.entries.map(\.status) == [.gone])
    #expect(try corpus.read(id: "doc/kit/thing")?.isRemovedUpstream == true)
  }

  @Test func aPageAnsweringForAnotherIsRefused() async throws {
    var page = FixtureDocumentationPage(path: "kit/thing", title: "Thing")
    page.identifierPath = "Kit/Other"
    let server = try LoopbackServer(routes: [page.route: .body(page.json)])
    defer { server.stop() }
    let (report, corpus) = try await refresh([SourceEntry(kind: .doc, url: page.pageURL)], server: server)
    #expect(report.entries.map(\.status) == [.failed])
    #expect(report.entries.first?.error?.contains("another page") == true)
    #expect(try corpus.read(id: "doc/kit/thing") == nil)
  }
}

/// Apple's own render JSON, served in place from the conformance data: a structure with
/// methods (Swift's Array) and a deprecated method (NSData's getBytes(_:)).
@Suite(.enabled(if: ConformanceData.shouldRun)) struct AppleDocumentationWalkTests {
  @Test func harvestsAppleStructureAndDeprecatedMethod() async throws {
    let array = "/tutorials/data/documentation/swift/array.json"
    let getBytes = "/tutorials/data/documentation/foundation/nsdata/getbytes(_:).json"
    let server = try LoopbackServer(routes: [
      array: .fixture(try ConformanceData.url("docc/apple/documentation__swift__array.json")),
      getBytes: .fixture(try ConformanceData.url("docc/apple/documentation__foundation__nsdata__getbytes.json")),
    ])
    defer { server.stop() }
    let walk = try WalkHarness()
    let mirror = SiteMirror([SiteMirror.mapping(parsing: "https://developer.apple.com=\(server.baseURL)")!])
    let entries = [
      SourceEntry(
        kind: .doc, url: "https://developer.apple.com/documentation/swift/array",
        follow: SourceEntry.Follow(maxDepth: 1, maxPages: 3)),
      SourceEntry(kind: .doc, url: "https://developer.apple.com/documentation/foundation/nsdata/getbytes(_:)"),
    ]
    let report = await Refresher(fetcher: SiteFetcher(client: walk.client, mirror: mirror), corpus: walk.corpus)
      .refresh(SourceList(sources: entries))
    #expect(report.entries.count == 4, "the root, two children (not served) and the method: \(report.entries)")
    let structure = try #require(try walk.corpus.read(id: "doc/swift/array"))
    #expect(structure.documentation?.symbolKind == "struct")
    #expect(structure.documentation?.isDeprecated == false)
    #expect(structure.passages.first { $0.anchor == "declaration" }?.text == "@frozen struct Array<Element>")
    #expect(structure.sections.contains { $0.anchor == "overview" })
    let id = try #require(report.entries.last?.documentID)
    let method = try #require(try walk.corpus.read(id: id))
    #expect(method.title == "getBytes(_:)")
    #expect(method.documentation?.modules == ["Foundation"])
    #expect(method.documentation?.isDeprecated == true)
    #expect(
      method.passages.first?.text
        == "This method is unsafe because it could potentially cause buffer overruns.")
    #expect(method.passages.first?.layout?.aside == "Deprecated")
    #expect(
      method.passages.contains { $0.kind == .code && $0.text == "func getBytes(_ buffer: UnsafeMutableRawPointer)" })
  }
}
