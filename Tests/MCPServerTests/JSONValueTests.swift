import Foundation
import JSON
import MCPServer
import Testing

@Suite struct JSONValueTests {
  static let readings: [(String, JSONValue)] = [
    ("1", .int(1)),
    ("-7", .int(-7)),
    ("1.5", .double(1.5)),
    ("true", .bool(true)),
    ("null", .null),
    (#""a\nb""#, .string("a\nb")),
    (#"{"a":[1,"x",false]}"#, ["a": [1, "x", false]]),
  ]

  @Test("Reads JSON keeping integers apart from other numbers", arguments: readings)
  func decodes(text: String, value: JSONValue) {
    #expect(JSONValue.decode(Data(text.utf8)) == value)
  }

  @Test("Not JSON", arguments: ["", "{", "tru", "[1,,2]", "{'a':1}", "\u{0}", "{\"a\" 1}"])
  func rejects(text: String) {
    #expect(JSONValue.decode(Data(text.utf8)) == nil)
  }

  @Test func encodesOnOneLineWithSortedKeys() {
    let value: JSONValue = ["b": "line\nbreak", "a": ["url": "https://x/y"], "n": 2.5]
    #expect(value.encodedLine() == #"{"a":{"url":"https://x/y"},"b":"line\nbreak","n":2.5}"#)
  }

  @Test func roundTrips() {
    let value: JSONValue = ["id": 12, "s": "“curly” ’", "list": [nil, true, 0.25, ["k": []]]]
    #expect(JSONValue.decode(Data(value.encodedLine().utf8)) == value)
  }
}
