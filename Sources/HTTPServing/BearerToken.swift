/// A shared secret a client sends as `Authorization: Bearer TOKEN` (RFC 6750 §2.1).
public struct BearerToken: Sendable {
  private let bytes: [UInt8]

  /// Nil for an empty token (which would let anyone in).
  public init?(_ text: String) {
    guard !text.isEmpty else { return nil }
    bytes = Array(text.utf8)
  }

  /// Whether an `Authorization` field carries this token. The comparison takes the same
  /// time wherever the first difference is, so that timing does not reveal the token.
  public func isCarried(by authorization: String?) -> Bool {
    guard let authorization else { return false }
    let scheme = "bearer "
    let field = Array(authorization.utf8)
    guard field.count > scheme.utf8.count,
      String(decoding: field.prefix(scheme.utf8.count), as: UTF8.self).lowercased() == scheme
    else { return false }
    return Self.constantTimeEqual(Array(field.dropFirst(scheme.utf8.count)), bytes)
  }

  /// Equal bytes, in time that depends only on the lengths.
  static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    var difference = UInt64(truncatingIfNeeded: left.count ^ right.count)
    for index in 0..<max(left.count, right.count) {
      let a = index < left.count ? left[index] : 0
      let b = index < right.count ? right[index] : 0
      difference |= UInt64(a ^ b)
    }
    return difference == 0
  }
}
