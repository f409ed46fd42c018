import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

/// Documentation pages end to end: a loopback site laid out as Apple's serves real render
/// JSON (Swift Argument Parser's framework root, an article and a protocol) and a
/// deprecated method; `add --follow` with a bound and `refresh` harvest them, then search,
/// quote, cite, verify and audit answer from them.
@Suite struct DocumentationCommandTests {
  static let fixtures = ConformanceData.repositoryRoot.appendingPathComponent(
    "Tests/HarvestTests/Fixtures/documentation")
  static let deprecated = FixtureDocumentationPage(path: "kit/thing/run(_:)", title: "run(_:)", deprecated: true)

  static func site() throws -> LoopbackServer {
    func file(_ path: String, _ name: String) -> (String, LoopbackResponse) {
      ("/tutorials/data/documentation/\(path).json", .fixture(fixtures.appendingPathComponent(name)))
    }
    return try LoopbackServer(
      routes: Dictionary(uniqueKeysWithValues: [
        file("argumentparser", "argumentparser.json"),
        file("argumentparser/gettingstarted", "argumentparser__gettingstarted.json"),
        file("argumentparser/asyncparsablecommand", "argumentparser__asyncparsablecommand.json"),
        (deprecated.route, .body(deprecated.json)),
      ]))
  }

  @Test func harvestSearchQuoteCiteVerifyAndAudit() async throws {
    let server = try Self.site()
    defer { server.stop() }
    let scratch = try ScratchDirectory()
    let environment = ["DUO_KB_HOME": scratch.url.path, "SOURCE_DATE_EPOCH": "1789516800"]
    func run(_ arguments: [String], stdin: String = "") async -> CLIRun {
      await runCLI(arguments, in: scratch.url, environment: environment, stdin: stdin)
    }
    let add = await run([
      "add", "https://developer.apple.com/documentation/argumentparser", "--follow", "--depth", "1", "--max-pages", "3",
    ])
    #expect(add.status == .success, "\(add.stderr)")
    #expect(add.stdout.contains("following: depth 1, at most 3 pages"))
    #expect(await run(["add", Self.deprecated.pageURL]).status == .success)
    let refresh = await run([
      "refresh", "--allow-host", "127.0.0.1", "--mirror", "https://developer.apple.com=\(server.baseURL)",
    ])
    #expect(refresh.status != .usage, "\(refresh.stderr)")
    // The bound: the root and the first two pages its topic sections list.
    #expect(server.requestCount("/tutorials/data/documentation/argumentparser/asyncparsablecommand.json") == 0)

    let search = await run(["search", "kind:doc", "ArgumentParser", "package"])
    #expect(search.status == .success, "\(search.stderr)")
    #expect(search.stdout.contains("doc/argumentparser/gettingstarted#"))
    #expect(search.stdout.contains("https://developer.apple.com/documentation/argumentparser/gettingstarted#"))

    let flagged = await run(["search", "framework:Kit", "platform:iOS", "main", "thread"])
    #expect(flagged.status == .success, "\(flagged.stderr)")
    #expect(flagged.stdout.contains("[deprecated API: not to be cited as current]"))
    let none = await run(["search", "framework:Kit", "platform:watchOS", "main", "thread"])
    #expect(none.status == .failure)
    let json = await run(["search", "kind:doc", "main", "thread", "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let first = (object?["results"] as? [[String: Any]])?.first
    let source = first?["source"] as? [String: Any]
    #expect(source?["kind"] as? String == "doc")
    #expect(source?["deprecated"] as? Bool == true)
    #expect(source?["framework"] as? String == "Kit")
    let citation = try #require(first?["citation"] as? String)
    #expect(citation.hasPrefix("doc/kit/thing/run-_-") && citation.contains("#discussion"), "\(citation)")

    let quote = await run(["quote", citation])
    #expect(quote.status == .success, "\(quote.stderr)")
    #expect(quote.stdout.contains("Call this from the main thread."))
    let declaration = String(citation.prefix { $0 != "#" }) + "#declaration"
    let code = await run(["quote", declaration])
    #expect(code.stdout.contains("func run(_ count: Int) -> Bool"), "\(code.stdout)")

    for format in ["markdown", "text", "json", "csl-json", "bibtex", "ris"] {
      let cite = await run(["cite", citation, "--format", format])
      #expect(cite.status == .success, "\(format): \(cite.stderr)")
      #expect(cite.stdout.contains("Apple Developer Documentation"), "\(format): \(cite.stdout)")
    }
    let text = await run(["cite", citation, "--format", "text"])
    #expect(text.stdout.contains("accessed 2026-09-16"), "\(text.stdout)")
    #expect(text.stdout.contains("deprecated API"), "\(text.stdout)")
    #expect(await run(["cite", citation, "--format", "bibtex"]).stdout.contains("addendum = {Deprecated}"))

    // What cite writes verifies; a changed word is a misquote; another page is the wrong source.
    let cited = await run(["cite", citation, "--format", "markdown"]).stdout
    let page = "https://developer.apple.com/documentation/kit/thing/run%28_:%29"
    let writeUp = """
      \(cited)

      Apple also says: “Call this from any thread.” ([run(_:)](\(page)#discussion))

      And: “Call this from the main thread.” ([Getting Started](https://developer.apple.com/documentation/argumentparser/gettingstarted))

      By id: “Call this from the main thread.” (\(citation))
      """
    let verify = await run(["verify", "-", "--format", "json"], stdin: writeUp)
    let report = try JSONSerialization.jsonObject(with: Data(verify.stdout.utf8)) as? [String: Any]
    let statuses = (report?["quotations"] as? [[String: Any]])?.compactMap { $0["status"] as? String }
    #expect(statuses == ["verified", "misquoted", "wrong-source", "verified"], "\(cited)\n\(verify.stdout)")

    try scratch.write("- Call it from the main thread\n  - query: main thread\n", to: "checklist.md")
    let audit = await run(["audit", "checklist.md"])
    #expect(audit.stdout.contains("Call this from the main thread."), "\(audit.stdout)")
    #expect(audit.stdout.contains("Apple Developer Documentation"), "\(audit.stdout)")
  }
}
