import Foundation
import JSON
import Testing

/// `JSONWriter`: strings escaped as RFC 8259 §7 requires, numbers that read back as
/// written, commas in their places.
@Suite struct JSONWriterTests {
  static func written(_ value: String) -> String {
    var writer = JSONWriter()
    writer.string(value)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test(
    "Escapes quotes, backslashes and C0 controls, and nothing else",
    arguments: [
      ("plain", #""plain""#),
      ("", #""""#),
      ("say \"hi\"", #""say \"hi\"""#),
      (#"back\slash"#, #""back\\slash""#),
      ("a/b", #""a/b""#),  // RFC 8259 allows `/` unescaped
      ("tab\there", #""tab\there""#),
      ("line\nbreak\r\n", #""line\nbreak\r\n""#),
      ("\u{08}\u{0C}", #""\b\f""#),
      ("\u{00}", #""\u0000""#),  // NUL
      ("\u{01}\u{1F}", #""\u0001\u001f""#),
      ("\u{7F}", "\"\u{7F}\""),  // DEL is not a control to JSON
      ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""),  // valid JSON as they are
      ("café 日本語 🎉", "\"café 日本語 🎉\""),  // non-ASCII stays UTF-8
      ("\"\\\"", #""\"\\\"""#),
    ])
  func escapes(value: String, expected: String) {
    #expect(Self.written(value) == expected)
  }

  /// Every C0 control, the characters around them, and hostile mixtures read back as
  /// written, through `JSONDecoder`.
  @Test func everyStringReadsBackAsWritten() throws {
    var hostile = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    hostile += ["\u{7F}", "\u{80}", "\u{FFFF}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{10FFFF}", "\"", "\\", "/"]
    hostile.append((0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined(separator: "x\"\\"))
    hostile.append(String(repeating: "long \u{00} \"quoted\" \\ text ✓ ", count: 10_000))
    hostile.append("e\u{301}")  // a combining sequence stays two scalars
    for value in hostile {
      var writer = JSONWriter()
      writer.beginArray()
      writer.string(value)
      writer.endArray()
      let decoded = try JSONDecoder().decode([String].self, from: Data(writer.bytes))
      #expect(decoded == [value])
      #expect(Array(decoded[0].unicodeScalars) == Array(value.unicodeScalars))
    }
  }

  @Test(
    "Writes numbers that read back as the same value",
    arguments: [
      (0.0, "0"), (3.0, "3"), (-2.0, "-2"), (0.5, "0.5"), (12.3457, "12.3457"), (1e-7, "1e-07"),
      (9_007_199_254_740_992, "9007199254740992.0"), (1e300, "1e+300"), (.infinity, "null"), (.nan, "null"),
    ])
  func doubles(value: Double, expected: String) throws {
    var writer = JSONWriter()
    writer.number(value)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    if value.isFinite {
      #expect(try JSONDecoder().decode(Double.self, from: Data(writer.bytes)) == value)
    }
  }

  @Test func writesObjectsAndArraysWithCommasInPlace() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("a")
    writer.number(1)
    writer.key("b")
    writer.beginArray()
    writer.bool(true)
    writer.null()
    writer.beginObject()
    writer.endObject()
    writer.beginArray()
    writer.endArray()
    writer.string(nil)
    writer.number(Int?.none)
    writer.endArray()
    writer.key("c\n")
    writer.bool(false)
    writer.endObject()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":1,"b":[true,null,{},[],null,null],"c\n":false}"#)
  }
}
