import DuoKBTestSupport
import Foundation
import Testing

/// A talk whose page links to documentation pages: `quote` of the talk (a moment or the
/// whole talk) names them with their `doc/…` ids, marking those the corpus holds.
@Suite struct TalkDocumentationTests {
  static let page = FixtureDocumentationPage(path: "kit/thing/run(_:)", title: "run(_:)")

  static func site() throws -> (FixtureSite, FixtureTalk) {
    var talk = NumberedTalks.talk(20_100)
    talk.documentationLinks = [
      ("run(_:)", "/documentation/kit/thing/run(_:)"), ("Other Kit", "/documentation/otherkit"),
    ]
    return (try FixtureSite(talks: [talk], extra: [page.route: page.json]), talk)
  }

  @Test func quoteOfATalkNamesItsRelatedDocumentation() async throws {
    let (site, talk) = try Self.site()
    defer { site.server.stop() }
    let scratch = try ScratchDirectory()
    let environment = ["DUO_KB_HOME": scratch.url.path, "SOURCE_DATE_EPOCH": "1789516800"]
    func run(_ arguments: [String]) async -> CLIRun { await runCLI(arguments, environment: environment) }
    #expect(await run(["add", site.pageURL(talk)]).status == .success)
    #expect(await run(["add", site.url("/documentation/kit/thing/run(_:)")]).status == .success)
    let refresh = await run(["refresh", "--allow-host", "127.0.0.1"])
    #expect(refresh.status == .success, "\(refresh.stderr)")

    let moment = await run(["quote", "wwdc2025/20100@0:01"])
    #expect(moment.status == .success, "\(moment.stderr)")
    #expect(
      moment.stdout.hasSuffix(
        """

        Related documentation:
          run(_:)  \(site.url("/documentation/kit/thing/run(_:)"))  doc/kit/thing/run-_-1e5884a1 (in corpus)
          Other Kit  \(site.url("/documentation/otherkit"))  doc/otherkit

        """), "\(moment.stdout)")
    let overview = await run(["quote", "wwdc2025/20100"])
    #expect(overview.stdout.contains("Related documentation:\n  run(_:)  "), "\(overview.stdout)")

    let json = await run(["quote", "wwdc2025/20100@0:01", "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let related = object?["relatedDocumentation"] as? [[String: Any]]
    #expect(related?.count == 2)
    #expect(related?.first?["id"] as? String == "doc/kit/thing/run-_-1e5884a1")
    #expect(related?.first?["inCorpus"] as? Bool == true)
    #expect(related?.last?["inCorpus"] as? Bool == false)
    let overviewJSON = await run(["quote", "wwdc2025/20100", "--format", "json"])
    #expect(overviewJSON.stdout.contains("\"relatedDocumentation\""))
    let markdown = await run(["quote", "wwdc2025/20100@0:01", "--format", "markdown"])
    #expect(markdown.stdout.contains("Related documentation:\n\n- ["), "\(markdown.stdout)")

    // A page's quote has no such list, and a talk without links prints as before.
    let pageQuote = await run(["quote", "doc/kit/thing/run-_"])
    #expect(!pageQuote.stdout.contains("Related documentation"))
  }

  @Test func aTalkWithoutLinksQuotesAsBefore() async throws {
    let talk = NumberedTalks.talk(20_101)
    let site = try FixtureSite(talks: [talk])
    defer { site.server.stop() }
    let scratch = try ScratchDirectory()
    let environment = ["DUO_KB_HOME": scratch.url.path]
    #expect(await runCLI(["add", site.pageURL(talk)], environment: environment).status == .success)
    _ = await runCLI(["refresh", "--allow-host", "127.0.0.1"], environment: environment)
    let json = await runCLI(["quote", "wwdc2025/20101@0:01", "--format", "json"], environment: environment)
    #expect(json.status == .success, "\(json.stderr)")
    #expect(!json.stdout.contains("relatedDocumentation"))
    let text = await runCLI(["quote", "wwdc2025/20101@0:01"], environment: environment)
    #expect(!text.stdout.contains("Related documentation"))
  }

  @Test func addFollowOfATalkTakesItsDocumentationPagesWithinTheBound() async throws {
    let (site, talk) = try Self.site()
    defer { site.server.stop() }
    let scratch = try ScratchDirectory()
    let environment = ["DUO_KB_HOME": scratch.url.path, "SOURCE_DATE_EPOCH": "1789516800"]
    func run(_ arguments: [String]) async -> CLIRun { await runCLI(arguments, environment: environment) }
    let add = await run(["add", site.pageURL(talk), "--follow", "--max-pages", "1"])
    #expect(add.status == .success, "\(add.stderr)")
    #expect(add.stdout.contains("(following: depth 0, at most 1 pages)"), "\(add.stdout)")
    let refresh = await run(["refresh", "--allow-host", "127.0.0.1"])
    #expect(refresh.status == .success, "\(refresh.stdout)\(refresh.stderr)")
    // The bound: the first page the talk links to, not the second.
    #expect(site.server.requestCount("/documentation/otherkit") == 0)
    #expect(site.server.requestCount("/tutorials/data/documentation/otherkit.json") == 0)
    let page = await run(["quote", "doc/kit/thing/run-_-1e5884a1"])
    #expect(page.status == .success, "\(page.stderr)")
    let moment = await run(["quote", "wwdc2025/20100@0:01"])
    #expect(moment.stdout.contains("doc/kit/thing/run-_-1e5884a1 (in corpus)"), "\(moment.stdout)")
  }

  @Test func addFollowOfATalkStatesItsDefaultBound() async throws {
    let scratch = try ScratchDirectory()
    let add = await runCLI(
      ["add", "https://developer.apple.com/videos/play/wwdc2025/280/", "--follow"],
      environment: ["DUO_KB_HOME": scratch.url.path])
    #expect(add.status == .success, "\(add.stderr)")
    #expect(add.stdout.contains("(following: depth 0, at most 10 pages)"), "\(add.stdout)")
  }
}
