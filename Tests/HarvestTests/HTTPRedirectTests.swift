import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

@Suite struct HTTPRedirectTests {
  @Test func followsARedirectChain() async throws {
    let server = try LoopbackServer(routes: [
      "/r1": .redirect(to: "/r2", status: 301),
      "/r2": .redirect(to: "/r3", status: 307),
      "/r3": .body("arrived"),
    ])
    let client = try makeLoopbackClient()
    let response = try await client.fetch(server.url("/r1"))
    #expect(response.text == "arrived")
    #expect(response.finalURL == server.url("/r3"))
    #expect(response.requestedURL == server.url("/r1"))
    #expect(response.redirectCount == 2)
  }

  @Test(
    "Resolves a relative Location against the URL that sent it",
    arguments: [
      ("next", "/dir/next"),
      ("../up", "/up"),
      ("/root", "/root"),
    ])
  func resolvesRelativeLocation(location: String, path: String) async throws {
    let server = try LoopbackServer(routes: [
      "/dir/start": .status(302, headers: ["Location": location]),
      path: .body("here"),
    ])
    let client = try makeLoopbackClient()
    let response = try await client.fetch(server.url("/dir/start"))
    #expect(response.text == "here")
    #expect(response.finalURL == server.url(path))
  }

  @Test func stopsARedirectLoop() async throws {
    let server = try LoopbackServer(routes: ["/loop": .redirect(to: "/loop")])
    let client = try makeLoopbackClient(retry: RetryPolicy(maxAttempts: 3))
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/loop")) }
    #expect(error == .tooManyRedirects(url: server.url("/loop"), limit: 5))
    // The first request and five redirects, and no retry.
    #expect(server.requestCount("/loop") == 6)
  }

  @Test(
    "Refuses a redirect to a host outside the allow-list",
    arguments: [
      ("http://example.invalid/x", "example.invalid"),
      ("https://localhost/x", "localhost"),  // the same machine, but not an allowed name
    ])
  func refusesRedirectToDisallowedHost(location: String, host: String) async throws {
    let server = try LoopbackServer(routes: ["/away": .redirect(to: location)])
    let client = try makeLoopbackClient()
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/away")) }
    #expect(error == .hostNotAllowed(url: location, host: host))
  }

  @Test(
    "Refuses a host outside the allow-list before connecting",
    arguments: [
      "https://example.com/", "http://developer.apple.com.evil.test/", "http://127.0.0.2/",
      "http://127.0.0.1@example.com/",  // userinfo before the real host
      "http://localhost/",
    ])
  func refusesDisallowedHost(url: String) async throws {
    let client = try makeLoopbackClient()
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(url) }
    guard case .hostNotAllowed(let failing, _) = error else {
      Issue.record("expected hostNotAllowed, got \(String(describing: error))")
      return
    }
    #expect(failing == url)
    #expect(client.stats.requestsSent == 0)
  }

  @Test("Rejects what is not an http(s) URL", arguments: ["ftp://127.0.0.1/x", "not a url", "/relative", ""])
  func rejectsInvalidURL(url: String) async throws {
    let client = try makeLoopbackClient()
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(url) }
    #expect(error == .invalidURL(url))
  }
}
