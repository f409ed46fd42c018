import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

/// A refresh while the server runs: the next requests answer from the new index, and none fails.
@Suite struct LiveRefreshTests {
  @Test("A corpus change and index rebuild while requests run is picked up with no failed request")
  func refreshIsPickedUp() throws {
    let fixture = try ServerFixture()
    #expect(try fixture.client.get("/api/search?q=hinge").object["total"] as? Int == 0)
    let statuses = LineLog()
    let running = LineLog()
    let client = fixture.client
    let worker = Thread {
      while running.lines.isEmpty || statuses.lines.count < 3 {
        do {
          let response = try client.get("/api/search?q=scrolling+content")
          statuses.append(response.status == 200 ? "200" : "\(response.status) \(response.text)")
        } catch {
          statuses.append("no answer: \(error)")
        }
      }
      running.append("done")
    }
    worker.start()
    // What a refresh does: write the new document, then build and swap in a new generation.
    var talk = CitationFixtures.toolbarTalk()
    talk.id = "wwdc2024/900003"
    talk.url = "https://developer.apple.com/videos/play/wwdc2024/900003/"
    talk.passages.append(CitationFixtures.speech("The hinge divides the two displays.", 80, 84, cues: 1...1))
    try fixture.knowledgeBase.corpus.write(talk)
    try fixture.knowledgeBase.rebuild()
    var found = 0
    for _ in 0..<100 where found == 0 {
      found = try fixture.client.get("/api/search?q=hinge").object["total"] as? Int ?? 0
    }
    running.append("stop")
    try awaitCondition("the refreshing thread to stop") { running.lines.count >= 2 }
    #expect(found == 1)
    #expect(!statuses.lines.isEmpty)
    #expect(statuses.lines.filter { $0 != "200" } == [])
    let documents = try fixture.client.get("/api/documents").object["total"] as? Int
    #expect(documents == 4)
  }
}
