import Foundation
import JSON
import Testing

/// `JSONValue(parsing:)`: strict JSON without Foundation's decoder.
@Suite struct JSONParserTests {
  static func parse(_ text: String) throws(JSONScanError) -> JSONValue {
    try JSONValue(parsing: Data(text.utf8))
  }

  @Test(
    "Reads every kind of value",
    arguments: [
      ("null", JSONValue.null),
      (" true ", .bool(true)),
      ("\n\tfalse\r\n", .bool(false)),
      ("0", .int(0)),
      ("-0", .int(0)),
      ("42", .int(42)),
      ("-9223372036854775808", .int(Int.min)),
      ("9223372036854775807", .int(Int.max)),
      ("9223372036854775808", .double(9_223_372_036_854_775_808)),
      ("1.5", .double(1.5)),
      ("-2.5e3", .int(-2500)),
      ("-2.25e1", .double(-22.5)),
      ("1E+2", .int(100)),
      ("1.0", .int(1)),
      ("1e19", .double(1e19)),
      ("1e-2", .double(0.01)),
      (#""""#, .string("")),
      (#""plain""#, .string("plain")),
      (#""q\"b\\s\/n\nt\tr\rb\bf\f""#, .string("q\"b\\s/n\nt\tr\rb\u{08}f\u{0C}")),
      (#""\u00e9\u65E5 caf\u00E9""#, .string("é日 café")),
      (#""\ud83d\ude00 ok""#, .string("😀 ok")),
      (#""日本語 ü""#, .string("日本語 ü")),
      ("[]", .array([])),
      ("[ 1 , [2, []] ,{}]", .array([.int(1), .array([.int(2), .array([])]), .object([:])])),
      (#"{"a":{"b":[null,true]},"c":"d"}"#, .object(["a": .object(["b": .array([.null, .bool(true)])]), "c": "d"])),
      (#"{"a":1,"a":2}"#, .object(["a": .int(2)])),
    ])
  func readsValues(_ text: String, _ expected: JSONValue) throws {
    #expect(try Self.parse(text) == expected)
  }

  @Test(
    "Refuses what is not JSON, saying where",
    arguments: [
      ("", 0),
      ("   ", 3),
      ("nul", 0),
      ("True", 0),
      ("NaN", 0),
      ("01", 1),
      ("-", 1),
      ("+1", 0),
      ("1.", 2),
      (".5", 0),
      ("1e", 2),
      ("1e+", 3),
      ("1e400", 0),
      ("[1,]", 3),
      ("[1 2]", 3),
      (#"{"a":1,}"#, 7),
      (#"{"a" 1}"#, 5),
      (#"{a:1}"#, 1),
      (#"{"a":1"#, 6),
      ("[", 1),
      (#""open"#, 0),
      ("\"tab\tinside\"", 4),
      (#""bad \x escape""#, 6),
      (#""\u12G4""#, 5),
      (#""\ud83d alone""#, 7),
      (#""\ude00""#, 7),
      ("1 2", 2),
      ("{} x", 3),
      (#"// comment"#, 0),
    ])
  func refusesMalformed(_ text: String, _ offset: Int) {
    #expect(throws: JSONScanError.malformed(offset: offset, expected: Self.expected(text))) { try Self.parse(text) }
  }

  /// What the parser says it expected for a malformed text (the test pins the offset).
  static func expected(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "no error"
    } catch {
      guard case .malformed(_, let expected) = error else { return "" }
      return expected
    }
  }

  @Test func refusesInvalidUTF8InAString() {
    var bytes = Array(#""ok "#.utf8)
    bytes += [0xC3, 0x28, UInt8(ascii: "\"")]
    #expect(throws: JSONScanError.self) { try JSONValue(parsing: Data(bytes)) }
    // A lone continuation byte, and a truncated sequence at the end.
    #expect(throws: JSONScanError.self) {
      try JSONValue(parsing: Data([UInt8(ascii: "\""), 0x80, UInt8(ascii: "\"")]))
    }
    #expect(throws: JSONScanError.self) { try JSONValue(parsing: Data([UInt8(ascii: "\""), 0xE6, 0x97])) }
  }

  /// Nesting past `maximumParsingDepth` is refused before the recursion goes deeper, so a
  /// hostile text of a million brackets fails rather than exhausting the stack.
  @Test func refusesNestingDeeperThanTheLimit() throws {
    let depth = JSONValue.maximumParsingDepth
    let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try Self.parse(deepest)
    var levels = 0
    while case .array(let elements) = value, let first = elements.first {
      value = first
      levels += 1
    }
    #expect(levels == depth - 1)
    let tooDeep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    #expect(throws: JSONScanError.malformed(offset: depth, expected: "less nesting")) { try Self.parse(tooDeep) }
    let hostile = String(repeating: "{\"a\":", count: 1_000_000)
    #expect(throws: JSONScanError.self) { try Self.parse(hostile) }
  }

  /// Every prefix of a document short of the whole is refused (none reads as a smaller
  /// value), and the whole reads as Foundation's decoder reads it.
  @Test func everyTruncationIsRefusedAndTheWholeMatchesFoundation() throws {
    let text = #"{"format":"x","n":[1,-2.5,3e2,{"s":"\u00e9\n","t":true,"f":false,"z":null}],"e":{},"a":[]}"#
    let bytes = Array(text.utf8)
    for length in 0..<bytes.count {
      #expect(throws: JSONScanError.self, "\(length) bytes") { try JSONValue(parsing: Data(bytes[0..<length])) }
    }
    let whole = try JSONValue(parsing: Data(bytes))
    #expect(whole == JSONValue.decode(Data(bytes)))
  }

  /// A large document (a manifest's worth many times over) reads as Foundation reads it.
  @Test func aLargeDocumentMatchesFoundation() throws {
    let entries = (0..<2_000).map { number in
      #"{"name":"segment-\#(number)","bytes":\#(number * 7_919),"ratio":\#(Double(number) / 8),"tags":["a\#(number)","\u00fc"]}"#
    }
    let data = Data(("[" + entries.joined(separator: ",\n") + "]").utf8)
    #expect(try JSONValue(parsing: data) == JSONValue.decode(data))
  }
}
