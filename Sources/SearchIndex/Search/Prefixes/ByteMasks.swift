/// Byte-wise comparisons of the eight bytes of a word (byte k at bits 8k to 8k + 7), with
/// no carry from one byte into the next: each gives the high bit of every byte (0x80)
/// where the comparison holds, so a scan visits only those bytes.
enum ByteMasks {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highBits: UInt64 = 0x8080_8080_8080_8080
  static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

  /// Bytes greater than `n` (0...127): the low seven bits plus 127 - n reach the high bit
  /// exactly when they exceed n, without passing 254; a byte of 128 or more exceeds n.
  @inline(__always)
  static func above(_ word: UInt64, _ n: UInt64) -> UInt64 {
    (((word & lowBits) &+ (127 &- n) &* ones) | word) & highBits
  }

  /// Bytes equal to `value` (0...255).
  @inline(__always)
  static func equal(_ word: UInt64, _ value: UInt64) -> UInt64 {
    let difference = word ^ (value &* ones)
    return ~(((difference & lowBits) &+ lowBits) | difference) & highBits
  }

  /// Bytes at most `n`: all of them for n of 255 or more, none for a negative n.
  @inline(__always)
  static func atMost(_ word: UInt64, _ n: Int) -> UInt64 {
    if n < 0 { return 0 }
    if n >= 255 { return highBits }
    if n <= 127 { return ~above(word, UInt64(n)) & highBits }
    // 128...254: bytes below 128, and those of 128 or more at most n.
    let low = ~word & highBits
    let high = word & highBits
    return low | high & ~above(word & lowBits, UInt64(n - 128))
  }
}
