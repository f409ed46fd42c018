import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

/// HTTP/2 over TLS with a private CA, through nginx on 127.0.0.1 (skipped without nginx).
@Suite(.enabled(if: LoopbackTLSFront.isAvailable, "needs nginx and openssl"))
struct HTTPTLSTests {
  @Test func multiplexesManyRequestsOnOneConnection() async throws {
    let origin = try LoopbackServer(
      fallback: .handler { .delayed(milliseconds: 20, .body("segment \($0.path)")) })
    let front = try LoopbackTLSFront(origin: origin)
    let client = try HTTPClient(
      configuration: HTTPClientConfiguration(allowedHosts: HostAllowList(["127.0.0.1"]), caFile: front.caFile))
    let requests = (0..<60).map { HTTPRequest(url: front.url("/s/\($0)")) }
    let results = await client.fetchAll(requests)
    for (index, result) in results.enumerated() {
      #expect((try? result.get().text) == "segment /s/\(index)")
    }
    let stats = client.stats
    #expect(stats.http2Responses == 60)
    #expect(stats.connectionsOpened == 1)
    #expect(stats.maxRequestsInFlight > 1)
  }

  @Test func conditionalRequestOverHTTP2() async throws {
    let origin = try LoopbackServer(routes: ["/p": .entity("v1", etag: "\"e1\"", lastModified: nil)])
    let front = try LoopbackTLSFront(origin: origin)
    let client = try HTTPClient(
      configuration: HTTPClientConfiguration(allowedHosts: HostAllowList(["127.0.0.1"]), caFile: front.caFile))
    let first = try await client.fetch(front.url("/p"))
    #expect(first.etag == "\"e1\"")
    let second = try await client.fetch(HTTPRequest(url: front.url("/p"), etag: first.etag))
    #expect(second.isNotModified)
  }

  @Test func refusesAServerItCannotVerify() async throws {
    let origin = try LoopbackServer(routes: ["/a": .body("x")])
    let front = try LoopbackTLSFront(origin: origin)
    let client = try HTTPClient(
      configuration: HTTPClientConfiguration(allowedHosts: HostAllowList(["127.0.0.1"]), retry: .standard))
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(front.url("/a")) }
    guard case .transport(_, let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 60)  // CURLE_PEER_FAILED_VERIFICATION, and not retried
    #expect(origin.totalRequestCount == 0)
    #expect(client.stats.requestsSent == 1)
  }
}
