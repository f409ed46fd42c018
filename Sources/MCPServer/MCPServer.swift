import Citations
import JSON
import KnowledgeBase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The knowledge base as a Model Context Protocol server: reads newline-delimited JSON-RPC
/// messages from a `MessageSource` and writes one line per response to `output`. It never
/// writes anything else there; what it has to say to people goes to `log` (stderr).
///
/// Dual-era (2026-07-28 basic/versioning): a request whose `_meta` names a protocol version
/// is served statelessly under that revision; an `initialize` selects a legacy revision for
/// the rest of the process. One message is handled at a time, in order.
public final class MCPServer {
  public let serverName = "duo-kb"
  public let serverVersion: String
  /// The knowledge base's status (`duo-kb status --format json`), for the `status` tool.
  public typealias StatusProvider = @Sendable () throws -> any Encodable & Sendable

  let indexes: IndexCache
  let status: StatusProvider?
  let tools: [Tool]
  let log: (String) -> Void
  /// The revision an `initialize` chose; nil until one arrives.
  private(set) var legacyRevision: String?

  public convenience init(
    knowledgeBase: KnowledgeBase, serverVersion: String, status: StatusProvider? = nil,
    log: @escaping (String) -> Void = { _ in }
  ) {
    self.init(
      indexes: IndexCache(knowledgeBase: knowledgeBase, log: log), serverVersion: serverVersion, status: status,
      log: log)
  }

  /// A server over an index cache it may share with others (the sessions of an HTTP server).
  public init(
    indexes: IndexCache, serverVersion: String, status: StatusProvider? = nil,
    log: @escaping (String) -> Void = { _ in }
  ) {
    self.serverVersion = serverVersion
    self.log = log
    self.indexes = indexes
    self.status = status
    tools = ToolCatalog.tools
  }

  /// Serves until the input ends (the client closed stdin: MCP stdio "Shutdown").
  public func run(input: inout some MessageSource, output: (String) -> Void) {
    while let line = input.nextLine() {
      if let response = respond(to: line) { output(response) }
    }
  }

  /// The response line to one input line, or nil (notifications and responses get none).
  public func respond(to line: InputLine) -> String? {
    switch line {
    case .oversized(let byteCount):
      log("dropped a message of \(byteCount) bytes: longer than the line limit")
      let error = ProtocolError.invalidRequest(
        "a message of \(byteCount) bytes is longer than this server reads",
        data: ["byteCount": .int(byteCount)])
      return JSONRPC.error(id: nil, error).encodedLine()
    case .message(let bytes):
      return respond(toMessage: bytes)?.encodedLine()
    }
  }

  func respond(toMessage bytes: [UInt8]) -> JSONValue? {
    let value: JSONValue
    do { value = try JSONValue.parse(Data(bytes)) } catch {
      return JSONRPC.error(id: nil, .parseError(Self.parseFailure(error, bytes)))
    }
    guard case .array(let batch) = value else { return handle(value) }
    guard !batch.isEmpty else { return JSONRPC.error(id: nil, .invalidRequest("an empty batch")) }
    guard ProtocolRevision.allowsBatches(legacyRevision) else {
      return JSONRPC.error(
        id: nil,
        .invalidRequest(
          "JSON-RPC batches are not part of MCP \(legacyRevision ?? ProtocolRevision.modern[0]); send one message a line"
        ))
    }
    let responses = batch.compactMap(handle)
    return responses.isEmpty ? nil : .array(responses)
  }

  /// Why a message is not JSON, in a few words.
  static func parseFailure(_ error: JSONScanError, _ bytes: [UInt8]) -> String {
    if case .nestedTooDeep(_, let limit) = error { return "nested deeper than \(limit) arrays or objects" }
    return String(validating: bytes, as: UTF8.self) == nil ? "not UTF-8" : "not valid JSON"
  }

  /// One message: a response to a request, or nil for notifications.
  func handle(_ message: JSONValue) -> JSONValue? {
    switch JSONRPC.classify(message) {
    case .invalid(let id, let error):
      return JSONRPC.error(id: id, error)
    case .response(let id):
      log("ignored a response (id \(id?.encodedLine() ?? "none")): this server sends no requests")
      return nil
    case .notification(let method, _):
      if method == "notifications/initialized" || method == "notifications/cancelled" { return nil }
      log("ignored notification \(method)")
      return nil
    case .request(let id, let method, let params):
      do {
        return JSONRPC.result(id: id, try answer(method, params: params))
      } catch {
        return JSONRPC.error(id: id, error)
      }
    }
  }

