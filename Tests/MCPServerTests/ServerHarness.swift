import Citations
import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import JSON
import KnowledgeBase
import MCPServer

/// A server over a small corpus written to a scratch home directory, driven in-process.
final class ServerHarness {
  let scratch: ScratchFolder
  let home: URL
  let server: MCPServer
  private(set) var logs: [String] = []

  init(documents: [Document] = TestCorpus.documents, status: MCPServer.StatusProvider? = nil) throws {
    scratch = try ScratchFolder("mcp-tests")
    home = scratch.appending("home")
    let knowledgeBase = KnowledgeBase(home: home)
    try FileManager.default.createDirectory(at: knowledgeBase.corpus.directory, withIntermediateDirectories: true)
    for document in documents { try knowledgeBase.corpus.write(document) }
    var sink: (String) -> Void = { _ in }
    server = MCPServer(knowledgeBase: knowledgeBase, serverVersion: "9.9.9", status: status, log: { sink($0) })
    sink = { [unowned self] in logs.append($0) }
  }

  /// The response to one raw line, decoded; nil when there is none.
  func send(_ line: String) -> JSONValue? {
    send(bytes: Array(line.utf8))
  }

  func send(bytes: [UInt8]) -> JSONValue? {
    guard let response = server.respond(to: .message(bytes)) else { return nil }
    precondition(!response.contains("\n"), "a response line holds a newline")
    return JSONValue.decode(Data(response.utf8))
  }

  func send(_ message: JSONValue) -> JSONValue? { send(message.encodedLine()) }

  /// A request's response (`result` or `error` object, whole).
  func request(_ method: String, _ params: JSONValue? = nil, id: JSONValue = 1) -> JSONValue {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": id, "method": .string(method)]
    if let params { message["params"] = params }
    return send(.object(message)) ?? .null
  }

  /// A 2026-07-28 request: its `_meta` names the revision and the client's capabilities.
  func modern(_ method: String, _ params: [String: JSONValue] = [:], version: String = "2026-07-28") -> JSONValue {
    var params = params
    params["_meta"] = [
      "io.modelcontextprotocol/protocolVersion": .string(version),
      "io.modelcontextprotocol/clientCapabilities": [:],
      "io.modelcontextprotocol/clientInfo": ["name": "tests", "version": "1"],
    ]
    return request(method, .object(params))
  }

  /// Runs the `initialize` handshake; returns the negotiated revision.
  @discardableResult
  func initialize(_ version: String = "2025-11-25") -> String? {
    let response = request(
      "initialize",
      ["protocolVersion": .string(version), "capabilities": [:], "clientInfo": ["name": "tests", "version": "1"]])
    _ = send(["jsonrpc": "2.0", "method": "notifications/initialized"])
    return response["result"]?["protocolVersion"]?.stringValue
  }

  /// `tools/call` in the legacy era (after `initialize`).
  func call(_ tool: String, _ arguments: JSONValue) -> JSONValue {
    request("tools/call", ["name": .string(tool), "arguments": arguments])
  }
}

/// A talk and a HIG page in the shapes the corpus stores.
enum TestCorpus {
  static let talkURL = "https://developer.apple.com/videos/play/wwdc2026/101/"
  static let pageURL = "https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo"
  static let scrollingQuote = "Continuous scrolling content like articles, feeds, and lists don’t displace."

  static let talk = Document(
    id: "wwdc2026/101", kind: .talk, title: "Meet iPhone Duo", url: talkURL, event: "wwdc2026", year: 2026,
    passages: [
      Passage(
        kind: .speech, text: "Welcome to the session.", startMilliseconds: 5_000, endMilliseconds: 7_000,
        heading: "Introduction", speaker: "Anna"),
      Passage(
        kind: .speech, text: "Two displays change how people hold the phone.", startMilliseconds: 8_000,
        endMilliseconds: 11_500, heading: "Introduction", speaker: "Anna"),
      Passage(
        kind: .speech, text: scrollingQuote, startMilliseconds: 226_400, endMilliseconds: 231_400,
        heading: "Layout", speaker: "Maria"),
      Passage(
        kind: .code, text: "let bar = Toolbar(placement: .vertical)", startMilliseconds: 240_000,
        endMilliseconds: 250_000, heading: "Layout"),
    ])

  static let page = Document(
    id: "hig/designing-for-iphone-duo", kind: .hig, title: "Designing for iPhone Duo", url: pageURL,
    summary: "Two displays, one device.",
    passages: [
      Passage(kind: .text, text: "iPhone Duo has two displays joined by a hinge."),
      Passage(
        kind: .text, text: "Keep primary actions within reach of either thumb.", anchor: "Best-practices",
        heading: "Best practices"),
      Passage(kind: .text, text: "Place a vertical toolbar along the hinge.", anchor: "Toolbars", heading: "Toolbars"),
    ],
    sections: [
      SectionHeading(title: "Best practices", anchor: "Best-practices", level: 2),
      SectionHeading(title: "Toolbars", anchor: "Toolbars", level: 3),
    ])

  static let documents = [talk, page]
}
