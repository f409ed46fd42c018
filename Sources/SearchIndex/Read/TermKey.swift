/// A term's bytes as a dictionary key, hashed in one pass over its bytes. (An array of
/// bytes hashes each byte on its own, which was a tenth of a rare word's search over an
/// index of several segments, whose compilers share their lookups by key.)
struct TermKey: Hashable {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  func hash(into hasher: inout Hasher) {
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
  }

  static func == (left: TermKey, right: TermKey) -> Bool { left.bytes == right.bytes }
}
