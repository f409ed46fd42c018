import Testing

@testable import DocumentModel

@Suite struct SHA256Tests {
  // FIPS 180-4 examples and the NIST short-message vectors.
  @Test(
    "Known vectors",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
      (
        "The quick brown fox jumps over the lazy dog",
        "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
      ),
    ])
  func vectors(message: String, digest: String) {
    #expect(SHA256.hexDigest(message.utf8) == digest)
  }

  @Test("One million 'a'")
  func millionA() {
    #expect(
      SHA256.hexDigest(repeatElement(UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test(
    "Padding edges: 55, 56, 63, 64 and 65 bytes hash like one update of the same bytes split anywhere",
    arguments: [55, 56, 63, 64, 65, 119, 120])
  func incrementalMatchesOneShot(length: Int) {
    let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let whole = SHA256.hexDigest(bytes)
    for split in [0, 1, length / 2, length] {
      var hasher = SHA256()
      hasher.update(bytes[..<split])
      hasher.update(bytes[split...])
      #expect(SHA256.hex(hasher.finalize()) == whole)
    }
  }

  @Test("Known 55/56/64-byte vectors (boundary padding)")
  func paddingVectors() {
    #expect(
      SHA256.hexDigest(String(repeating: "a", count: 55).utf8)
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      SHA256.hexDigest(String(repeating: "a", count: 56).utf8)
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      SHA256.hexDigest(String(repeating: "a", count: 64).utf8)
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }
}
