import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

@Suite struct HTTPConditionalTests {
  static let modified = Date(timeIntervalSince1970: 1_700_000_000)

  func makeServer() throws -> LoopbackServer {
    try LoopbackServer(routes: ["/page": .entity("v1", etag: "\"abc\"", lastModified: Self.modified)])
  }

  @Test func firstFetchReturnsValidators() async throws {
    let server = try makeServer()
    let client = try makeLoopbackClient()
    let response = try await client.fetch(server.url("/page"))
    #expect(response.status == 200)
    #expect(!response.isNotModified)
    #expect(response.etag == "\"abc\"")
    #expect(response.lastModified == LoopbackHTTPDate.format(Self.modified))
  }

  @Test(
    "A matching validator gets 304, as a result and not an error",
    arguments: [
      (etag: "\"abc\"" as String?, lastModified: nil as String?),
      (etag: nil, lastModified: "Tue, 14 Nov 2023 22:13:20 GMT"),
      (etag: nil, lastModified: "Wed, 15 Nov 2023 00:00:00 GMT"),
    ])
  func notModified(etag: String?, lastModified: String?) async throws {
    let server = try makeServer()
    let client = try makeLoopbackClient()
    let response = try await client.fetch(
      HTTPRequest(url: server.url("/page"), etag: etag, lastModified: lastModified))
    #expect(response.isNotModified)
    #expect(response.body.isEmpty)
    #expect(client.stats.notModified == 1)
    let sent = try #require(server.requests(for: "/page").first)
    #expect(sent.header("If-None-Match") == etag)
    #expect(sent.header("If-Modified-Since") == lastModified)
  }

  @Test(
    "A stale validator gets the new body",
    arguments: [
      (etag: "\"old\"" as String?, lastModified: nil as String?),
      (etag: nil, lastModified: "Mon, 13 Nov 2023 00:00:00 GMT"),
      // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
      (etag: "\"old\"", lastModified: "Wed, 15 Nov 2023 00:00:00 GMT"),
    ])
  func modified(etag: String?, lastModified: String?) async throws {
    let server = try makeServer()
    let client = try makeLoopbackClient()
    let response = try await client.fetch(
      HTTPRequest(url: server.url("/page"), etag: etag, lastModified: lastModified))
    #expect(response.status == 200)
    #expect(response.text == "v1")
  }
}
