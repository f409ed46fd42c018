/// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`, `(in: .whitespaces)` and
/// `(in: CharacterSet(charactersIn:))`,
/// for the modules that must not link Foundation: scalars of Unicode's White_Space property
/// (or, for `trimmingSpaces`, the space separators and the tab) cut from both ends.
extension StringProtocol {
  public func trimmingWhitespaceAndNewlines() -> String {
    trimmed { $0.properties.isWhitespace }
  }

  public func trimmingSpaces() -> String {
    trimmed { $0.properties.generalCategory == .spaceSeparator || $0 == "\t" }
  }

  /// The characters of `set` cut from both ends.
  public func trimming(_ set: Set<Character>) -> String {
    guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) })
    else { return "" }
    return String(self[first...last])
  }

  private func trimmed(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[first...last])
    return String(kept)
  }
}
