/// SHA-256 (FIPS 180-4), written here so the library needs no crypto package.
/// Incremental: `update` any number of times, then `finalize`.
public struct SHA256: Sendable {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  private var buffer: [UInt8] = []
  private var byteCount: UInt64 = 0
  private var schedule = [UInt32](repeating: 0, count: 64)

  public init() { buffer.reserveCapacity(64) }

  public mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    for byte in bytes {
      buffer.append(byte)
      byteCount &+= 1
      if buffer.count == 64 {
        compress(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
  }

  public mutating func update(_ text: String) { update(text.utf8) }

  /// The 32-byte digest. The hasher is spent afterwards.
  public mutating func finalize() -> [UInt8] {
    let bitCount = byteCount &* 8
    buffer.append(0x80)
    if buffer.count > 56 {
      buffer.append(contentsOf: repeatElement(0, count: 64 - buffer.count))
      compress(buffer)
      buffer.removeAll(keepingCapacity: true)
    }
    buffer.append(contentsOf: repeatElement(0, count: 56 - buffer.count))
    for shift in stride(from: 56, through: 0, by: -8) {
      buffer.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
    }
    compress(buffer)
    buffer.removeAll()
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in state {
      for shift in stride(from: 24, through: 0, by: -8) {
        digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return digest
  }

  /// The digest of `bytes` as 64 lower-case hex digits.
  public static func hexDigest<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var hasher = SHA256()
    hasher.update(bytes)
    return hex(hasher.finalize())
  }

  static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".unicodeScalars)
    var text = String.UnicodeScalarView()
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(text)
  }

  private mutating func compress(_ block: [UInt8]) {
    for t in 0..<16 {
      let i = t * 4
      schedule[t] =
        UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
    }
    for t in 16..<64 {
      let s0 = rotr(schedule[t - 15], 7) ^ rotr(schedule[t - 15], 18) ^ (schedule[t - 15] >> 3)
      let s1 = rotr(schedule[t - 2], 17) ^ rotr(schedule[t - 2], 19) ^ (schedule[t - 2] >> 10)
      schedule[t] = schedule[t - 16] &+ s0 &+ schedule[t - 7] &+ s1
    }
    var a = state[0]
    var b = state[1]
    var c = state[2]
    var d = state[3]
    var e = state[4]
    var f = state[5]
    var g = state[6]
    var h = state[7]
    for t in 0..<64 {
      let sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      let choice = (e & f) ^ (~e & g)
      let temp1 = h &+ sum1 &+ choice &+ Self.roundConstants[t] &+ schedule[t]
      let sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let temp2 = sum0 &+ majority
      h = g
      g = f
      f = e
      e = d &+ temp1
      d = c
      c = b
      b = a
      a = temp1 &+ temp2
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  private func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }
}
