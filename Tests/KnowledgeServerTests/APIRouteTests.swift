import Foundation
import Testing

/// The JSON API answers what the CLI's `--format json` prints, on a real server on loopback.
@Suite(.serialized) struct APIRouteTests {
  @Test("search answers exactly what 'duo-kb search --format json' prints")
  func searchMatchesTheCLI() async throws {
    let fixture = try ServerFixture()
    let response = try fixture.client.get("/api/search?q=scrolling+content&limit=5")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    let cli = await fixture.cli(["search", "scrolling content", "--limit", "5", "--format", "json"])
    #expect(cli.status == 0)
    #expect(decodedJSON(response.body) == decodedJSON(cli.stdout))
    #expect((response.object["total"] as? Int) == 2)
  }

  @Test("kind, event, year and lang are added to the query as its filters")
  func filtersJoinTheQuery() async throws {
    let fixture = try ServerFixture()
    let response = try fixture.client.get("/api/search?q=scrolling&event=wwdc2024&year=2024&kind=talk&lang=en")
    let cli = await fixture.cli(["search", "scrolling kind:talk event:wwdc2024 lang:en year:2024", "--format", "json"])
    #expect(decodedJSON(response.body) == decodedJSON(cli.stdout))
    let results = response.object["results"] as? [[String: Any]] ?? []
    #expect(results.map { ($0["source"] as? [String: Any])?["id"] as? String } == ["wwdc2024/900002"])
    let bad = try fixture.client.get("/api/search?q=scrolling&event=wwdc%202024")
    #expect(bad.status == 400)
    #expect(bad.errorMessage?.contains("'event' takes one word") == true)
    let badKind = try fixture.client.get("/api/search?q=scrolling&kind=podcast")
    #expect(badKind.status == 400)
    #expect(badKind.errorMessage?.contains("'kind' takes talk, hig, doc or code, not 'podcast'") == true)
  }

  @Test("A query that does not parse is 400 with the CLI's words and its column")
  func badQueryIs400WithColumn() throws {
    let fixture = try ServerFixture()
    let response = try fixture.client.get("/api/search?q=toolbar+(side")
    #expect(response.status == 400)
    let error = response.object["error"] as? [String: Any]
    #expect(error?["column"] as? Int == 9)
    #expect((error?["message"] as? String)?.hasPrefix("query column 9") == true)
    let missing = try fixture.client.get("/api/search?limit=3")
    #expect(missing.status == 400)
    #expect(missing.errorMessage == "search needs 'q'")
    let limit = try fixture.client.get("/api/search?q=toolbar&limit=0")
    #expect(limit.errorMessage == "'limit' needs a positive whole number, not '0'")
  }

  @Test("quote answers 'duo-kb quote --format json'; an unknown id is 404")
  func quoteMatchesTheCLI() async throws {
    let fixture = try ServerFixture()
    let response = try fixture.client.get("/api/quote?id=tech-talks/900001@0:40&context=1")
    #expect(response.status == 200)
    let cli = await fixture.cli(["quote", "tech-talks/900001@0:40", "--context", "1", "--format", "json"])
    #expect(decodedJSON(response.body) == decodedJSON(cli.stdout))
    let unknown = try fixture.client.get("/api/quote?id=tech-talks/123456@0:40")
    #expect(unknown.status == 404)
    #expect(unknown.errorMessage?.contains("no document 'tech-talks/123456'") == true)
    let malformed = try fixture.client.get("/api/quote?id=%40%40")
    #expect(malformed.status == 400)
  }

