import DocumentModel

/// Stable, readable ids for passages, independent of index internals:
/// `tech-talks/111466@3:46` for a talk, `tech-talks/111466/ja@3:46` for its Japanese
/// document (`DocumentID.localized`), `hig/designing-for-iphone-duo#anchor` for a HIG
/// section. Where the time or anchor names more than one passage of the document, each has
/// its place among them in reading order: `tech-talks/111463@16:40.2`,
/// `hig/layout#Sheets.3`, `hig/layout#.2` (text before the first heading). The id without
/// it names them all. Ids written before places were given end in a hash of the passage
/// text (`~1a2b`); they are still read.
public struct CitationID: Sendable, Hashable, CustomStringConvertible {
  public enum Locator: Sendable, Hashable {
    /// Whole seconds from the start of the talk.
    case time(seconds: Int)
    /// A section anchor; nil for text before the first heading.
    case anchor(String?)
  }

  public var documentID: String
  public var locator: Locator
  /// The passage's place (from 1) among those the locator names, in reading order; nil
  /// when it is the only one, or for all of them.
  public var ordinal: Int?
  /// Hex prefix of the SHA-256 of the passage text: how ids named a passage before
  /// ordinals. Read, never written.
  public var suffix: String?

  public init(documentID: String, locator: Locator, ordinal: Int? = nil, suffix: String? = nil) {
    self.documentID = documentID
    self.locator = locator
    self.ordinal = ordinal
    self.suffix = suffix
  }

  public var description: String {
    var text = base
    if let ordinal { text += (locator == .anchor(nil) ? "#." : ".") + String(ordinal) }
    return text + (suffix.map { "~\($0)" } ?? "")
  }

  /// The id without its place or suffix: every passage at that time or in that section.
  public var base: String {
    switch locator {
    case .time(let seconds): "\(documentID)@\(Timecode.format(seconds: seconds))"
    case .anchor(let anchor): anchor.map { "\(documentID)#\($0)" } ?? documentID
    }
  }

  /// Reads `doc@m:ss[.n]`, `doc#anchor[.n]`, `doc#.n` or `doc`, each with an old `~hash`
  /// suffix or not.
  public init?(parsing text: String) {
    var body = Substring(text)
    var suffix: String?
    if let tilde = body.lastIndex(of: "~") {
      let hash = body[body.index(after: tilde)...]
      guard !hash.isEmpty, hash.allSatisfy(\.isHexDigit) else { return nil }
      suffix = hash.lowercased()
      body = body[..<tilde]
    }
    if let at = body.lastIndex(of: "@") {
      let (time, ordinal) = Self.splittingOrdinal(body[body.index(after: at)...])
      if let seconds = Timecode.parse(time) {
        self.init(
          documentID: String(body[..<at]), locator: .time(seconds: seconds), ordinal: ordinal, suffix: suffix)
        guard DocumentID.isValid(documentID) else { return nil }
        return
      }
    }
    if let hash = body.firstIndex(of: "#") {
      let (anchor, ordinal) = Self.splittingOrdinal(body[body.index(after: hash)...])
      let locator = Locator.anchor(anchor.isEmpty && ordinal != nil ? nil : String(anchor))
      self.init(documentID: String(body[..<hash]), locator: locator, ordinal: ordinal, suffix: suffix)
    } else {
      self.init(documentID: String(body), locator: .anchor(nil), suffix: suffix)
    }
    guard DocumentID.isValid(documentID) else { return nil }
  }

  /// `16:40.2` → (`16:40`, 2): a place of one to four digits, from 1, after the last dot.
  static func splittingOrdinal(_ text: Substring) -> (Substring, Int?) {
    guard let dot = text.lastIndex(of: ".") else { return (text, nil) }
    let digits = text[text.index(after: dot)...]
    guard (1...4).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), number > 0
    else { return (text, nil) }
    return (text[..<dot], number)
  }

  /// The base locator of a passage.
  public static func locator(kind: DocumentKind, startMilliseconds: Int?, anchor: String?) -> Locator {
    if kind == .talk, let start = startMilliseconds { return .time(seconds: max(0, start) / 1000) }
    return .anchor(anchor)
  }

  /// The id of passage `index` among `passages` (one document's, in order): the base, with
  /// its place among the passages that share the base when there are several.
  public static func forPassage(
    at index: Int, documentID: String, kind: DocumentKind, passages: [(text: String, start: Int?, anchor: String?)]
  ) -> CitationID {
    let mine = passages[index]
    let locator = locator(kind: kind, startMilliseconds: mine.start, anchor: mine.anchor)
    let sharing = passages.indices.filter {
      self.locator(kind: kind, startMilliseconds: passages[$0].start, anchor: passages[$0].anchor) == locator
    }
    guard sharing.count > 1, let place = sharing.firstIndex(of: index) else {
      return CitationID(documentID: documentID, locator: locator)
    }
    return CitationID(documentID: documentID, locator: locator, ordinal: place + 1)
  }
}
