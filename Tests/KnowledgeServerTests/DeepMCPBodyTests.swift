import Foundation
import HTTPServing
import Testing

/// POST /mcp with a body nested deeper than the JSON module's limit (64) is refused before it
/// is decoded; one level less is served.
@Suite(.serialized) struct DeepMCPBodyTests {
  static let limit = 64

  /// A stateless ping whose params hold `depth` arrays inside one another (2 levels are the message's).
  static func ping(nesting depth: Int) -> String {
    #"{"jsonrpc":"2.0","id":7,"method":"ping","params":{"ignored":"#
      + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}"
  }

  func post(_ fixture: ServerFixture, _ body: String) throws -> RawResponse {
    try fixture.client.post("/mcp", contentType: "application/json", body, headers: [("Accept", "application/json")])
  }

  @Test("Nesting up to the limit is served; one level more is a 400 parse error that says so")
  func limit() throws {
    let fixture = try ServerFixture()
    let served = try post(fixture, Self.ping(nesting: Self.limit - 2))
    #expect(served.status == 200)
    #expect(served.object["result"] != nil)
    let refused = try post(fixture, Self.ping(nesting: Self.limit - 1))
    #expect(refused.status == 400)
    #expect((refused.object["error"] as? [String: Any])?["code"] as? Int == -32700)
    #expect(refused.errorMessage == "Parse error: nested deeper than \(Self.limit) arrays or objects")
  }

  /// The issue's figure was 3.5 s for 1 KB and 190 s for 20 KB; the bound is generous for a
  /// loaded machine.
  @Test("A 20 KB deep body is refused at once, and the server goes on serving")
  func twentyKilobytes() throws {
    var limits = ServerFixture.limits
    limits.maximumBodyBytes = 64 << 10
    let fixture = try ServerFixture(limits: limits)
    let body = Self.ping(nesting: 10_000)
    #expect(body.utf8.count >= 20_000)
    let clock = ContinuousClock()
    let started = clock.now
    for _ in 0..<8 { #expect(try post(fixture, body).status == 400) }
    #expect(clock.now - started < .seconds(4))
    #expect(try post(fixture, Self.ping(nesting: 1)).status == 200)
  }
}
