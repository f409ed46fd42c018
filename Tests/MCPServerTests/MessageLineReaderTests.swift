import MCPServer
import Testing

@Suite struct MessageLineReaderTests {
  static func lines(_ text: String, chunkSize: Int = 4096, maxLineBytes: Int = 64) -> [InputLine] {
    var reader = MessageLineReader(bytes: Array(text.utf8), chunkSize: chunkSize, maxLineBytes: maxLineBytes)
    var lines: [InputLine] = []
    while let line = reader.nextLine() { lines.append(line) }
    return lines
  }

  static func message(_ text: String) -> InputLine { .message(Array(text.utf8)) }

  @Test("Splits at newlines, at any chunk size", arguments: [1, 2, 3, 7, 4096])
  func splitsAtNewlines(chunkSize: Int) {
    #expect(
      Self.lines("{\"a\":1}\n{\"b\":2}\n", chunkSize: chunkSize) == [
        Self.message("{\"a\":1}"), Self.message("{\"b\":2}"),
      ])
  }

  @Test(
    "Leniencies: CRLF, blank lines, a last line without newline",
    arguments: [
      ("a\r\nb\n", ["a", "b"]),
      ("\n\n  \na\n\n", ["a"]),
      ("a\nb", ["a", "b"]),
      ("", []),
      ("\n", []),
    ])
  func leniencies(text: String, expected: [String]) {
    #expect(Self.lines(text) == expected.map(Self.message))
  }

  @Test("A line over the limit is dropped and reported with its size; the next line is read", arguments: [1, 5, 4096])
  func oversizedLine(chunkSize: Int) {
    let long = String(repeating: "x", count: 100)
    #expect(
      Self.lines("ok\n\(long)\nnext\n", chunkSize: chunkSize, maxLineBytes: 10)
        == [Self.message("ok"), .oversized(byteCount: 100), Self.message("next")])
  }

  @Test func oversizedLastLineWithoutNewline() {
    #expect(Self.lines("abcdefghijkl", maxLineBytes: 5) == [.oversized(byteCount: 12)])
  }

  @Test func lineOfExactlyTheLimitIsKept() {
    #expect(Self.lines("abcde\n", maxLineBytes: 5) == [Self.message("abcde")])
  }

  @Test func readsUntilTheSourceEnds() {
    var chunks: [[UInt8]] = [Array("a\nb".utf8), Array("c\n".utf8)]
    var reader = MessageLineReader { chunks.isEmpty ? nil : chunks.removeFirst() }
    #expect(reader.nextLine() == Self.message("a"))
    #expect(reader.nextLine() == Self.message("bc"))
    #expect(reader.nextLine() == nil)
    #expect(reader.nextLine() == nil)
  }
}
