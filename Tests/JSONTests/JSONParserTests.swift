import Foundation
import JSON
import Testing

/// `JSONValue.parse`: one pass over the text, what `JSONDecoder` read before, depth bounded.
@Suite struct JSONParserTests {
  static func parse(_ text: String, limit: Int = JSONNesting.defaultLimit) throws(JSONScanError) -> JSONValue {
    try JSONValue.parse(Data(text.utf8), maximumDepth: limit)
  }

  static func nest(_ depth: Int, open: String = "[", close: String = "]", inner: String = "") -> String {
    String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
  }

  @Test(
    "Reads values as Foundation's decoder did",
    arguments: [
      ("1", .int(1)), ("1.0", .int(1)), ("1e2", .int(100)), ("-0", .int(0)), ("-0.0", .int(0)),
      ("1.5", .double(1.5)), ("-1.5e-3", .double(-0.0015)), ("1e-400", .int(0)),
      ("9223372036854775807", .int(Int.max)), ("-9223372036854775808", .int(Int.min)),
      ("9223372036854775808", .double(9_223_372_036_854_775_808)), (" true ", .bool(true)), ("null", .null),
      ("\u{FEFF}[1,]", .array([1])), (#"{"a":1,}"#, ["a": 1]), (#"{"a":1,"a":2}"#, ["a": 1]),
      (#""\ud83d\ude00 \u00e9\n\/\"""#, .string("😀 é\n/\"")), (#""a\u0000b""#, .string("a\u{0}b")),
      (#"{"a":[1,{"b":null}],"c":"日本"}"#, ["a": [1, ["b": nil]], "c": "日本"]),
    ] as [(String, JSONValue)])
  func readsValues(_ text: String, _ expected: JSONValue) throws {
    #expect(try Self.parse(text) == expected)
  }

  @Test(
    "Refuses what is not JSON",
    arguments: [
      "", " ", "[1,,2]", "[,]", "{,}", "[1,]]", "1 2", "01", "-", "1.", "1e", ".5", "NaN", "nul", "1E400",
      "\"tab\there\"", #""\x""#, #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #"{"a" 1}"#, "{a:1}",
      "[\"open", "[1, 2", #"{"a":"#,
    ])
  func refusesMalformed(_ text: String) {
    #expect(throws: JSONScanError.self) { try Self.parse(text) }
  }

  @Test("Refuses a string that is not UTF-8")
  func refusesBadUTF8() {
    #expect(throws: JSONScanError.notUTF8(offset: 0)) { try JSONValue.parse(Data([0x22, 0xFF, 0x22])) }
  }

  @Test("Nesting up to the limit is read, one level more refused where it opens", arguments: ["[", "{\"k\":"])
  func depthLimit(_ open: String) throws {
    let close = open == "[" ? "]" : "}"
    let inner = open == "[" ? "" : "1"
    let limit = JSONNesting.defaultLimit
    #expect(throws: Never.self) { try Self.parse(Self.nest(limit, open: open, close: close, inner: inner)) }
    let tooDeep = Self.nest(limit + 1, open: open, close: close, inner: inner)
    let offset = (limit) * open.utf8.count
    #expect(throws: JSONScanError.nestedTooDeep(offset: offset, limit: limit)) { try Self.parse(tooDeep) }
    #expect(JSONValue.decode(Data(tooDeep.utf8)) == nil)
  }

  @Test("Brackets inside strings, escaped quotes among them, do not count")
  func bracketsInStrings() throws {
    let text = #"{"s":""# + String(repeating: #"[{\"\\"#, count: 500) + #"","t":[[1]]}"#
    let value = try Self.parse(text)
    #expect(value["t"] == [[1]])
    #expect(value["s"]?.stringValue?.count == 500 * 4)
  }

  @Test("A truncated deep nest is refused: too deep when past the limit, malformed when not")
  func truncated() {
    #expect(throws: JSONScanError.self) { try Self.parse(String(repeating: "[", count: 10)) }
    #expect(throws: JSONScanError.nestedTooDeep(offset: 64, limit: 64)) {
      try Self.parse(String(repeating: "[", count: 100_000))
    }
  }

  @Test("A huge flat array is not refused by the depth rule")
  func flatArray() throws {
    let text = "[" + Array(repeating: "[1,\"]\"]", count: 100_000).joined(separator: ",") + "]"
    let value = try Self.parse(text)
    #expect(value.arrayValue?.count == 100_000)
  }

  @Test("Many nests just under the limit are read, one by one")
  func manyNests() throws {
    let nest = Self.nest(JSONNesting.defaultLimit - 1)
    let text = "[" + Array(repeating: nest, count: 1_000).joined(separator: ",") + "]"
    #expect(try Self.parse(text).arrayValue?.count == 1_000)
  }

  @Test("The pre-scan refuses a nest deeper than its limit in bytes the decoder never sees")
  func preScan() {
    #expect(throws: JSONScanError.nestedTooDeep(offset: 3, limit: 3)) {
      try JSONNesting.check(Data("[[[[]]]]".utf8), limit: 3)
    }
    #expect(throws: Never.self) { try JSONNesting.check(Data("[[[\"[[[[\"]]]".utf8), limit: 3) }
    #expect(throws: Never.self) { try JSONNesting.check(Data("[[[\"\\\"[[[[\"]]]".utf8), limit: 3) }
  }
}
