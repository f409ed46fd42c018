import Citations
import Foundation
import HTTPServing
import JSON
import KnowledgeBase
import MCPServer

/// MCP over Streamable HTTP at `/mcp` (2025-11-25 basic/transports): a POST carries one
/// JSON-RPC message (or a batch, where the revision allows it) and gets its response as
/// JSON, or as one server-sent event when the client accepts only `text/event-stream`;
/// notifications and responses get 202. `initialize` opens a session named by the
/// `Mcp-Session-Id` response header, which every later request of it carries; DELETE ends
/// it. A request naming protocol 2026-07-28 in its `_meta` needs no session. The messages
/// are handled by `MCPServer`, as on stdio. GET (a stream of server-initiated messages) is
/// not offered: 405.
struct MCPEndpoint: Sendable {
  let indexes: IndexCache
  let serverVersion: String
  let sessions: MCPSessions
  let status: MCPServer.StatusProvider
  let log: @Sendable (String) -> Void

  static let sessionHeader = "Mcp-Session-Id"

  func answer(_ request: ServerRequest) -> ServerResponse {
    switch request.method {
    case "POST": return post(request)
    case "DELETE":
      guard let id = request.header(Self.sessionHeader) else {
        return Self.httpError(400, "DELETE /mcp needs the \(Self.sessionHeader) header of the session to end")
      }
      guard sessions.close(id) else { return Self.httpError(404, "no session \(id): it ended or never began") }
      return ServerResponse(status: 204)
    default:
      var response = APIFailure.methodNotAllowed(request.method, allowed: ["POST", "DELETE"]).response
      response.status = 405
      return response
    }
  }

  func post(_ request: ServerRequest) -> ServerResponse {
    let accept = request.header("accept")?.lowercased() ?? "application/json"
    let acceptsJSON = accept.contains("application/json") || accept.contains("*/*") || accept.contains("application/*")
    let acceptsEvents = accept.contains("text/event-stream")
    guard acceptsJSON || acceptsEvents else {
      return Self.httpError(
        406, "MCP answers in application/json or text/event-stream; the Accept header allows neither")
    }
    guard request.mediaType == "application/json" else {
      return Self.httpError(
        415, "an MCP message is sent as application/json, not \(request.mediaType ?? "no Content-Type")")
    }
    if let version = request.header("mcp-protocol-version"), !ProtocolRevision.all.contains(version) {
      return Self.httpError(
        400,
        "unsupported MCP-Protocol-Version \(version); this server speaks \(ProtocolRevision.all.joined(separator: ", "))"
      )
    }
    let message = JSONValue.decode(Data(request.body))
    var headers: [(name: String, value: String)] = []
    let responseLine: String?
    if Self.isInitialize(message) {
      let server = MCPServer(indexes: indexes, serverVersion: serverVersion, status: status, log: log)
      guard let opened = sessions.open(server, client: request.clientAddress ?? "-") else {
        return Self.httpError(
          503,
          "too many MCP sessions are open and none is idle: end one with DELETE /mcp, or try again in a minute"
        ).with([("Retry-After", "60")])
      }
      headers.append((Self.sessionHeader, opened.id))
      responseLine = opened.session.respond(request.body)
    } else if let id = request.header(Self.sessionHeader) {
      guard let session = sessions.session(id) else {
        return Self.httpError(404, "no session \(id): it ended or never began; send initialize again")
      }
      responseLine = session.respond(request.body)
    } else if message == nil || Self.isStateless(message) {
      // Stateless (2026-07-28), or not JSON at all (the server words the parse error).
      responseLine = MCPServer(indexes: indexes, serverVersion: serverVersion, status: status, log: log).respond(
        to: .message(request.body))
    } else {
      return Self.httpError(
        400,
        "no \(Self.sessionHeader) header: send initialize first, or name protocol \(ProtocolRevision.modern[0]) in params._meta"
      )
    }
    guard let responseLine else { return ServerResponse(status: 202, headers: headers) }
    let status = message == nil ? 400 : 200
    if acceptsJSON {
      return ServerResponse(
        status: status, contentType: "application/json", text: responseLine + "\n", headers: headers)
    }
    return ServerResponse(
      status: status, contentType: "text/event-stream", text: "event: message\ndata: \(responseLine)\n\n",
      headers: headers + [("Cache-Control", "no-store")])
  }

  static func isInitialize(_ message: JSONValue?) -> Bool {
    message?["method"] == .string("initialize") && message?["id"] != nil
  }

  /// A message (or every message of a batch) that names a stateless protocol revision in
  /// its `_meta`, or a ping.
  static func isStateless(_ message: JSONValue?) -> Bool {
    guard let message else { return false }
    if let batch = message.arrayValue { return !batch.isEmpty && batch.allSatisfy { isStateless($0) } }
    if message["method"] == .string("ping") { return true }
    return message["params"]?["_meta"]?["io.modelcontextprotocol/protocolVersion"] != nil
  }

  /// A transport-level refusal: a JSON-RPC error without an id, in an HTTP error status.
  static func httpError(_ status: Int, _ message: String) -> ServerResponse {
    let body: JSONValue = ["jsonrpc": "2.0", "id": .null, "error": ["code": -32600, "message": .string(message)]]
    return ServerResponse(status: status, contentType: "application/json", text: body.encodedLine() + "\n")
  }
}
