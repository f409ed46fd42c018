/// CRC-32 (ISO-HDLC, as zlib and PNG: reflected polynomial 0xEDB88320), slicing by 8.
struct CRC32: Sendable {
  private(set) var value: UInt32 = 0xFFFF_FFFF

  /// Eight 256-entry tables, one after the other.
  static let table: [UInt32] = {
    var table = [UInt32](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var crc = UInt32(index)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      table[index] = crc
    }
    for slice in 1..<8 {
      for index in 0..<256 {
        let previous = table[(slice - 1) * 256 + index]
        table[slice * 256 + index] = (previous >> 8) ^ table[Int(previous & 0xFF)]
      }
    }
    return table
  }()

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = value
    let count = bytes.count
    Self.table.withUnsafeBufferPointer { t in
      var index = 0
      while index + 8 <= count {
        let low =
          crc
          ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
            | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
        let a = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
        let b = t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
        let c = t[3 * 256 + Int(bytes[index + 4])] ^ t[2 * 256 + Int(bytes[index + 5])]
        let d = t[256 + Int(bytes[index + 6])] ^ t[Int(bytes[index + 7])]
        crc = a ^ b ^ c ^ d
        index += 8
      }
      while index < count {
        crc = (crc >> 8) ^ t[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
        index += 1
      }
    }
    value = crc
  }

  var checksum: UInt32 { value ^ 0xFFFF_FFFF }

  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.checksum
  }
}
