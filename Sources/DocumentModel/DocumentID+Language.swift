/// The ids of a talk harvested in several languages.
///
/// English keeps the talk's id (`wwdc2024/10173`); every other language adds its BCP 47
/// tag, lower-cased, as one more segment: `wwdc2024/10173/ja`, `wwdc2024/10173/zh-hans`,
/// `wwdc2024/10173/ko`. Such an id is still an id (`wwdc2024/10173/ja@3:46` cites, quotes
/// and links like any other) and cannot be another document's:
///
/// - an id made from a talk page URL has exactly two segments, the second all digits;
/// - a HIG page's is `hig/<slug>`, a documentation page's `doc/<path>`, never a talk's base;
/// - an id a source gives itself (a master playlist's `--id`) may not end in a segment
///   shaped like a language tag, nor name a HIG page (`isReservedForLanguages`).
extension DocumentID {
  /// The id of `base` harvested in `language` (a BCP 47 tag such as `ja`, `zh-Hans`, `en`).
  public static func localized(_ base: String, language: String) throws(DocumentModelError) -> String {
    let tag = language.lowercased()
    if isEnglish(tag) { return base }
    guard isLanguageSegment(tag) else {
      throw .invalidDocumentID(id: base + "/" + tag, reason: "'\(language)' is not a language tag")
    }
    return try validate(base + "/" + tag)
  }

  /// The language an id names by its last segment (`ja`, `zh-hans`), nil for English ids.
  public static func language(of id: String) -> String? {
    guard !id.hasPrefix("hig/"), !id.hasPrefix("doc/") else { return nil }
    let segments = id.split(separator: "/")
    guard segments.count > 1, let last = segments.last, isLanguageSegment(String(last)) else { return nil }
    return String(last)
  }

  /// Whether a source may not give itself `id`, because a talk's localized ids take that
  /// shape (a last segment that reads as a language tag) or a HIG or documentation page's
  /// do (`hig/…`, `doc/…`).
  public static func isReservedForLanguages(_ id: String) -> Bool {
    language(of: id) != nil || id == "hig" || id.hasPrefix("hig/") || id == "doc" || id.hasPrefix("doc/")
  }

  /// `en`, `en-us`, `en-gb`: the language whose ids carry no tag.
  static func isEnglish(_ tag: String) -> Bool {
    tag == "en" || tag.hasPrefix("en-")
  }

  /// A lower-case BCP 47 tag: a primary subtag of 2 or 3 letters, then subtags of 2 to 8
  /// letters or digits (`ja`, `zh-hans`, `pt-br`, `yue`).
  static func isLanguageSegment(_ segment: String) -> Bool {
    let parts = segment.split(separator: "-", omittingEmptySubsequences: false)
    guard let primary = parts.first, (2...3).contains(primary.count),
      primary.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (2...8).contains(part.count)
        && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
  }
}
