import Foundation
import HTTPServing
import Testing

@testable import KnowledgeServer

/// `/opensearch.xml` and `/?q=`: the page's search as a browser's search engine, over
/// loopback HTTP.
@Suite struct OpenSearchTests {
  @Test func theDescriptionNamesThisServersSearchPage() throws {
    let fixture = try ServerFixture(staticFiles: [StaticFileFixture.page])
    let response = try fixture.client.get("/opensearch.xml")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/opensearchdescription+xml; charset=utf-8")
    let text = String(decoding: response.body, as: UTF8.self)
    let origin = "http://127.0.0.1:\(fixture.server.port)"
    #expect(text.contains(#"<Url type="text/html" method="get" template="\#(origin)/?q={searchTerms}"/>"#))
    #expect(text.contains("<ShortName>duo-kb</ShortName>"))
    #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#) && text.hasSuffix("</OpenSearchDescription>\n"))
    #expect(text.components(separatedBy: "template=").count == 2, "one search template")
    #expect(try fixture.client.request("POST", "/opensearch.xml").status == 405)
  }

  @Test func noPageNoDescription() throws {
    let fixture = try ServerFixture()
    #expect(try fixture.client.get("/opensearch.xml").status == 404)
  }

  @Test func aSearchAddressServesThePage() throws {
    let page = StaticFileFixture.page
    let fixture = try ServerFixture(staticFiles: [page])
    let response = try fixture.client.get("/?q=scrolling+content&kind=talk")
    #expect(response.status == 200 && response.body == page.bytes)
  }

  @Test(
    "Only a host[:port] is written into the description",
    arguments: [
      ("127.0.0.1:8700", true), ("localhost", true), ("[::1]:8700", true), ("kb.example:80", true),
      ("", false), ("a\"/><x", false), ("a b", false), ("a/b", false), ("a&b", false),
      (String(repeating: "a", count: 256), false),
    ])
  func authority(text: String, accepted: Bool) {
    #expect(OpenSearchDescription.isAuthority(text) == accepted)
  }
}
