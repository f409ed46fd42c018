import Foundation
import HTTPServing
import KnowledgeServer
import Testing

/// What a client that misbehaves gets: refusals with fitting statuses, never a server that
/// stops answering others.
@Suite(.serialized) struct ServerFaultTests {
  @Test("A body declared larger than the limit is refused with 413 before it is read")
  func declaredOversizedBody() throws {
    let fixture = try ServerFixture()
    let connection = try RawConnection(port: fixture.server.port)
    connection.send(
      "POST /api/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/markdown\r\nContent-Length: 100000\r\n\r\n")
    let response = try #require(connection.response())
    #expect(response.status == 413)
    #expect(try fixture.client.get("/api/search?q=toolbar").status == 200)
  }

  @Test("A chunked body that grows past the limit is refused with 413")
  func chunkedOversizedBody() throws {
    let fixture = try ServerFixture()
    let connection = try RawConnection(port: fixture.server.port)
    connection.send(
      "POST /api/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/markdown\r\nTransfer-Encoding: chunked\r\n"
        + "Connection: close\r\n\r\n")
    let chunk = String(repeating: "a", count: 1000)
    for _ in 0..<6 { connection.send("3e8\r\n\(chunk)\r\n") }
    connection.send("0\r\n\r\n")
    let response = try #require(connection.response())
    #expect(response.status == 413)
  }

  @Test("A request whose head never completes is closed at the idle limit; others are answered meanwhile")
  func slowRequestIsCut() throws {
    let fixture = try ServerFixture()
    let slow = try RawConnection(port: fixture.server.port)
    slow.send("GET /api/search?q=toolbar HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    #expect(try fixture.client.get("/api/search?q=toolbar").status == 200)
    // The server closes the connection (the idle limit is 1 s here): no response, end of stream.
    #expect(slow.readAll().isEmpty)
  }

  @Test("A body that is not UTF-8, or of the wrong type, is refused with the reason")
  func badBodies() throws {
    let fixture = try ServerFixture()
    let binary = try fixture.client.request(
      "POST", "/api/verify", headers: [("Content-Type", "text/plain")], body: [0xFF, 0xFE, 0x00])
    #expect(binary.status == 400)
    #expect(binary.errorMessage == "the document is not UTF-8")
    let untyped = try fixture.client.request("POST", "/api/verify", body: Array("text".utf8))
    #expect(untyped.status == 415)
  }

  @Test("With a token, the API and MCP refuse requests without it or with another, in constant time")
  func tokenIsRequired() throws {
    let fixture = try ServerFixture(token: "s3cret-token", staticFiles: [StaticFileFixture.page])
    let none = try fixture.client.get("/api/status")
    #expect(none.status == 401)
    #expect(none.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
    #expect(none.errorMessage == "this server needs its token: send 'Authorization: Bearer TOKEN'")
    let wrong = try fixture.client.get("/api/status", headers: [("Authorization", "Bearer s3cret-tokem")])
    #expect(wrong.status == 401)
    #expect(wrong.errorMessage == "the token sent is not this server's")
    let longer = try fixture.client.get("/api/status", headers: [("Authorization", "Bearer s3cret-token2")])
    #expect(longer.status == 401)
    let right = try fixture.client.get("/api/status", headers: [("Authorization", "Bearer s3cret-token")])
    #expect(right.status == 200)
    let mcp = try fixture.client.post(
      "/mcp", contentType: "application/json", #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
    #expect(mcp.status == 401)
    // The page itself carries no data; it asks for the token.
    #expect(try fixture.client.get("/").status == 200)
  }

  @Test("Listening beyond loopback with a token, a request without it is refused")
  func beyondLoopbackRefusesRequestsWithoutTheToken() throws {
    let fixture = try ServerFixture(token: "team-token", host: "0.0.0.0")
    let none = try fixture.client.get("/api/search?q=toolbar")
    #expect(none.status == 401)
    let mcp = try fixture.client.post(
      "/mcp", contentType: "application/json", #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
    #expect(mcp.status == 401)
    let right = try fixture.client.get("/api/search?q=toolbar", headers: [("Authorization", "Bearer team-token")])
    #expect(right.status == 200)
  }

  @Test("Listening beyond loopback without a token does not start")
  func beyondLoopbackNeedsAToken() throws {
    let fixture = try ServerFixture()
    #expect(throws: KnowledgeServerError.tokenRequired(host: "0.0.0.0")) {
      _ = try KnowledgeServer.start(
        indexes: .init(knowledgeBase: fixture.knowledgeBase), address: try ListenAddress(host: "0.0.0.0"), port: 0,
        configuration: .init(serverVersion: "9.9.9"), status: { 0 }, log: { _ in }, accessLog: { _ in })
    }
  }

  @Test("Another site's Origin, or a Host that is not loopback (DNS rebinding), is refused with 403")
  func originAndHostAreChecked() throws {
    let fixture = try ServerFixture()
    let port = fixture.server.port
    let evil = try fixture.client.get("/api/status", headers: [("Origin", "http://evil.example:\(port)")])
    #expect(evil.status == 403)
    let mcp = try fixture.client.post(
      "/mcp", contentType: "application/json", #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
      headers: [("Origin", "https://evil.example")])
    #expect(mcp.status == 403)
    #expect(try fixture.client.get("/api/status", headers: [("Origin", "http://localhost:\(port)")]).status == 200)
    #expect(try fixture.client.get("/api/status", headers: [("Origin", "http://127.0.0.1:\(port)")]).status == 200)
    let connection = try RawConnection(port: port)
    connection.send("GET /api/status HTTP/1.1\r\nHost: evil.example:\(port)\r\nConnection: close\r\n\r\n")
    #expect(connection.response()?.status == 403)
  }

  @Test("After stop, the server answers nothing more on its port")
  func stopCloses() throws {
    let fixture = try ServerFixture()
    let port = fixture.server.port
    #expect(try fixture.client.get("/api/status").status == 200)
    fixture.server.stop()
    // Usually refused; but the freed port may at once be given to another test's server, which
    // would answer. What must hold is that this server answers nothing more: a request it
    // answered would be in its log.
    let answered = (try? RawHTTPClient(port: port).get("/api/status?after-stop")) != nil
    #expect(!fixture.accessLog.contains { $0.contains("after-stop") }, "answered: \(answered)")
  }
}
