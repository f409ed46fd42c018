import Citations
import Foundation
import HTTPServing
import KnowledgeBase

/// The knowledge base over HTTP: the JSON API under `/api/`, MCP (Streamable HTTP) at
/// `/mcp`, and the static files it was given (a web page, with `/opensearch.xml` for its
/// search when it has one at `/`). Read-only: nothing it answers
/// changes the corpus. Every request reads the index through one `IndexCache`, so a refresh
/// while it runs is picked up by the next request.
public struct KnowledgeServer: Sendable {
  public struct Configuration: Sendable {
    /// Required on `/api/` and `/mcp` when set; must be set beyond loopback.
    public var token: BearerToken?
    /// Served as they are, by exact path; `/` answers 404 when none is given for it.
    public var staticFiles: [StaticFile]
    public var serverVersion: String
    public var limits: HTTPServerLimits

    public init(
      token: BearerToken? = nil, staticFiles: [StaticFile] = [], serverVersion: String,
      limits: HTTPServerLimits = HTTPServerLimits()
    ) {
      self.token = token
      self.staticFiles = staticFiles
      self.serverVersion = serverVersion
      self.limits = limits
    }
  }

  let gate: RequestGate
  let api: APIRoutes
  let mcp: MCPEndpoint
  let files: [String: StaticFile]

  /// `log` hears what a reader of the server's log should know (index rebuilt, stale, …).
  public init(
    indexes: IndexCache, address: ListenAddress, configuration: Configuration,
    status: @escaping @Sendable () throws -> any Encodable & Sendable,
    log: @escaping @Sendable (String) -> Void
  ) {
    gate = RequestGate(token: configuration.token, isLoopback: address.isLoopback)
    api = APIRoutes(
      indexes: indexes,
      status: { () throws(APIFailure) -> any Encodable & Sendable in
        do { return try status() } catch { throw APIFailure(status: 500, "the status cannot be read: \(error)") }
      })
    mcp = MCPEndpoint(
      indexes: indexes, serverVersion: configuration.serverVersion, sessions: MCPSessions(), status: status, log: log)
    files = Dictionary(configuration.staticFiles.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Starts listening; beyond loopback only with a token.
  public static func start(
    indexes: IndexCache, address: ListenAddress, port: Int, configuration: Configuration,
    status: @escaping @Sendable () throws -> any Encodable & Sendable,
    log: @escaping @Sendable (String) -> Void, accessLog: @escaping @Sendable (AccessLogEntry) -> Void
  ) throws(KnowledgeServerError) -> HTTPServer {
    guard address.isLoopback || configuration.token != nil else { throw .tokenRequired(host: address.host) }
    let site = KnowledgeServer(
      indexes: indexes, address: address, configuration: configuration, status: status, log: log)
    do {
      return try HTTPServer(address: address, port: port, limits: configuration.limits, log: accessLog) {
        site.answer($0)
      }
    } catch {
      throw .server(error)
    }
  }

  public func answer(_ request: ServerRequest) -> ServerResponse {
    let isAPI = request.path.hasPrefix("/api/") || request.path == "/api"
    let isMCP = request.path == "/mcp"
    if let refusal = gate.refusal(request, needsToken: isAPI || isMCP) {
      return isMCP ? MCPEndpoint.httpError(refusal.status, refusal.message).with(refusal.headers) : refusal.response
    }
    if isMCP { return mcp.answer(request) }
    if isAPI { return api.answer(request) }
    // The page's search as a browser's search engine, where there is a page.
    if request.path == OpenSearchDescription.path, files["/"] != nil { return OpenSearchDescription.response(request) }
    guard let file = files[request.path] else {
      return ServerResponse(status: 404, contentType: "text/plain; charset=utf-8", text: "Not found\n")
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return ServerResponse(
        status: 405, headers: [("Allow", "GET, HEAD"), ("Content-Type", "text/plain; charset=utf-8")],
        body: Array("Method not allowed\n".utf8))
    }
    return ServerResponse(
      status: 200,
      headers: [
        ("Content-Type", file.contentType), ("X-Content-Type-Options", "nosniff"),
        (
          "Content-Security-Policy",
          "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        ),
        ("Cache-Control", "no-cache"),
      ], body: file.bytes)
  }
}

extension ServerResponse {
  func with(_ extra: [(name: String, value: String)]) -> ServerResponse {
    var copy = self
    copy.headers += extra
    return copy
  }
}
