import DuoKBTestSupport
import Foundation
import JSON
import Testing

/// `JSONMembers`: an object's members found without decoding them.
@Suite struct JSONMembersTests {
  /// The members of `text` as (key, value) strings.
  static func members(_ text: String) throws -> [String] {
    let data = Data(text.utf8)
    return try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws -> [String] in
      try JSONMembers.scan(bytes).map {
        String(decoding: bytes[$0.key], as: UTF8.self) + "=" + String(decoding: bytes[$0.value], as: UTF8.self)
      }
    }
  }

  @Test(
    "Finds each member as written",
    arguments: [
      ("{}", []),
      (" \n{ } \n", []),
      (#"{"a":1}"#, ["a=1"]),
      (#"{ "a" : true , "b":null,"c":-1.5e3 }"#, ["a=true", "b=null", "c=-1.5e3"]),
      (#"{"s":"x\"}y","t":"\\"}"#, [#"s="x\"}y""#, #"t="\\""#]),
      (#"{"n":{"a":[1,{"b":"]"}],"c":{}},"m":[]}"#, [#"n={"a":[1,{"b":"]"}],"c":{}}"#, "m=[]"]),
      (#"{"k\"ey":"日本語","e":"\u00e9"}"#, [#"k\"ey="日本語""#, #"e="\u00e9""#]),
      (#"{"a":1,"a":2}"#, ["a=1", "a=2"]),
    ])
  func findsMembers(_ text: String, _ expected: [String]) throws {
    #expect(try Self.members(text) == expected)
  }

  @Test(
    "Refuses a structure it cannot walk, saying where",
    arguments: [
      ("", 0), ("[]", 0), ("\"a\"", 0), ("{", 1), ("{\"a\"}", 4), ("{\"a\":}", 5), ("{\"a\":1,}", 7),
      ("{\"a\" 1}", 5), ("{\"a\":1 \"b\":2}", 7), ("{a:1}", 1), ("{\"a\":[1,2}", 9), ("{\"a\":{]}", 6),
      ("{\"a\":\"open}", 11), ("{\"a\":1}x", 7), ("{\"a\":1}{}", 7), ("{\"a\":\"\\", 7),
      ("{\"a\":\"\\\"}", 9),
    ])
  func refusesBrokenStructure(_ text: String, _ offset: Int) {
    #expect(throws: JSONScanError.self) { try Self.members(text) }
    do {
      _ = try Self.members(text)
    } catch {
      guard case .malformed(let at, _) = error as? JSONScanError else { return }
      #expect(at == offset, "\(text): \(error)")
    }
  }

  /// Every prefix of a document is refused (the whole one alone is accepted), and no
  /// prefix traps.
  @Test func everyTruncationIsAnError() throws {
    let text = #"{"cues":[{"t":"a \"quoted\" [bracket] {brace}","s":1}],"fetch":{"etag":"\"v1\""},"id":"x/1"}"#
    let bytes = Array(text.utf8)
    for length in 0..<bytes.count {
      #expect(throws: JSONScanError.self) { try Self.members(String(decoding: bytes[..<length], as: UTF8.self)) }
    }
    #expect(try Self.members(text).count == 3)
  }

  /// Stopping once every wanted key is found leaves the rest unwalked: damage after the
  /// head is not seen, and a key missing makes the scan go on to the end.
  @Test func stopsOnceEveryKeyIsFound() throws {
    let text = #"{"id":"a","fetch":{"etag":"x"},"isRemovedUpstream":false,"cues":[[1,2,"}"#
    let keys: Set<String> = ["id", "fetch", "isRemovedUpstream"]
    let selected = try JSONMembers.selecting(keys, from: Data(text.utf8), stoppingOnceFound: true)
    #expect(String(decoding: selected, as: UTF8.self) == #"{"id":"a","fetch":{"etag":"x"},"isRemovedUpstream":false}"#)
    #expect(throws: JSONScanError.self) { try JSONMembers.selecting(keys, from: Data(text.utf8)) }
    #expect(throws: JSONScanError.self) {
      try JSONMembers.selecting(keys.union(["title"]), from: Data(text.utf8), stoppingOnceFound: true)
    }
  }

  @Test func deepNestingCostsNoStack() throws {
    let depth = 200_000
    let text =
      #"{"deep":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + #","id":"a"}"#
    let selected = try JSONMembers.selecting(["id"], from: Data(text.utf8))
    #expect(String(decoding: selected, as: UTF8.self) == #"{"id":"a"}"#)
  }

  /// Selected members decode to what the whole object holds for them, for random
  /// objects written compactly and pretty-printed.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func selectingAgreesWithTheWholeObject(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<40 {
      var object: [String: Any] = [:]
      for index in 0..<Int.random(in: 1...8, using: &random) { object["k\(index)"] = Self.value(depth: 0, &random) }
      let keys = Set(object.keys.filter { _ in Bool.random(using: &random) })
      for options: JSONSerialization.WritingOptions in [[], [.prettyPrinted, .sortedKeys]] {
        let data = try JSONSerialization.data(withJSONObject: object, options: options)
        let selected = try JSONMembers.selecting(keys, from: data)
        let decoded = try #require(try JSONSerialization.jsonObject(with: selected) as? [String: Any])
        #expect(Set(decoded.keys) == keys)
        for key in keys {
          #expect(
            try JSONSerialization.data(withJSONObject: [decoded[key]!], options: .sortedKeys)
              == JSONSerialization.data(withJSONObject: [object[key]!], options: .sortedKeys))
        }
      }
    }
  }

  static func value(depth: Int, _ random: inout SplitMix64) -> Any {
    let pieces = ["a", "\"", "\\", "[", "]", "{", "}", ",", ":", " ", "\n", "é", "日", "\u{1F600}", "\u{7}"]
    switch Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &random) {
    case 0: return Int.random(in: -1_000_000...1_000_000, using: &random)
    case 1: return Bool.random(using: &random)
    case 2: return NSNull()
    case 3:
      return (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    case 4: return (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, &random) }
    default:
      var object: [String: Any] = [:]
      for index in 0..<Int.random(in: 0...4, using: &random) { object["n\(index)"] = value(depth: depth + 1, &random) }
      return object
    }
  }
}
