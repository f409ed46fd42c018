#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The members of a JSON object found without decoding their values: each key as written
/// and the bytes of its value. A reader that needs a few small fields of a large file (a
/// document's validators, beside its passages and cues) picks them out with `selecting`
/// and decodes only those.
///
/// The scan checks the structure it walks — strings closed, brackets paired in kind, a
/// colon after each key, a comma or the end after each value — but not what is inside a
/// skipped value (a number's digits, a string's escapes and characters): what is
/// selected is decoded afterwards, and decoding checks it. Nesting costs no stack, so any
/// depth is safe.
public enum JSONMembers {
  public struct Member: Sendable, Equatable {
    /// The key's bytes between its quotes, escapes as written.
    public var key: Range<Int>
    /// The value's bytes, from its first character to its last.
    public var value: Range<Int>
  }

  /// The members of the object that `bytes` holds (after optional whitespace, a BOM-less
  /// UTF-8 object and nothing but whitespace after it), in the order written.
  public static func scan(_ bytes: UnsafeRawBufferPointer) throws(JSONScanError) -> [Member] {
    var scanner = Scanner(bytes: bytes)
    return try scanner.object(until: nil)
  }

  /// A JSON object holding only the members of `data`'s object whose keys are in `keys`
  /// (compared as written, so a key spelled with escapes is not recognized), in their
  /// order and duplicates kept, for a decoder to read as it would the whole object.
  ///
  /// With `stoppingOnceFound`, the scan ends at the member that completes `keys`: what
  /// follows is not walked, so a file that writes its small fields first (a document's
  /// head before its text) costs the length of those fields, and damage after them is
  /// left for the reader of the whole file to find.
  public static func selecting(_ keys: Set<String>, from data: Data, stoppingOnceFound: Bool = false)
    throws(JSONScanError) -> Data
  {
    let wanted = Set(keys.map { Array($0.utf8) })
    let selected: Result<Data, JSONScanError> = data.withUnsafeBytes { bytes in
      do throws(JSONScanError) {
        var selected = Data("{".utf8)
        var scanner = Scanner(bytes: bytes)
        let members = try scanner.object(until: stoppingOnceFound ? wanted : nil)
        for member in members where wanted.contains(Array(bytes[member.key])) {
          if selected.count > 1 { selected.append(UInt8(ascii: ",")) }
          selected.append(UInt8(ascii: "\""))
          selected.append(contentsOf: bytes[member.key])
          selected.append(contentsOf: Array("\":".utf8))
          selected.append(contentsOf: bytes[member.value])
        }
        selected.append(UInt8(ascii: "}"))
        return .success(selected)
      } catch {
        return .failure(error)
      }
    }
    return try selected.get()
  }

  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    /// The object's members; when `until` is given, only those up to the member with which
    /// every key of `until` has been seen, the rest not walked.
    mutating func object(until: Set<[UInt8]>?) throws(JSONScanError) -> [Member] {
      var unseen = until ?? []
      skipWhitespace()
      try expect(UInt8(ascii: "{"), "an object")
      var members: [Member] = []
      skipWhitespace()
      if peek() == UInt8(ascii: "}") {
        offset += 1
      } else {
        while true {
          skipWhitespace()
          guard peek() == UInt8(ascii: "\"") else { throw error("a key in quotes") }
          let keyStart = offset + 1
          try skipString()
          let key = keyStart..<(offset - 1)
          skipWhitespace()
          try expect(UInt8(ascii: ":"), "a colon after the key")
          skipWhitespace()
          let valueStart = offset
          try skipValue()
          members.append(Member(key: key, value: valueStart..<offset))
          if until != nil, !unseen.isEmpty, unseen.remove(Array(bytes[key])) != nil, unseen.isEmpty {
            return members
          }
          skipWhitespace()
          if peek() == UInt8(ascii: ",") {
            offset += 1
            continue
          }
          try expect(UInt8(ascii: "}"), "a comma or the end of the object")
          break
        }
      }
      skipWhitespace()
      guard offset == bytes.count else { throw error("nothing after the object") }
      return members
    }

    /// Skips one value: a string, an object or array with everything in it, or a scalar.
    mutating func skipValue() throws(JSONScanError) {
      guard let first = peek() else { throw error("a value") }
      switch first {
      case UInt8(ascii: "\""):
        try skipString()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        try skipContainer()
      default:
        let start = offset
        while let byte = peek(), !Self.endsScalar(byte) { offset += 1 }
        guard offset > start else { throw error("a value") }
      }
    }

    /// Skips a string from its opening quote to just past its closing one: the next quote
    /// not escaped (after an even run of backslashes), found with `memchr`.
    mutating func skipString() throws(JSONScanError) {
      guard let base = bytes.baseAddress else { throw error("the end of the string") }
      var from = offset + 1
      while from < bytes.count {
        guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) else { break }
        let quote = base.distance(to: UnsafeRawPointer(found))
        var backslashes = 0
        while quote - backslashes - 1 > offset, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
          backslashes += 1
        }
        if backslashes % 2 == 0 {
          offset = quote + 1
          return
        }
        from = quote + 1
      }
      throw .malformed(offset: bytes.count, expected: "the end of the string")
    }

    /// Skips an object or array, tracking the closers it owes so that `[}` is refused.
    mutating func skipContainer() throws(JSONScanError) {
      var closers: [UInt8] = []
      repeat {
        guard let byte = peek() else {
          throw error("the end of the \(closers.last == UInt8(ascii: "]") ? "array" : "object")")
        }
        switch byte {
        case UInt8(ascii: "\""):
          try skipString()
          continue
        case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
        case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          guard closers.last == byte else { throw error("a matching bracket") }
          closers.removeLast()
        default: break
        }
        offset += 1
      } while !closers.isEmpty
    }

    mutating func skipWhitespace() {
      while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONScanError) {
      guard peek() == byte else { throw error(what) }
      offset += 1
    }

    func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func error(_ expected: String) -> JSONScanError { .malformed(offset: min(offset, bytes.count), expected: expected) }

    static func endsScalar(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20
        || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
  }
}
