import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// A site held in memory behind the `HTTPTransport` the fetcher takes: paths to bodies,
/// every request recorded. Walks run through it without a socket.
final class MemorySite: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private let bodies: [String: String]
  private var asked: [String] = []

  init(_ talk: FixtureTalk) {
    let base = "https://developer.apple.com"
    var bodies = [talk.pagePath: talk.page(), talk.masterPath: talk.master(base: base)]
    for track in talk.tracks {
      let count = talk.segmentCount(track.lines)
      bodies[talk.mediaPath(track.folder)] = talk.mediaPlaylist(track.folder, count: count, base: base)
      for index in 0..<count { bodies[talk.segmentPath(track.folder, index)] = talk.segment(index, lines: track.lines) }
    }
    self.bodies = bodies
  }

  var requests: [String] { lock.withLock { asked } }
  var stats: HTTPStats { HTTPStats() }

  func fetch(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let path = URLComponents(string: request.url)?.path ?? request.url
    lock.withLock { asked.append(path) }
    guard let body = bodies[path] else { throw .status(code: 404, url: request.url) }
    return HTTPResponse(
      status: 200, headers: HTTPHeaders([("ETag", "\"\(body.count)\"")]), body: Data(body.utf8),
      requestedURL: request.url, finalURL: request.url)
  }
}

@Suite struct MemoryTransportTests {
  @Test func talkIsWalkedWithoutASocket() async throws {
    let talk = fixtureTalk("980", sentences: refreshSentences)
    let site = MemorySite(talk)
    let harvester = TalkHarvester(fetcher: SiteFetcher(transport: site))
    let outcome = await harvester.harvest(
      SourceEntry(kind: .talk, url: "https://developer.apple.com" + talk.pagePath), language: "en",
      previous: SourceState())
    guard case .harvested(let harvested) = outcome else {
      Issue.record("expected a document, got \(outcome)")
      return
    }
    #expect(harvested.document.id == "wwdc2025/980")
    #expect(harvested.document.passages.map(\.text) == refreshSentences)
    #expect(harvested.validators?.segments.count == talk.segmentCount(talk.tracks[0].lines))
    #expect(site.requests.first == talk.pagePath)
    #expect(site.requests.count == 3 + talk.segmentCount(talk.tracks[0].lines))
  }
}
