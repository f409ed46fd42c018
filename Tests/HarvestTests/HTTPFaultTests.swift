import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

/// The client against a server that fails at random, and the server's own controls.
@Suite struct HTTPFaultTests {
  @Test("Every request ends in a response or a typed error under injected faults", arguments: [1, 2, 3])
  func survivesRandomFaults(seed: UInt64) async throws {
    let server = try LoopbackServer(
      fallback: .faults(rate: 0.3, seed: seed, .handler { .body("item \($0.path)") }))
    let retry = RetryPolicy(maxAttempts: 8, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1))
    let client = try makeLoopbackClient(retry: retry)
    let requests = (0..<150).map { HTTPRequest(url: server.url("/item/\($0)")) }
    let results = await client.fetchAll(requests, maxConcurrent: 20)
    var succeeded = 0
    for (index, result) in results.enumerated() {
      switch result {
      case .success(let response):
        #expect(response.text == "item /item/\(index)")
        succeeded += 1
      case .failure(let error):
        #expect(error.isRetryable, "only retryable faults are injected: \(error)")
      }
    }
    // 0.3^8 per request: with 150 requests, all but a freak few succeed.
    #expect(succeeded >= 148)
    #expect(server.totalRequestCount > 150)
    // Each retry reached the server; libcurl itself also resends once on a reused
    // connection that closed without an answer, so the server may see more.
    #expect(client.stats.retries > 0)
    #expect(server.totalRequestCount >= 150 + client.stats.retries)
  }

  @Test func faultsAreTheSameForTheSameSeed() async throws {
    func failures(seed: UInt64) async throws -> [Int] {
      let server = try LoopbackServer(fallback: .faults(rate: 0.5, seed: seed, .body("ok")))
      let client = try makeLoopbackClient()
      // One at a time: libcurl resends a request once when a reused connection closes
      // unanswered, and whether it was reused must not depend on timing.
      let results = await client.fetchAll((0..<40).map { HTTPRequest(url: server.url("/x/\($0)")) }, maxConcurrent: 1)
      return results.indices.filter { (try? results[$0].get()) == nil }
    }
    let first = try await failures(seed: 7)
    #expect(try await failures(seed: 7) == first)
    #expect(!first.isEmpty && first.count < 40)
  }

  @Test func routesCanChangeAndRecordsReset() async throws {
    let server = try LoopbackServer(routes: ["/p": .body("v1")])
    let client = try makeLoopbackClient()
    #expect(try await client.fetch(server.url("/p")).text == "v1")
    server.setRoute("/p", .body("v2"))
    server.resetRecords()
    #expect(try await client.fetch(server.url("/p")).text == "v2")
    #expect(server.requestCount("/p") == 1)
    server.setRoute("/p", nil)
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/p")) }
    #expect(error == .status(code: 404, url: server.url("/p")))
  }
}
