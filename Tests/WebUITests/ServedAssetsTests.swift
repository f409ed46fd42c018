import Citations
import DuoKBTestSupport
import Foundation
import HTTPServing
import KnowledgeBase
import KnowledgeServer
import Testing
import WebUI

@testable import DuoKBHarvestCLI

// Darwin: URLSession is part of Foundation itself.
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The page as `duo-kb serve` answers it: the static files the command hands the server,
/// fetched over HTTP from a server on 127.0.0.1.
@Suite struct ServedAssetsTests {
  final class Site: @unchecked Sendable {
    let scratch: ScratchFolder
    let home: URL
    let server: HTTPServer

    init() throws {
      scratch = try ScratchFolder("web-ui")
      home = scratch.appending("home")
      let knowledgeBase = KnowledgeBase(home: home)
      try FileManager.default.createDirectory(at: knowledgeBase.corpus.directory, withIntermediateDirectories: true)
      try Data(#"{"version": 1, "sources": []}"#.utf8).write(to: knowledgeBase.corpus.sourcesFile)
      server = try KnowledgeServer.start(
        indexes: IndexCache(knowledgeBase: knowledgeBase), address: try ListenAddress(host: "127.0.0.1"), port: 0,
        configuration: KnowledgeServer.Configuration(staticFiles: ServeAssets.files, serverVersion: "0"),
        status: { ["documents": 0] }, log: { _ in }, accessLog: { _ in })
    }

    func get(_ path: String) async throws -> (status: Int, headers: [String: String], body: [UInt8]) {
      let url = try #require(URL(string: "http://127.0.0.1:\(server.port)\(path)"))
      let (data, response) = try await URLSession.shared.data(from: url)
      let http = try #require(response as? HTTPURLResponse)
      var headers: [String: String] = [:]
      for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
      }
      return (http.statusCode, headers, Array(data))
    }

    deinit {
      server.stop()
    }
  }

  @Test func serveHandsTheServerEveryAsset() {
    #expect(ServeAssets.files.map(\.path) == WebAssets.all.map(\.path))
  }

  @Test func everyAssetIsServedWithItsMediaTypeAndBytes() async throws {
    let site = try Site()
    for asset in WebAssets.all {
      let answer = try await site.get(asset.path)
      #expect(answer.status == 200, "\(asset.path)")
      #expect(answer.headers["content-type"] == asset.contentType, "\(asset.path)")
      #expect(answer.body == asset.bytes, "\(asset.path)")
    }
  }

  /// The policy the server sends lets the page run as it is: scripts and styles from the
  /// server itself, no inline code needed.
  @Test func thePageIsServedUnderAContentSecurityPolicy() async throws {
    let site = try Site()
    let policy = try #require(try await site.get("/").headers["content-security-policy"])
    #expect(policy.contains("default-src 'self'") || policy.contains("script-src 'self'"))
    #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
  }

  @Test func aFileThatIsNotThePagesIsNotFound() async throws {
    let site = try Site()
    #expect(try await site.get("/app.js.map").status == 404)
    #expect(try await site.get("/Assets/app.js").status == 404)
  }
}
