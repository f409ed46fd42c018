import DocumentModel

/// Stable, readable ids for passages, independent of index internals:
/// `tech-talks/111466@3:46` for a talk, `tech-talks/111466/ja@3:46` for its Japanese
/// document (`DocumentID.localized`), `hig/designing-for-iphone-duo#anchor` for a HIG
/// section, with a short content-hash suffix (`~1a2b`) only where the base names more than
/// one passage of the document.
public struct CitationID: Sendable, Hashable, CustomStringConvertible {
  public enum Locator: Sendable, Hashable {
    /// Whole seconds from the start of the talk.
    case time(seconds: Int)
    /// A section anchor; nil for text before the first heading.
    case anchor(String?)
  }

  public var documentID: String
  public var locator: Locator
  /// Hex prefix of the SHA-256 of the passage text.
  public var suffix: String?

  public init(documentID: String, locator: Locator, suffix: String? = nil) {
    self.documentID = documentID
    self.locator = locator
    self.suffix = suffix
  }

  public var description: String { base + (suffix.map { "~\($0)" } ?? "") }

  /// The id without its suffix.
  public var base: String {
    switch locator {
    case .time(let seconds): "\(documentID)@\(Timecode.format(seconds: seconds))"
    case .anchor(let anchor): anchor.map { "\(documentID)#\($0)" } ?? documentID
    }
  }

  /// Reads `doc@m:ss[~hash]`, `doc#anchor[~hash]` or `doc[~hash]`.
  public init?(parsing text: String) {
    var body = Substring(text)
    var suffix: String?
    if let tilde = body.lastIndex(of: "~") {
      let hash = body[body.index(after: tilde)...]
      guard !hash.isEmpty, hash.allSatisfy(\.isHexDigit) else { return nil }
      suffix = hash.lowercased()
      body = body[..<tilde]
    }
    if let at = body.lastIndex(of: "@"), let seconds = Timecode.parse(body[body.index(after: at)...]) {
      self.init(documentID: String(body[..<at]), locator: .time(seconds: seconds), suffix: suffix)
    } else if let hash = body.firstIndex(of: "#") {
      self.init(
        documentID: String(body[..<hash]), locator: .anchor(String(body[body.index(after: hash)...])),
        suffix: suffix)
    } else {
      self.init(documentID: String(body), locator: .anchor(nil), suffix: suffix)
    }
    guard DocumentID.isValid(documentID) else { return nil }
  }

  /// The base locator of a passage.
  public static func locator(kind: DocumentKind, startMilliseconds: Int?, anchor: String?) -> Locator {
    if kind == .talk, let start = startMilliseconds { return .time(seconds: max(0, start) / 1000) }
    return .anchor(anchor)
  }

  /// The id of passage `index` among `passages` (one document's, in order): the base, with
  /// the shortest hash suffix (at least 4 hex digits) that no other passage sharing the base has.
  public static func forPassage(
    at index: Int, documentID: String, kind: DocumentKind, passages: [(text: String, start: Int?, anchor: String?)]
  ) -> CitationID {
    let mine = passages[index]
    let locator = locator(kind: kind, startMilliseconds: mine.start, anchor: mine.anchor)
    let rivals = passages.indices.filter {
      $0 != index
        && self.locator(kind: kind, startMilliseconds: passages[$0].start, anchor: passages[$0].anchor) == locator
    }
    guard !rivals.isEmpty else { return CitationID(documentID: documentID, locator: locator) }
    let digest = SHA256.hexDigest(Array(mine.text.utf8))
    let rivalDigests = rivals.map { SHA256.hexDigest(Array(passages[$0].text.utf8)) }
    var length = 4
    while length < digest.count, rivalDigests.contains(where: { $0.hasPrefix(digest.prefix(length)) }) {
      length += 2
    }
    return CitationID(documentID: documentID, locator: locator, suffix: String(digest.prefix(length)))
  }
}
