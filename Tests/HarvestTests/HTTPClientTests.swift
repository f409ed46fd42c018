import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

@Suite struct HTTPClientTests {
  @Test func reusesOneConnectionForSequentialRequests() async throws {
    let server = try LoopbackServer(routes: ["/a": .body("x")])
    let client = try makeLoopbackClient()
    for _ in 0..<10 {
      let response = try await client.fetch(server.url("/a"))
      #expect(response.status == 200)
      #expect(response.text == "x")
    }
    #expect(server.requestCount("/a") == 10)
    #expect(server.connectionCount < 10)
    #expect(client.stats.connectionsOpened < 10)
    #expect(client.stats.requestsSent == 10)
  }

  @Test func sendsUserAgentAndAcceptEncoding() async throws {
    let server = try LoopbackServer(routes: ["/a": .body("x")])
    let client = try makeLoopbackClient()
    _ = try await client.fetch(server.url("/a"))
    let request = try #require(server.requests(for: "/a").first)
    #expect(request.header("User-Agent") == "duo-kb/\(HTTPClientConfiguration.version)")
    #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
    #expect(request.header("If-None-Match") == nil)
  }

  @Test("Decodes gzip bodies", arguments: [0, 10, 200_000])
  func decodesGzip(length: Int) async throws {
    let text = String(repeating: "Hello, world. ", count: length / 14 + 1).prefix(length)
    let server = try LoopbackServer(routes: ["/z": .gzipped(String(text))])
    let client = try makeLoopbackClient()
    let response = try await client.fetch(server.url("/z"))
    #expect(response.headers["content-encoding"] == "gzip")
    #expect(response.text == String(text))
  }

  @Test func headersAreCaseInsensitive() async throws {
    let server = try LoopbackServer(routes: ["/h": .body("x", headers: ["X-Thing": "one", "ETag": "\"v1\""])])
    let client = try makeLoopbackClient()
    let response = try await client.fetch(server.url("/h"))
    #expect(response.headers["x-thing"] == "one")
    #expect(response.headers["X-THING"] == "one")
    #expect(response.etag == "\"v1\"")
  }

  @Test func headRequestHasNoBody() async throws {
    let server = try LoopbackServer(routes: ["/h": .body("a body")])
    let client = try makeLoopbackClient()
    let response = try await client.fetch(HTTPRequest(url: server.url("/h"), isHead: true))
    #expect(response.status == 200)
    #expect(response.body.isEmpty)
    #expect(server.requests(for: "/h").first?.method == "HEAD")
  }

  @Test func fetchesManyConcurrentlyAndReturnsThemInOrder() async throws {
    let count = 120
    let server = try LoopbackServer(
      routes: [:],
      fallback: .handler { request in .delayed(milliseconds: 5, .body("segment \(request.path)")) })
    let client = try makeLoopbackClient()
    let requests = (0..<count).map { HTTPRequest(url: server.url("/s/\($0)")) }
    let results = await client.fetchAll(requests, maxConcurrent: 40)
    #expect(results.count == count)
    for (index, result) in results.enumerated() {
      #expect((try? result.get().text) == "segment /s/\(index)")
    }
    #expect(server.totalRequestCount == count)
    #expect(client.stats.maxRequestsInFlight > 1)
    #expect(client.stats.maxRequestsInFlight <= 40)
    // At most maxConnectionsPerHost (6) connections, however many requests are in flight.
    #expect(server.connectionCount <= 6)
  }

  @Test func fetchAllReportsEachFailureInPlace() async throws {
    let server = try LoopbackServer(routes: ["/ok": .body("ok"), "/missing": .status(404)])
    let client = try makeLoopbackClient()
    let results = await client.fetchAll(
      [
        HTTPRequest(url: server.url("/ok")), HTTPRequest(url: server.url("/missing")),
        HTTPRequest(url: "https://example.com/"),
      ])
    #expect((try? results[0].get().text) == "ok")
    #expect(throws: HTTPError.status(code: 404, url: server.url("/missing"))) { try results[1].get() }
    #expect(throws: HTTPError.hostNotAllowed(url: "https://example.com/", host: "example.com")) {
      try results[2].get()
    }
  }

  @Test func cancellingTheTaskCancelsTheTransfer() async throws {
    let server = try LoopbackServer(routes: ["/slow": .delayed(milliseconds: 10_000, .body("late"))])
    let client = try makeLoopbackClient()
    let url = server.url("/slow")
    let task = Task { await httpError { () async throws(HTTPError) in try await client.fetch(url) } }
    try await awaitCondition("the request to reach the server") { server.requestCount("/slow") > 0 }
    task.cancel()
    #expect(await task.value == .cancelled(url: url))
  }

  @Test func alreadyCancelledTaskDoesNotSend() async throws {
    let server = try LoopbackServer(routes: ["/a": .body("x")])
    let client = try makeLoopbackClient()
    let url = server.url("/a")
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await httpError { () async throws(HTTPError) in try await client.fetch(url) }
    }
    #expect(await task.value == .cancelled(url: url))
    #expect(server.requestCount("/a") == 0)
  }

  @Test func cancellingABatchCancelsEveryTransfer() async throws {
    let server = try LoopbackServer(fallback: .delayed(milliseconds: 10_000, .body("late")))
    let client = try makeLoopbackClient()
    let requests = (0..<30).map { HTTPRequest(url: server.url("/slow/\($0)")) }
    // Four in flight: fewer than the six connections, so all four reach the server.
    let task = Task { await client.fetchAll(requests, maxConcurrent: 4) }
    try await awaitCondition("four requests in flight") { server.totalRequestCount >= 4 }
    task.cancel()
    let results = await task.value
    #expect(results.count == 30)
    for (request, result) in zip(requests, results) {
      #expect(throws: HTTPError.cancelled(url: request.url)) { try result.get() }
    }
    // The four in flight were sent; the rest never were.
    #expect(server.totalRequestCount == 4)
  }

  @Test func servesManyOriginsAtOnce() async throws {
    let servers = try (0..<3).map { index in
      try LoopbackServer(fallback: .handler { .body("server \(index) \($0.path)") })
    }
    let client = try makeLoopbackClient()
    let requests = (0..<60).map { HTTPRequest(url: servers[$0 % 3].url("/item/\($0)")) }
    let results = await client.fetchAll(requests)
    for (index, result) in results.enumerated() {
      #expect((try? result.get().text) == "server \(index % 3) /item/\(index)")
    }
    for server in servers { #expect(server.totalRequestCount == 20) }
  }

  @Test(
    "Takes the CA file from SSL_CERT_FILE unless one is given",
    arguments: [
      (nil as String?, ["SSL_CERT_FILE": "env.pem"], "env.pem" as String?),
      ("given.pem", ["SSL_CERT_FILE": "env.pem"], "given.pem"),
      (nil, ["SSL_CERT_FILE": ""], nil),
      (nil, [:], nil),
    ])
  func caFileFromEnvironment(given: String?, environment: [String: String], expected: String?) {
    let configuration = HTTPClientConfiguration(caFile: given).withEnvironmentCAFile(environment)
    #expect(configuration.caFile == expected)
  }
}
