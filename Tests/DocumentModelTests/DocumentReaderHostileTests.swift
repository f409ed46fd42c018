import Foundation
import Testing

@testable import DocumentModel

/// The document reader on input that is not a document: every case a typed error at the
/// byte where reading stopped, never a trap.
@Suite struct DocumentReaderHostileTests {
  static let valid =
    #"{"id":"a","kind":"hig","title":"t","url":"u","language":"en","isRemovedUpstream":false,"#
    + #""passages":[{"kind":"text","text":"x"}],"cues":[[0,1,"r"]],"sections":[]}"#

  @Test(
    "Malformed JSON",
    arguments: [
      ("", DocumentProblem.truncated, 0),
      ("   ", .truncated, 3),
      ("[]", .unexpected(found: UInt8(ascii: "["), expected: "'{'"), 0),
      (#"{"id":"a",}"#, .unexpected(found: UInt8(ascii: "}"), expected: "a key"), 10),
      (#"{"id" "a"}"#, .unexpected(found: UInt8(ascii: "\""), expected: "':'"), 6),
      (#"{"id":"a" "kind":"hig"}"#, .unexpected(found: UInt8(ascii: "\""), expected: "',' or '}'"), 10),
      (#"{"id":'a'}"#, .unexpected(found: UInt8(ascii: "'"), expected: "'\"'"), 6),
      (#"{"id":"a"} x"#, .trailingBytes, 11),
      (#"{"id":"a"}{}"#, .trailingBytes, 10),
      (#"{"isRemovedUpstream":tru}"#, .unexpected(found: UInt8(ascii: "}"), expected: "'true'"), 21),
      ("{\"id\":\"a\u{1}\"}", .unescapedControlCharacter, 8),
      ("{\"id\":\"a\nb\"}", .unescapedControlCharacter, 8),
      (#"{"id":"\x"}"#, .invalidEscape, 7),
      (#"{"id":"\u12G4"}"#, .invalidEscape, 11),
      (#"{"id":"\uD83D"}"#, .loneSurrogate, 7),
      (#"{"id":"\uD83Dx"}"#, .loneSurrogate, 7),
      (#"{"id":"\uD83D\u0041"}"#, .loneSurrogate, 7),
      (#"{"id":"\uDE00\uD83D"}"#, .loneSurrogate, 7),
      (#"{"year":9223372036854775808}"#, .numberOutOfRange, 8),
      (#"{"year":-9223372036854775809}"#, .numberOutOfRange, 8),
      (#"{"year":1.5}"#, .numberOutOfRange, 8),
      (#"{"year":1e3}"#, .numberOutOfRange, 8),
      (#"{"year":012}"#, .unexpected(found: UInt8(ascii: "1"), expected: "',' or '}'"), 9),
      (#"{"year":+1}"#, .unexpected(found: UInt8(ascii: "+"), expected: "a digit"), 8),
      (#"{"x":+1}"#, .unexpected(found: UInt8(ascii: "+"), expected: "a value"), 5),
      (#"{"year":-}"#, .unexpected(found: UInt8(ascii: "}"), expected: "a digit"), 9),
      (#"{"year":"2024"}"#, .unexpected(found: UInt8(ascii: "\""), expected: "a digit"), 8),
      (#"{"id":"a","id":"b"}"#, .duplicateKey("id"), 15),
      (#"{"x":1,"x":2}"#, .duplicateKey("x"), 11),
      (#"{"kind":"video"}"#, .wrongType(field: "kind"), 8),
      (#"{"id":5}"#, .unexpected(found: UInt8(ascii: "5"), expected: "'\"'"), 6),
      (#"{"x":[1,]}"#, .unexpected(found: UInt8(ascii: "]"), expected: "a value"), 8),
      (#"{"x":01}"#, .unexpected(found: UInt8(ascii: "1"), expected: "',' or '}'"), 6),
      (#"{"x":1.}"#, .unexpected(found: UInt8(ascii: "}"), expected: "a digit"), 7),
      (#"{"x":/* no */1}"#, .unexpected(found: UInt8(ascii: "/"), expected: "a value"), 5),
      (#"{"id":"a"}"#, .missingField("kind"), 0),
    ] as [(String, DocumentProblem, Int)])
  func malformed(input: String, problem: DocumentProblem, offset: Int) {
    #expect(throws: DocumentModelError.malformedDocument(offset: offset, problem: problem)) {
      try DocumentFormat.decode(Data(input.utf8))
    }
  }

  @Test("Missing fields and wrong types, by name")
  func shape() {
    let cases: [(String, DocumentProblem)] = [
      (Self.valid.replacingOccurrences(of: #""title":"t","#, with: ""), .missingField("title")),
      (Self.valid.replacingOccurrences(of: #""cues":[[0,1,"r"]],"#, with: ""), .missingField("cues")),
      (
        Self.valid.replacingOccurrences(of: #"{"kind":"text","text":"x"}"#, with: #"{"kind":"text"}"#),
        .missingField("text")
      ),
      (Self.valid.replacingOccurrences(of: #"[0,1,"r"]"#, with: #"[0,1]"#), .missingField("raw")),
      (Self.valid.replacingOccurrences(of: #"[0,1,"r"]"#, with: #"[0,1,"r",{},5]"#), .wrongType(field: "cue")),
      (
        Self.valid.replacingOccurrences(of: #"[0,1,"r"]"#, with: #"{"startMilliseconds":0}"#),
        .missingField("endMilliseconds")
      ),
      (Self.valid.replacingOccurrences(of: #""kind":"text""#, with: #""kind":"poem""#), .wrongType(field: "kind")),
    ]
    for (input, problem) in cases {
      #expect {
        try DocumentFormat.decode(Data(input.utf8))
      } throws: { error in
        guard case .malformedDocument(_, let found) = error as? DocumentModelError else { return false }
        return found == problem
      }
    }
  }

  @Test func invalidUTF8() {
    var bytes = Array(Self.valid.utf8)
    let value = Array(#""title":"t""#.utf8)
    let start = (0...(bytes.count - value.count)).first { Array(bytes[$0..<($0 + value.count)]) == value }!
    // Overlong, a surrogate, cut short, above U+10FFFF; in a plain string and after an escape.
    let bad: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]]
    for sequence in bad {
      for prefix in [[], Array(#"é\n"#.utf8)] {
        bytes = Array(Self.valid.utf8)
        bytes.replaceSubrange((start + 9)..<(start + 10), with: prefix + sequence)
        #expect(
          throws: DocumentModelError.malformedDocument(offset: start + 9 + prefix.count, problem: .invalidUTF8)
        ) {
          try DocumentFormat.decode(Data(bytes))
        }
      }
    }
  }

  @Test("Deep nesting in an unknown field stops at the depth limit")
  func deep() {
    let depth = 100_000
    let input = #"{"x":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
    #expect(
      throws: DocumentModelError.malformedDocument(offset: 4 + DocumentFormat.maximumDepth, problem: .tooDeep)
    ) {
      try DocumentFormat.decode(Data(input.utf8))
    }
  }

  @Test func oversized() {
    let data = Data(count: DocumentFormat.maximumByteCount + 1)
    #expect(
      throws: DocumentModelError.documentTooLarge(
        byteCount: DocumentFormat.maximumByteCount + 1, limit: DocumentFormat.maximumByteCount)
    ) {
      try DocumentFormat.decode(data)
    }
  }

  @Test("Every prefix of a document is a typed error")
  func truncated() throws {
    let bytes = Array(DocumentFormat.encode(DocumentFormatTests.full))
    #expect(try DocumentFormat.decode(Data(bytes)) == DocumentFormatTests.full)
    for length in 0..<(bytes.count - 1) {
      #expect(throws: DocumentModelError.self) { try DocumentFormat.decode(Data(bytes[..<length])) }
    }
  }

  @Test("Any byte of a document changed: a document or a typed error")
  func mutated() {
    let bytes = Array(DocumentFormat.encode(DocumentFormatTests.full))
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var failures = 0
    for _ in 0..<3_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var mutated = bytes
      let index = Int((state >> 33) % UInt64(bytes.count))
      mutated[index] = UInt8(truncatingIfNeeded: state >> 17)
      // `decode` throws DocumentModelError only; what matters is that it returns.
      if (try? DocumentFormat.decode(Data(mutated))) == nil { failures += 1 }
    }
    #expect(failures > 0)
  }
}