  /// The result of one request, in the era its `_meta` (or the process's `initialize`) says.
  func answer(_ method: String, params: [String: JSONValue]) throws(ProtocolError) -> JSONValue {
    if method == "initialize" { return try initialize(params) }
    let meta = params["_meta"]?.objectValue ?? [:]
    if let requested = meta[ProtocolRevision.versionKey] {
      guard case .string(let version) = requested else {
        throw .invalidParams("_meta \"\(ProtocolRevision.versionKey)\" must be a string")
      }
      guard ProtocolRevision.modern.contains(version) else {
        // 2026-07-28 basic/versioning, "Protocol Version Negotiation".
        throw ProtocolError(
          code: -32022, message: "Unsupported protocol version \(version)",
          data: ["supported": .array(ProtocolRevision.all.map(JSONValue.string)), "requested": .string(version)])
      }
      guard meta[ProtocolRevision.capabilitiesKey]?.objectValue != nil else {
        throw .invalidParams("_meta lacks \"\(ProtocolRevision.capabilitiesKey)\" (an object), required in \(version)")
      }
      guard case .object(var result) = try dispatch(method, params: params, revision: version) else {
        throw .internalError("a result that is not an object")
      }
      result["resultType"] = "complete"
      var resultMeta = result["_meta"]?.objectValue ?? [:]
      resultMeta[ProtocolRevision.serverInfoKey] = serverInfo
      result["_meta"] = .object(resultMeta)
      return .object(result)
    }
    if method == "ping" { return [:] }
    guard let revision = legacyRevision else {
      throw .invalidParams(
        "no protocol version: send initialize first, or put \"\(ProtocolRevision.versionKey)\" and "
          + "\"\(ProtocolRevision.capabilitiesKey)\" in params._meta (protocol \(ProtocolRevision.modern[0]))")
    }
    return try dispatch(method, params: params, revision: revision)
  }

  func dispatch(_ method: String, params: [String: JSONValue], revision: String) throws(ProtocolError) -> JSONValue {
    let isModern = ProtocolRevision.modern.contains(revision)
    switch method {
    case "server/discover" where isModern:
      return discoverResult
    case "tools/list":
      let structured = ProtocolRevision.hasStructuredContent(revision)
      return cacheable(
        ["tools": .array(tools.map { $0.listing(structured: structured) })], ttlMilliseconds: 3_600_000, isModern)
    case "tools/call":
      return try callTool(params, revision: revision)
    case "resources/list":
      let cursor = try optionalString(params, "cursor")
      return cacheable(try DocumentResources.list(listingIndex(), cursor: cursor), ttlMilliseconds: 60_000, isModern)
    case "prompts/list":
      return cacheable(["prompts": .array(PromptCatalog.prompts.map(\.listing))], ttlMilliseconds: 3_600_000, isModern)
    case "prompts/get":
      return try PromptCatalog.get(params)
    case "resources/templates/list":
      return cacheable(DocumentResources.templates, ttlMilliseconds: 3_600_000, isModern)
    case "resources/read":
      return cacheable(try readResource(params, isModern: isModern), ttlMilliseconds: 60_000, isModern)
    default:
      throw .methodNotFound(method)
    }
  }

  func initialize(_ params: [String: JSONValue]) throws(ProtocolError) -> JSONValue {
    guard case .string(let requested)? = params["protocolVersion"] else {
      throw .invalidParams("initialize needs 'protocolVersion' (a string)")
    }
    let revision = ProtocolRevision.negotiate(requested: requested)
    legacyRevision = revision
    log("initialized with protocol \(revision) (the client asked for \(requested))")
    return [
      "protocolVersion": .string(revision), "capabilities": capabilities, "serverInfo": serverInfo,
      "instructions": .string(ToolCatalog.instructions),
    ]
  }

  var capabilities: JSONValue {
    [
      "tools": ["listChanged": false], "resources": ["subscribe": false, "listChanged": false],
      "prompts": ["listChanged": false],
    ]
  }

  var serverInfo: JSONValue {
    [
      "name": .string(serverName), "title": "duo-kb: Apple's talks and HIG, quoted exactly",
      "version": .string(serverVersion),
    ]
  }

  /// 2026-07-28 server/discover.
  var discoverResult: JSONValue {
    [
      "supportedVersions": .array(ProtocolRevision.all.map(JSONValue.string)), "capabilities": capabilities,
      "instructions": .string(ToolCatalog.instructions), "ttlMs": 3_600_000, "cacheScope": "private",
    ]
  }

  /// 2026-07-28 results of list and read methods carry caching hints (`CacheableResult`).
  func cacheable(_ result: JSONValue, ttlMilliseconds: Int, _ isModern: Bool) -> JSONValue {
    guard isModern, case .object(var members) = result else { return result }
    members["ttlMs"] = .int(ttlMilliseconds)
    members["cacheScope"] = "private"
    return .object(members)
  }

  func optionalString(_ params: [String: JSONValue], _ key: String) throws(ProtocolError) -> String? {
    switch params[key] {
    case nil, .null?: return nil
    case .string(let value)?: return value
    case let other?: throw .invalidParams("'\(key)' must be a string, not \(other.typeName)")
    }
  }
}
