import Foundation

/// A gzip member (RFC 1952) whose deflate stream uses stored blocks only (RFC 1951 §3.2.4):
/// valid gzip that any decoder reads, written without a compressor.
enum LoopbackGzip {
  static func encode(_ data: Data) -> Data {
    var out = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
    let bytes = [UInt8](data)
    var offset = 0
    repeat {
      let length = min(65_535, bytes.count - offset)
      let isFinal = offset + length == bytes.count
      out.append(isFinal ? 1 : 0)
      appendLittleEndian(UInt16(length), to: &out)
      appendLittleEndian(~UInt16(length), to: &out)
      out.append(contentsOf: bytes[offset..<offset + length])
      offset += length
    } while offset < bytes.count
    appendLittleEndian(crc32(bytes), to: &out)
    appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), to: &out)
    return out
  }

  private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
    for shift in stride(from: 0, to: T.bitWidth, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> shift)) }
  }

  /// CRC-32 with the reflected polynomial 0xEDB88320 (RFC 1952 §8).
  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = (crc >> 1) ^ (0xedb8_8320 & (0 &- (crc & 1))) }
    }
    return ~crc
  }
}