  /// A whole document is not quoted; the error offers an id the index holds (a page's first
  /// section, a talk's first moment), and that id, followed, is quoted.
  @Test(arguments: ["hig/testing-layout", "tech-talks/900001"])
  func aWholeDocumentOffersAnIDThatQuotes(id: String) async throws {
    let fixture = try ServerFixture()
    let refused = try fixture.client.get("/api/quote?id=\(id)")
    #expect(refused.status == 400)
    let message = try #require(refused.errorMessage)
    let offered = try #require(message.range(of: "such as ").map { String(message[$0.upperBound...]) })
    #expect(offered.hasPrefix(id + (id.hasPrefix("hig/") ? "#" : "@")), "\(message)")
    let encoded = try #require(offered.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed))
    let followed = try fixture.client.get("/api/quote?id=\(encoded)")
    #expect(followed.status == 200, "\(message) → \(followed.errorMessage ?? "")")
  }

  @Test(
    "cite gives the cite record with the text in the format asked for", arguments: ["markdown", "text", "csl-json"])
  func citeMatchesTheCLI(format: String) async throws {
    let fixture = try ServerFixture()
    let response = try fixture.client.get("/api/cite?id=wwdc2024/900002@1:10&format=\(format)")
    #expect(response.status == 200)
    #expect(response.object["format"] as? String == format)
    let cli = await fixture.cli(["cite", "wwdc2024/900002@1:10", "--format", format])
    #expect((response.object["text"] as? String).map { $0 + "\n" } == cli.stdout)
    let json = await fixture.cli(["cite", "wwdc2024/900002@1:10", "--format", "json"])
    #expect(
      (decodedJSON(json.stdout) as? [String: Any])?["hit"] as? NSDictionary == response.object["hit"] as? NSDictionary)
  }

  @Test("cite of words that no passage has enough of is a 404 naming the closest, as the CLI says it")
  func citeOfWeakWordsIsRefused() async throws {
    let fixture = try ServerFixture()
    let response = try fixture.client.get("/api/cite?id=toolbar%20zebra")
    #expect(response.status == 404)
    let message = try #require(response.errorMessage)
    #expect(message.hasPrefix("no passage has enough of the words of 'toolbar zebra' to cite it"))
    let cli = await fixture.cli(["cite", "toolbar zebra"])
    #expect(cli.status == 1)
    #expect(cli.stdout.isEmpty)
    // Words that are all in one passage are cited, as before.
    #expect(try fixture.client.get("/api/cite?id=toolbar%20outer").status == 200)
  }

  @Test("verify reads the posted document and answers 'duo-kb verify --format json'")
  func verifyMatchesTheCLI() async throws {
    let fixture = try ServerFixture()
    let document = """
      # Review

      Apple says “Scrolling content doesn't need to move.” (tech-talks/900001@0:40)
      and “The toolbar floats above everything.” (wwdc2024/900002@1:10)

      """
    let response = try fixture.client.post("/api/verify", contentType: "text/markdown; charset=utf-8", document)
    #expect(response.status == 200)
    try document.write(to: fixture.home.appendingPathComponent("document"), atomically: true, encoding: .utf8)
    let cli = await fixture.cli(["verify", fixture.home.appendingPathComponent("document").path, "--format", "json"])
    // The CLI names the file by its path; the API calls it "document".
    let expected = Self.naming(decodedJSON(cli.stdout) as? [String: Any] ?? [:])
    let answered = Self.naming(response.object)
    #expect(NSDictionary(dictionary: expected) == NSDictionary(dictionary: answered))
    let statuses = (answered["quotations"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
    #expect(statuses.first == "verified")
    #expect(statuses.count == 2 && statuses[1] != "verified")
    let json = try fixture.client.post("/api/verify", contentType: "application/json", "{}")
    #expect(json.status == 415)
    let get = try fixture.client.get("/api/verify")
    #expect(get.status == 405)
    #expect(get.headers["allow"] == "POST")
  }

  static func naming(_ report: [String: Any]) -> [String: Any] {
    var report = report
    for key in ["quotations", "passedOver"] {
      let items = report[key] as? [[String: Any]] ?? []
      report[key] = items.map { item -> [String: Any] in
        var item = item
        item["file"] = "document"
        return item
      }
    }
    return report
  }

  @Test("documents lists what the index holds, by kind, event, year and language, with filters")
  func documentsList() throws {
    let fixture = try ServerFixture()
    let all = try fixture.client.get("/api/documents")
    #expect(all.status == 200)
    #expect(all.object["total"] as? Int == 3)
    #expect(all.object["kinds"] as? [String: Int] == ["talk": 2, "hig": 1])
    #expect(all.object["years"] as? [String: Int] == ["2024": 1, "2026": 1])
    let talks = try fixture.client.get("/api/documents?kind=talk&event=WWDC24")
    let ids = (talks.object["documents"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    #expect(ids == ["wwdc2024/900002"])
    #expect(talks.object["kinds"] as? [String: Int] == ["talk": 2, "hig": 1])
  }

  @Test("documents/{id} gives every passage with its time or anchor, citation id and deep link")
  func documentWhole() throws {
    let fixture = try ServerFixture()
    let talk = try fixture.client.get("/api/documents/tech-talks/900001")
    #expect(talk.status == 200)
    let passages = talk.object["passages"] as? [[String: Any]] ?? []
    #expect(passages.count == 6)
    #expect(passages[3]["quote"] as? String == "Scrolling content doesn't need to move.")
    #expect(passages[3]["timestamp"] as? String == "0:40")
    #expect(passages[3]["citation"] as? String == "tech-talks/900001@0:40")
    #expect(passages[3]["link"] as? String == "https://developer.apple.com/videos/play/tech-talks/900001/?time=40")
    let page = try fixture.client.get("/api/documents/hig/testing-layout")
    let chapters = (page.object["chapters"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    #expect(chapters == ["Best practices", "Folding"])
    let sections = (page.object["passages"] as? [[String: Any]] ?? []).compactMap { $0["anchor"] as? String }
    #expect(sections == ["Best-practices", "Best-practices", "Folding"])
    let unknown = try fixture.client.get("/api/documents/hig/nothing-here")
    #expect(unknown.status == 404)
    #expect(unknown.errorMessage == "'hig/nothing-here': no document 'hig/nothing-here' in the corpus")
  }

  @Test("status answers what the status provider gives")
  func status() throws {
    let fixture = try ServerFixture()
    let response = try fixture.client.get("/api/status")
    #expect(response.status == 200)
    #expect(response.object["documents"] as? Int == 3)
  }

  @Test("Unknown API paths are 404 JSON, other methods 405, and '/' without a page a plain 404")
  func unknownPathsAndMethods() throws {
    let fixture = try ServerFixture()
    let unknown = try fixture.client.get("/api/nothing")
    #expect(unknown.status == 404)
    #expect(unknown.errorMessage?.hasPrefix("no API at /api/nothing") == true)
    let post = try fixture.client.post("/api/search?q=x", contentType: "text/plain", "x")
    #expect(post.status == 405)
    #expect(post.headers["allow"] == "GET")
    let root = try fixture.client.get("/")
    #expect(root.status == 404)
    #expect(root.headers["content-type"] == "text/plain; charset=utf-8")
    #expect(root.text == "Not found\n")
  }

  @Test("Static files are served by exact path with their content type")
  func staticFiles() throws {
    let page = StaticFileFixture.page
    let fixture = try ServerFixture(staticFiles: [page])
    let response = try fixture.client.get("/")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == page.contentType)
    #expect(response.body == page.bytes)
    #expect(try fixture.client.get("/index.html").status == 404)
  }

  @Test("Each request gets one access-log line")
  func accessLog() throws {
    let fixture = try ServerFixture()
    _ = try fixture.client.get("/api/search?q=toolbar")
    _ = try fixture.client.get("/api/nothing")
    let lines = fixture.accessLog(waitingFor: 2)
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("127.0.0.1 \"GET /api/search?q=toolbar\" 200 ") == true)
    #expect(lines.last?.contains("\"GET /api/nothing\" 404 ") == true)
  }
}
