import Testing
@testable import Normalize

@Suite struct ContentHashTests {
  let passages = [Passage(kind: .speech, text: "Hello.", startMilliseconds: 0, endMilliseconds: 1_000, firstCue: 0, lastCue: 0)]
  let cues = [cue(0, 1_000, "Hello.")]

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
}
