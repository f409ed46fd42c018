import Foundation

/// A small gzip member (RFC 1952) that decodes to a large body: `prefix`, then `byte`
/// `count` times, then `suffix`. The run is one literal and back-references of length
/// 258 at distance 1 in a fixed-Huffman block (RFC 1951 §3.2.6): about 13 bits per 258
/// bytes, so 30 MB travel as about 190 kB. For tests of decoded-size limits.
public enum LoopbackGzipBomb {
  public static func encode(prefix: Data, repeating byte: UInt8, count: Int, suffix: Data) -> Data {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    for value in prefix { bits.literal(value) }
    var left = max(0, count)
    if left > 0 {
      bits.literal(byte)
      left -= 1
    }
    while left >= 258 {
      bits.huffman(0b1100_0101, length: 8)  // length code 285: 258, no extra bits
      bits.huffman(0, length: 5)  // distance code 0: distance 1
      left -= 258
    }
    for _ in 0..<left { bits.literal(byte) }
    for value in suffix { bits.literal(value) }
    bits.huffman(0, length: 7)  // end of block (256)
    var out = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
    out.append(contentsOf: bits.finished)
    var crc = CRC32()
    crc.update(prefix)
    crc.update(repeating: byte, count: max(0, count))
    crc.update(suffix)
    append(crc.value, to: &out)
    append(UInt32(truncatingIfNeeded: prefix.count + max(0, count) + suffix.count), to: &out)
    return out
  }

  private static func append(_ value: UInt32, to data: inout Data) {
    for shift in stride(from: 0, to: 32, by: 8) { data.append(UInt8(truncatingIfNeeded: value >> shift)) }
  }

  /// Bits packed least significant first, as deflate stores them.
  private struct BitWriter {
    var bytes: [UInt8] = []
    private var current: UInt32 = 0
    private var used = 0

    mutating func write(_ value: UInt32, count: Int) {
      for index in 0..<count {
        current |= ((value >> UInt32(index)) & 1) << UInt32(used)
        used += 1
        if used == 8 { flush() }
      }
    }

    /// A Huffman code, which deflate stores most significant bit first.
    mutating func huffman(_ code: UInt32, length: Int) {
      for index in (0..<length).reversed() { write((code >> UInt32(index)) & 1, count: 1) }
    }

    mutating func literal(_ value: UInt8) {
      if value < 144 {
        huffman(0x30 + UInt32(value), length: 8)
      } else {
        huffman(0x190 + UInt32(value) - 144, length: 9)
      }
    }

    private mutating func flush() {
      bytes.append(UInt8(truncatingIfNeeded: current))
      current = 0
      used = 0
    }

    var finished: [UInt8] { used > 0 ? bytes + [UInt8(truncatingIfNeeded: current)] : bytes }
  }

  /// CRC-32 (RFC 1952 §8), table driven.
  private struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
      var crc = UInt32(index)
      for _ in 0..<8 { crc = (crc >> 1) ^ (0xedb8_8320 & (0 &- (crc & 1))) }
      return crc
    }
    private var state: UInt32 = 0xffff_ffff
    var value: UInt32 { ~state }

    mutating func update(_ data: Data) {
      for byte in data { state = Self.table[Int((state ^ UInt32(byte)) & 0xff)] ^ (state >> 8) }
    }

    mutating func update(repeating byte: UInt8, count: Int) {
      for _ in 0..<count { state = Self.table[Int((state ^ UInt32(byte)) & 0xff)] ^ (state >> 8) }
    }
  }
}
