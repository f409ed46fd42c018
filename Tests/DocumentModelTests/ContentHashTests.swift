import Testing

@testable import DocumentModel

@Suite struct ContentHashTests {
  let passages = [
    Passage(kind: .speech, text: "Hello.", startMilliseconds: 0, endMilliseconds: 1_000, firstCue: 0, lastCue: 0)
  ]
  let cues = [StoredCue(startMilliseconds: 0, endMilliseconds: 1_000, raw: "Hello.", text: "Hello.")]

  @Test("The hash is 64 lower-case hex digits and stable for the same content")
  func stable() {
    let hash = ContentHash.of(passages: passages, cues: cues)
    #expect(hash.count == 64 && hash.allSatisfy { "0123456789abcdef".contains($0) })
    #expect(hash == ContentHash.of(passages: passages, cues: cues))
    let document = Document(id: "tech-talks/1", kind: .talk, title: "T", url: "u", passages: passages, cues: cues)
    #expect(ContentHash.of(document) == hash)
    var refetched = document
    refetched.fetch = FetchMetadata(sourceURL: "u", etag: "\"x\"", fetchedAt: "2026-11-29T23:00:00Z")
    refetched.title = "Another title"
    #expect(ContentHash.of(refetched) == hash)  // only passages and cues count
  }

  @Test("Any change of passages or cues changes the hash")
  func sensitive() {
    let base = ContentHash.of(passages: passages, cues: cues)
    var changedPassage = passages
    changedPassage[0].endMilliseconds = 1_001
    var speaker = passages
    speaker[0].speaker = ""
    var changedCue = cues
    changedCue[0].raw = "<v A>Hello."
    let hashes = [
      ContentHash.of(passages: changedPassage, cues: cues),
      ContentHash.of(passages: speaker, cues: cues),  // "" differs from absent
      ContentHash.of(passages: passages, cues: changedCue),
      ContentHash.of(passages: [], cues: cues),
      ContentHash.of(passages: passages, cues: []),
    ]
    #expect(Set(hashes + [base]).count == hashes.count + 1)
  }

  @Test("Field boundaries are unambiguous")
  func unambiguous() {
    let a = [Passage(kind: .text, text: "ab", anchor: "c")]
    let b = [Passage(kind: .text, text: "a", anchor: "bc")]
    #expect(ContentHash.of(passages: a, cues: []) != ContentHash.of(passages: b, cues: []))
  }

  @Test("The empty document has a fixed hash (format v1 is frozen)")
  func frozenEmpty() {
    // SHA-256 of: len("duo-kb content v1") + "duo-kb content v1", len("0") + "0", len("0") + "0".
    var bytes: [UInt8] = []
    for text in ["duo-kb content v1", "0", "0"] {
      bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(text.utf8.count)] + Array(text.utf8)
    }
    #expect(ContentHash.of(passages: [], cues: []) == SHA256.hexDigest(bytes))
  }

  @Test("A passage's layout is part of the hash (v2); without layouts the hash stays v1")
  func layoutsCount() {
    let plain = [Passage(kind: .text, text: "Keep it short.", anchor: "Best-practices")]
    var item = plain
    item[0].layout = PassageLayout(role: .listItem, block: 0, depth: 1)
    var cell = plain
    cell[0].layout = PassageLayout(role: .tableCell, block: 0, table: 0, row: 0, column: 0)
    var deeper = item
    deeper[0].layout?.depth = 2
    let hashes = [plain, item, cell, deeper].map { ContentHash.of(passages: $0, cues: []) }
    #expect(Set(hashes).count == 4)
    // v1 for a document without layouts: the frozen encoding of the passage.
    var encoder: [UInt8] = []
    func add(_ text: String) { encoder += [0, 0, 0, 0, 0, 0, 0, UInt8(text.utf8.count)] + Array(text.utf8) }
    add("duo-kb content v1")
    add("1")
    add("text")
    add("Keep it short.")
    encoder += [0, 0, 1]
    add("Best-practices")
    encoder += [0, 0, 0, 0]
    add("0")
    #expect(hashes[0] == SHA256.hexDigest(encoder))
  }
}
