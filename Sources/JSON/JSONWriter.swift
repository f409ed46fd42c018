/// Writes JSON text (RFC 8259) straight into bytes, without an encoder: for output on a hot
/// path (`duo-kb search --batch` writes a line per query), where building `Encodable`
/// containers and sorting their keys costs more than the search.
///
/// The caller writes members in the order it wants them. Strings are escaped exactly as
/// RFC 8259 §7 requires and no more: `"` and `\`, and the controls U+0000-U+001F (`\b`,
/// `\t`, `\n`, `\f`, `\r` by name, the others as `\u00XX`). Everything else, `/`, DEL, U+2028
/// and U+2029 included, stays as its UTF-8 bytes (a Swift `String` holds no lone surrogate).
public struct JSONWriter: Sendable {
  public private(set) var bytes: [UInt8] = []
  /// One per open object or array: whether a value has been written in it yet.
  private var hasValue: [Bool] = []
  /// A key was just written: its value needs no comma.
  private var isAfterKey = false

  public init(reservingCapacity capacity: Int = 1_024) {
    bytes.reserveCapacity(capacity)
  }

  public mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    hasValue.append(false)
  }

  public mutating func endObject() {
    hasValue.removeLast()
    bytes.append(UInt8(ascii: "}"))
  }

  public mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    hasValue.append(false)
  }

  public mutating func endArray() {
    hasValue.removeLast()
    bytes.append(UInt8(ascii: "]"))
  }

  /// A member's key; its value is written next.
  public mutating func key(_ name: String) {
    separate()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    isAfterKey = true
  }

  /// A string, or null.
  public mutating func string(_ value: String?) {
    separate()
    guard let value else { return appendNull() }
    appendString(value)
  }

  /// An integer, or null.
  public mutating func number(_ value: Int?) {
    separate()
    guard let value else { return appendNull() }
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A number, or null (also for infinities and NaN, which JSON cannot write). A whole
  /// number below 2^53 is written without a fraction (`3`, as `JSONEncoder` does); others
  /// as the shortest text that reads back as the same `Double` (`0.1`, `1e-07`).
  public mutating func number(_ value: Double?) {
    separate()
    guard let value, value.isFinite else { return appendNull() }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      bytes.append(contentsOf: String(Int64(value)).utf8)
    } else {
      bytes.append(contentsOf: value.description.utf8)
    }
  }

  public mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
  }

  public mutating func null() {
    separate()
    appendNull()
  }

  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)
  private static let hexDigits = Array("0123456789abcdef".utf8)

  private mutating func appendNull() { bytes.append(contentsOf: Self.nullBytes) }

  /// The comma before a value (none after a key or first in its container).
  @inline(__always)
  private mutating func separate() {
    if isAfterKey {
      isAfterKey = false
      return
    }
    guard let last = hasValue.indices.last else { return }
    if hasValue[last] { bytes.append(UInt8(ascii: ",")) }
    hasValue[last] = true
  }

  /// `text` quoted and escaped; runs that need no escape are copied whole.
  private mutating func appendString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        runStart = index + 1
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
          bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
          bytes.append(Self.hexDigits[Int(byte >> 4)])
          bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
