import Citations
import DocumentModel
import DuoKBCLI
import DuoKBTestSupport
import Foundation
import HTTPServing
import KnowledgeBase
import KnowledgeServer

/// A knowledge base of the citation fixtures in a scratch home, served on 127.0.0.1 (or
/// `host`; the client always connects through loopback) at a port the system picks, with small limits so that faults are quick to reach.
final class ServerFixture: @unchecked Sendable {
  let scratch: ScratchFolder
  let home: URL
  let knowledgeBase: KnowledgeBase
  let server: HTTPServer
  let client: RawHTTPClient
  private let lines = LineLog()

  static let documents = [CitationFixtures.designTalk(), CitationFixtures.toolbarTalk(), CitationFixtures.layoutPage()]
  static let limits = HTTPServerLimits(
    maximumBodyBytes: 4096, headTimeoutSeconds: 2, idleTimeoutSeconds: 1, requestTimeoutSeconds: 5,
    maximumConnections: 16,
    maximumConnectionsPerAddress: 16, threads: 2)

  init(
    token: String? = nil, staticFiles: [StaticFile] = [], limits: HTTPServerLimits = ServerFixture.limits,
    documents: [Document] = ServerFixture.documents, host: String = "127.0.0.1"
  ) throws {
    scratch = try ScratchFolder("serve-tests")
    home = scratch.appending("home")
    knowledgeBase = KnowledgeBase(home: home)
    try FileManager.default.createDirectory(at: knowledgeBase.corpus.directory, withIntermediateDirectories: true)
    try Data(#"{"version": 1, "sources": []}"#.utf8).write(to: knowledgeBase.corpus.sourcesFile)
    for document in documents { try knowledgeBase.corpus.write(document) }
    let indexes = IndexCache(knowledgeBase: knowledgeBase)
    let configuration = KnowledgeServer.Configuration(
      token: token.flatMap(BearerToken.init), staticFiles: staticFiles, serverVersion: "9.9.9", limits: limits)
    let base = knowledgeBase
    let lines = lines
    server = try KnowledgeServer.start(
      indexes: indexes, address: try ListenAddress(host: host), port: 0, configuration: configuration,
      status: { ["documents": (try? base.corpus.readReadable().documents.count) ?? -1] }, log: { _ in },
      accessLog: { lines.append($0.line) })
    client = RawHTTPClient(port: server.port)
  }

  var accessLog: [String] { lines.lines }

  /// The access log once it has `count` lines, or after 10 s: a request is logged when its
  /// answer has been sent, which a client may see a moment before.
  func accessLog(waitingFor count: Int) -> [String] {
    try? awaitCondition("\(count) lines of access log", timeout: .seconds(10)) { lines.lines.count >= count }
    return lines.lines
  }

  /// What `duo-kb ARGUMENTS --home HOME` prints, in-process.
  func cli(_ arguments: [String]) async -> (status: Int32, stdout: String) {
    let out = BufferOutput()
    let status = await DuoKBCLI.run(
      arguments + ["--home", home.path], environment: ["HOME": home.path], workingDirectory: home, stdout: out,
      stderr: BufferOutput(), standardInput: { Data() })
    return (status.rawValue, out.text)
  }

  deinit {
    server.stop()
  }
}

/// Lines appended from any thread.
final class LineLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ line: String) { lock.withLock { stored.append(line) } }
  var lines: [String] { lock.withLock { stored } }
}

/// JSON text decoded for comparison (key order and spacing aside).
func decodedJSON(_ text: String) -> NSObject? {
  (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? NSObject
}

func decodedJSON(_ bytes: [UInt8]) -> NSObject? { decodedJSON(String(decoding: bytes, as: UTF8.self)) }
