import AppleSite
import DocumentModel
import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every way a user names a moment or a place in the knowledge base, as `quote`, `cite` and
/// the MCP tools read it:
///
/// - a citation id: `tech-talks/111466@3:46`, `@1:02:03`, `@3:46.2`, `hig/layout#Adaptability`,
///   an old `~hash`;
/// - a range: `tech-talks/111461@3:42-4:51` (en dash and em dash too): every passage in it;
/// - an Apple deep link: `…/videos/play/tech-talks/111463/?time=226` (or `t=226`),
///   `…/design/human-interface-guidelines/layout#adaptability`, with or without a locale
///   prefix; a talk under `/jp/`, `/kr/` or `/cn/` names the talk's document in that
///   language (`tech-talks/111463/ja`, `LocalizedSite`), any other prefix the talk's own;
/// - a bare document id (`tech-talks/111463`, a talk page or HIG page link): the document
///   itself, its title and chapters, never a silent first passage;
/// - a document number alone (`111463@3:46`): not an id, but resolved to a suggestion.
public enum MomentReference: Sendable, Equatable {
  case citation(CitationID)
  case range(documentID: String, fromSeconds: Int, toSeconds: Int)
  case document(String)
  /// `111463@3:46`: the number of a talk without its event, and what followed it.
  case unqualified(number: String, rest: String)

  public init?(parsing raw: String) {
    var text = raw.trimmingWhitespaceAndNewlines()
    if text.hasPrefix("<"), text.hasSuffix(">") { text = String(text.dropFirst().dropLast()) }
    if text.hasPrefix("`"), text.hasSuffix("`"), text.count > 1 { text = String(text.dropFirst().dropLast()) }
    guard !text.isEmpty, text.count <= 2_000 else { return nil }
    if text.lowercased().hasPrefix("http://") || text.lowercased().hasPrefix("https://") {
      guard let reference = Self.link(text) else { return nil }
      self = reference
      return
    }
    if let at = text.firstIndex(of: "@") {
      let id = String(text[..<at])
      let time = text[text.index(after: at)...]
      if let dash = time.firstIndex(where: { "-–—".contains($0) }),
        let from = Timecode.parse(time[..<dash]), let to = Timecode.parse(time[time.index(after: dash)...])
      {
        guard from <= to else { return nil }
        guard DocumentID.isValid(id) else { return nil }
        self = .range(documentID: id, fromSeconds: from, toSeconds: to)
        return
      }
      if !id.isEmpty, id.allSatisfy(\.isNumber) {
        self = .unqualified(number: id, rest: String(text[at...]))
        return
      }
    } else if text.allSatisfy(\.isNumber), (3...8).contains(text.count) {
      self = .unqualified(number: text, rest: "")
      return
    }
    guard let citation = CitationID(parsing: text) else { return nil }
    if case .anchor(nil) = citation.locator, citation.suffix == nil, citation.ordinal == nil {
      self = .document(citation.documentID)
    } else {
      self = .citation(citation)
    }
  }

  /// The document the reference names.
  public var documentID: String? {
    switch self {
    case .citation(let citation): citation.documentID
    case .range(let id, _, _): id
    case .document(let id): id
    case .unqualified: nil
    }
  }

  /// A talk page, HIG page or documentation page link (`…/documentation/uikit/uiview#overview`),
  /// read as its document and moment or section.
  static func link(_ text: String) -> MomentReference? {
    guard let components = URLComponents(string: text) else { return nil }
    var parts = components.path.split(separator: "/").map { String($0) }
    // A locale prefix: `/jp/`, `/kr/`, `/cn/`, `/fr/`, `/zh-hans/`.
    var locale: String?
    if let first = parts.first, first.count <= 7,
      isLocaleSegment(first),
      parts.count > 1, ["videos", "design"].contains(parts[1].lowercased())
    {
      locale = parts.removeFirst()
    }
    let lower = parts.map { $0.lowercased() }
    if lower.count >= 4, lower[0] == "videos", lower[1] == "play" {
      let talk = "\(lower[2])/\(lower[3])"
      let language = locale.flatMap(LocalizedSite.language(forFolder:)) ?? "en"
      guard DocumentID.isValid(talk), let id = try? DocumentID.localized(talk, language: language) else { return nil }
      let time = components.queryItems?.first { $0.name == "time" || $0.name == "t" }?.value
      if let time {
        let digits = time.hasSuffix("s") ? String(time.dropLast()) : time
        guard let seconds = Int(digits), seconds >= 0, seconds < 1_000_000 else { return nil }
        return .citation(CitationID(documentID: id, locator: .time(seconds: seconds)))
      }
      return .document(id)
    }
    if let guide = lower.firstIndex(of: "human-interface-guidelines"), guide + 1 < lower.count {
      let id = "hig/\(lower[guide + 1])"
      guard DocumentID.isValid(id) else { return nil }
      if let fragment = components.fragment, !fragment.isEmpty {
        return .citation(CitationID(documentID: id, locator: .anchor(fragment)))
      }
      return .document(id)
    }
    if lower.count >= 2, lower[0] == "documentation",
      let id = try? DocumentID.documentation(path: parts.dropFirst().joined(separator: "/"))
    {
      if let fragment = components.fragment, !fragment.isEmpty {
        return .citation(CitationID(documentID: id, locator: .anchor(fragment)))
      }
      return .document(id)
    }
    return nil
  }

  /// `xx` or `xx-yyyy` in lower-case ASCII letters (2, then 2 to 4): a locale prefix.
  private static func isLocaleSegment(_ segment: String) -> Bool {
    let parts = segment.split(separator: "-", omittingEmptySubsequences: false)
    let isLower = { (part: Substring) in part.allSatisfy { ("a"..."z").contains($0) } }
    guard parts.count <= 2, parts[0].count == 2, isLower(parts[0]) else { return false }
    return parts.count == 1 || ((2...4).contains(parts[1].count) && isLower(parts[1]))
  }
}
