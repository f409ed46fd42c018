import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

@Suite struct HTTPLimitTests {
  @Test func timesOutASlowResponse() async throws {
    let server = try LoopbackServer(routes: ["/slow": .delayed(milliseconds: 5_000, .body("late"))])
    let client = try makeLoopbackClient(totalTimeout: .milliseconds(200))
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/slow")) }
    guard case .timeout(let url, _) = error else {
      Issue.record("expected a timeout, got \(String(describing: error))")
      return
    }
    #expect(url == server.url("/slow"))
  }

  @Test func detectsATruncatedBody() async throws {
    let server = try LoopbackServer(routes: ["/t": .truncated(declaredLength: 100, body: "short")])
    let client = try makeLoopbackClient()
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/t")) }
    #expect(error == .truncated(url: server.url("/t"), expectedBytes: 100, receivedBytes: 5))
  }

  @Test(
    "Refuses a body over the size limit",
    arguments: [
      LoopbackResponse.body(String(repeating: "x", count: 5_000)),  // Content-Length known up front
      LoopbackResponse.unsized(String(repeating: "x", count: 5_000)),  // found while reading
      LoopbackResponse.gzipped(String(repeating: "x", count: 5_000)),
    ])
  func refusesOversizedBody(response: LoopbackResponse) async throws {
    let server = try LoopbackServer(routes: ["/big": response])
    let client = try makeLoopbackClient(maxBodyBytes: 1_000)
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/big")) }
    #expect(error == .responseTooLarge(url: server.url("/big"), limitBytes: 1_000))
  }

  @Test func refusesEndlessHeaders() async throws {
    var headers: [String: String] = [:]
    for index in 0..<4_000 { headers["X-Filler-\(index)"] = String(repeating: "f", count: 80) }
    let server = try LoopbackServer(routes: ["/h": .status(200, headers: headers)])
    let client = try makeLoopbackClient()
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(server.url("/h")) }
    #expect(error == .responseTooLarge(url: server.url("/h"), limitBytes: 256 * 1024))
  }

  @Test func perRequestLimitOverridesTheClients() async throws {
    let server = try LoopbackServer(routes: ["/big": .unsized(String(repeating: "x", count: 5_000))])
    let client = try makeLoopbackClient(maxBodyBytes: 1_000)
    let response = try await client.fetch(HTTPRequest(url: server.url("/big"), maxBodyBytes: 10_000))
    #expect(response.body.count == 5_000)
  }

  @Test func acceptsABodyExactlyAtTheLimit() async throws {
    let server = try LoopbackServer(routes: ["/edge": .unsized(String(repeating: "x", count: 1_000))])
    let client = try makeLoopbackClient(maxBodyBytes: 1_000)
    let response = try await client.fetch(server.url("/edge"))
    #expect(response.body.count == 1_000)
  }

  @Test func reportsARefusedConnection() async throws {
    // A port bound but never listening: a stopped server's port could be given to another
    // test's server before the fetch.
    let refusing = try RefusingPort()
    let url = refusing.url("/gone")
    let client = try makeLoopbackClient()
    let error = await httpError { () async throws(HTTPError) in try await client.fetch(url) }
    withExtendedLifetime(refusing) {}
    guard case .transport(_, let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(code == 7)  // CURLE_COULDNT_CONNECT
  }

  @Test func unreadableCAFileIsAConfigurationError() {
    #expect(throws: HTTPError.self) {
      _ = try HTTPClient(configuration: HTTPClientConfiguration(caFile: "/nonexistent/ca.pem"))
    }
  }
}
