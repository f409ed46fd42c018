import Citations
import Corpus
import DocumentModel
import JSON
import SearchIndex

extension MCPServer {
  /// `tools/call`: an unknown tool or a malformed request is a protocol error; arguments that
  /// do not fit the tool's input schema, and failures of the tool, are tool execution errors
  /// so that a model can correct itself (2025-11-25 server/tools, "Error Handling").
  func callTool(_ params: [String: JSONValue], revision: String) throws(ProtocolError) -> JSONValue {
    guard case .string(let name)? = params["name"] else {
      throw .invalidParams("tools/call needs 'name' (a string)")
    }
    guard let tool = tools.first(where: { $0.name == name }) else {
      throw .invalidParams(
        "Unknown tool: \(name) (this server has \(tools.map(\.name).joined(separator: ", ")))",
        data: ["tool": .string(name)])
    }
    var arguments: [String: JSONValue] = [:]
    switch params["arguments"] {
    case nil, .null?: break
    case .object(let object)?: arguments = object
    case let other?: throw .invalidParams("'arguments' must be an object, not \(other.typeName)")
    }
    if let problem = SchemaValidator.violation(of: .object(arguments), against: tool.inputSchema) {
      return failure("Invalid arguments for \(name): \(problem).")
    }
    do {
      let output = try runRepairing(tool, arguments)
      var result: [String: JSONValue] = [
        "content": [["type": "text", "text": .string(output.text)]], "isError": false,
      ]
      if ProtocolRevision.hasStructuredContent(revision) { result["structuredContent"] = output.structured }
      return .object(result)
    } catch {
      log("\(name): \(error.message)")
      return failure(error.message)
    }
  }

  /// Runs a tool; when it finds the index damaged, rebuilds the index once and runs it again.
  func runRepairing(_ tool: Tool, _ arguments: [String: JSONValue]) throws(ToolFailure) -> ToolOutput {
    do {
      return try tool.run(ToolContext(indexes: indexes, status: status), arguments)
    } catch {
      guard let damage = error.indexDamage else { throw error }
      do { try indexes.repair(damage) } catch { throw ToolFailure(error) }
      return try tool.run(ToolContext(indexes: indexes, status: status), arguments)
    }
  }

  func failure(_ message: String) -> JSONValue {
    ["content": [["type": "text", "text": .string(message)]], "isError": true]
  }

  /// `resources/read`. An unknown document is -32002 before 2026-07-28 and -32602 from it
  /// (2026-07-28 changelog, minor change 6).
  func readResource(_ params: [String: JSONValue], isModern: Bool) throws(ProtocolError) -> JSONValue {
    guard case .string(let uri)? = params["uri"] else { throw .invalidParams("resources/read needs 'uri' (a string)") }
    let notFound = ProtocolError(
      code: isModern ? -32602 : -32002, message: "Resource not found: \(uri)", data: ["uri": .string(uri)])
    guard let id = DocumentResources.documentID(uri: uri) else { throw notFound }
    let document: Document?
    do throws(CorpusError) {
      document = try indexes.knowledgeBase.corpus.read(id: id)
    } catch {
      throw .internalError("cannot read \(uri): \(error.description)")
    }
    guard let document else { throw notFound }
    return [
      "contents": [
        [
          "uri": .string(uri), "mimeType": .string(DocumentResources.mimeType),
          "text": .string(DocumentMarkdown.render(document)),
        ]
      ]
    ]
  }

  /// The index for listing resources; an empty corpus lists nothing rather than failing.
  func listingIndex() throws(ProtocolError) -> SearchIndex? {
    do {
      return try indexes.current()
    } catch {
      if case .emptyCorpus = error { return nil }
      throw .internalError(ToolFailure(error).message)
    }
  }
}
