import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The characters the parser algorithm reads (W3C WebVTT §6.1 step 1), as UTF-8:
/// decoded with replacement (a leading byte order mark dropped, as "UTF-8 decode"
/// does), NUL replaced by U+FFFD, and CRLF and lone CR turned into LF.
struct WebVTTInput {
  var bytes: [UInt8]
  var warnings: [WebVTTWarning] = []

  init(utf8 raw: [UInt8], isKnownValid: Bool) {
    var bytes = raw
    if !isKnownValid {
      let decoded = String(decoding: raw, as: UTF8.self)
      if !Self.isSameBytes(decoded, raw) {
        bytes = Array(decoded.utf8)
        warnings.append(.invalidUTF8(line: Self.firstReplacementLine(raw: raw)))
      }
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if Self.contains(bytes, 0) || Self.contains(bytes, 0x0D) {
      let (normalized, nulCount, firstNULLine) = Self.normalize(bytes)
      bytes = normalized
      if nulCount > 0 {
        warnings.append(.nullCharacters(line: firstNULLine, count: nulCount))
      }
    }
    self.bytes = bytes
  }

  /// Whether decoding changed nothing (compared with `memcmp`, fast in debug builds).
  private static func isSameBytes(_ decoded: String, _ raw: [UInt8]) -> Bool {
    guard decoded.utf8.count == raw.count else { return false }
    guard !raw.isEmpty else { return true }
    let compared: Bool? = decoded.utf8.withContiguousStorageIfAvailable { stored in
      raw.withUnsafeBufferPointer { original in
        guard let left = stored.baseAddress, let right = original.baseAddress else { return false }
        return memcmp(left, right, raw.count) == 0
      }
    }
    return compared ?? decoded.utf8.elementsEqual(raw)
  }

  private static func contains(_ bytes: [UInt8], _ byte: UInt8) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return memchr(base, Int32(byte), buffer.count) != nil
    }
  }

  /// NUL to U+FFFD, CRLF and CR to LF, in one pass.
  private static func normalize(_ bytes: [UInt8]) -> ([UInt8], Int, Int) {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var nulCount = 0
    var firstNULLine = 0
    var line = 1
    bytes.withUnsafeBufferPointer { input in
      var index = 0
      while index < input.count {
        let byte = input[index]
        switch byte {
        case 0:
          output.append(contentsOf: [0xEF, 0xBF, 0xBD])
          nulCount += 1
          if firstNULLine == 0 { firstNULLine = line }
        case 0x0D:
          output.append(0x0A)
          line += 1
          if index + 1 < input.count, input[index + 1] == 0x0A { index += 1 }
        case 0x0A:
          output.append(0x0A)
          line += 1
        default:
          output.append(byte)
        }
        index += 1
      }
    }
    return (output, nulCount, firstNULLine)
  }

  /// The line of the first byte that is not part of valid UTF-8 (line ends counted
  /// as the spec counts them).
  private static func firstReplacementLine(raw: [UInt8]) -> Int {
    var line = 1
    var previousWasCR = false
    var iterator = raw.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let first = encoded.first
        if first == 0x0A {
          if !previousWasCR { line += 1 }
          previousWasCR = false
        } else if first == 0x0D {
          line += 1
          previousWasCR = true
        } else {
          previousWasCR = false
        }
      case .error:
        return line
      case .emptyInput:
        return line
      }
    }
  }
}
