/// Document ids name corpus files, so they must be safe as relative file paths on every
/// system whatever a URL contained: `tech-talks/111466`, `wwdc2024/10173`, `hig/<slug>`.
///
/// A valid id is 1 to `maximumSegments` segments joined by `/`, at most `maximumLength`
/// bytes; each segment is 1 to `maximumSegmentLength` characters from `a-z`, `0-9`, `-`,
/// `_`, `.`, starts with a letter or digit (so never `.`, `..` or a hidden file) and holds
/// no `..`.
public enum DocumentID {
  public static let maximumLength = 160
  public static let maximumSegmentLength = 80
  public static let maximumSegments = 4

  /// `id` itself when it is valid; otherwise an error naming the rule it breaks.
  @discardableResult
  public static func validate(_ id: String) throws(DocumentModelError) -> String {
    if let reason = problem(with: id) { throw .invalidDocumentID(id: id, reason: reason) }
    return id
  }

  public static func isValid(_ id: String) -> Bool { problem(with: id) == nil }

  /// A valid id made from `raw` (a URL path, a collection and number, a slug): ASCII
  /// letters lower-cased, any other character outside the alphabet becomes `-`, runs of
  /// `-` and of `.` shrink to one, segments lose leading and trailing punctuation, empty
  /// segments are dropped. Percent escapes are not decoded (`%2e` stays harmless text).
  /// Throws when nothing usable is left or the result is too long.
  public static func sanitize(_ raw: String) throws(DocumentModelError) -> String {
    guard raw.utf8.count <= maximumLength * 4 else {
      throw .invalidDocumentID(id: raw, reason: "longer than \(maximumLength) bytes")
    }
    let segments = raw.split(separator: "/").map(sanitizeSegment).filter { !$0.isEmpty }
    guard !segments.isEmpty else {
      throw .invalidDocumentID(id: raw, reason: "no letters or digits to name a file with")
    }
    return try validate(segments.joined(separator: "/"))
  }

  /// `<collection>/<number>`, as in the talk page path `/videos/play/wwdc2024/10173/`.
  public static func talk(collection: String, number: String) throws(DocumentModelError) -> String {
    try sanitize(collection + "/" + number)
  }

  /// `hig/<slug>`, the slug lower-cased (Apple's identifiers differ in case from its URLs).
  public static func hig(slug: String) throws(DocumentModelError) -> String {
    try sanitize("hig/" + slug.replacingSlashes())
  }

  static func sanitizeSegment(_ segment: Substring) -> String {
    var result = String.UnicodeScalarView()
    for scalar in segment.unicodeScalars {
      var mapped = scalar
      if ("A"..."Z").contains(scalar) {
        mapped = Unicode.Scalar(scalar.value + 32)!
      } else if !isAllowed(scalar) {
        mapped = "-"
      }
      if mapped == "-" || mapped == ".", result.last == mapped { continue }
      result.append(mapped)
    }
    let trimmed = String(result).trimmingPunctuation()
    return String(trimmed.unicodeScalars.prefix(maximumSegmentLength)).trimmingPunctuation()
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
      || scalar == "."
  }

  private static func problem(with id: String) -> String? {
    if id.isEmpty { return "empty" }
    if id.utf8.count > maximumLength { return "longer than \(maximumLength) bytes" }
    let segments = id.split(separator: "/", omittingEmptySubsequences: false)
    if segments.count > maximumSegments { return "more than \(maximumSegments) segments" }
    for segment in segments {
      if segment.isEmpty { return "an empty segment" }
      if segment.utf8.count > maximumSegmentLength {
        return "a segment longer than \(maximumSegmentLength) characters"
      }
      if let bad = segment.unicodeScalars.first(where: { !isAllowed($0) }) {
        return "character U+\(String(bad.value, radix: 16, uppercase: true)) outside a-z 0-9 - _ ."
      }
      if let first = segment.unicodeScalars.first, !(("a"..."z").contains(first) || ("0"..."9").contains(first)) {
        return "a segment starting with '\(first)'"
      }
      if segment.contains("..") { return "'..' in a segment" }
    }
    return nil
  }
}

extension String {
  /// Without leading `-`, `_`, `.` and trailing `-`, `.`.
  fileprivate func trimmingPunctuation() -> String {
    var scalars = Substring(self).unicodeScalars[...]
    while let first = scalars.first, first == "-" || first == "_" || first == "." { scalars.removeFirst() }
    while let last = scalars.last, last == "-" || last == "." { scalars.removeLast() }
    return String(Substring(scalars))
  }

  fileprivate func replacingSlashes() -> String {
    String(String.UnicodeScalarView(unicodeScalars.map { $0 == "/" || $0 == "\\" ? "-" : $0 }))
  }
}
