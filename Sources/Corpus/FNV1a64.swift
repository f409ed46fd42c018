/// 64-bit FNV-1a: a fast, non-cryptographic hash for change detection (fingerprints).
struct FNV1a64 {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func combine(_ text: String) {
    for byte in text.utf8 {
      state ^= UInt64(byte)
      state = state &* 0x0000_0100_0000_01b3
    }
    state ^= 0xff  // field separator, so ("ab","c") and ("a","bc") differ
    state = state &* 0x0000_0100_0000_01b3
  }

  var hexDigest: String {
    let hex = String(state, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
