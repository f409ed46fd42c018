/// Recognizes the ways a playlist names a language and reduces them to one ISO 639-1 code.
///
/// Apple's LANGUAGE attribute has been `eng`, `en`, `Japanese`, `ja` and `zh`, and the
/// URI folder (`subtitles/eng/`, `cc/en/`) names it too, so a BCP 47 preference such as
/// `en-US` is matched against BCP 47 tags (RFC 5646), ISO 639-2 codes (both the B and T
/// forms: `fre`/`fra`, `ger`/`deu`, `chi`/`zho`) and English language names.
public enum LanguageCode {
  /// The lowercase ISO 639-1 code of `text`, or nil when it names no known language.
  /// The primary subtag of a tag decides (`en-US` → `en`, `zh-Hant` → `zh`).
  public static func primary(of text: String) -> String? {
    let lowered = trimmingSpacesAndTabs(text).lowercased()
    if let code = byName[lowered] { return code }
    let subtag = String(lowered.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    if subtag.count == 2, knownTwoLetter.contains(subtag) { return subtag }
    if subtag.count == 3, let code = byThreeLetter[subtag] { return code }
    return nil
  }

  /// 639-1, then 639-2 codes (T and B forms), then English names.
  private static let table: [(String, [String], [String])] = [
    ("en", ["eng"], ["english"]),
    ("ja", ["jpn"], ["japanese"]),
    ("zh", ["zho", "chi", "cmn", "yue"], ["chinese", "mandarin", "cantonese"]),
    ("fr", ["fra", "fre"], ["french"]),
    ("de", ["deu", "ger"], ["german"]),
    ("es", ["spa"], ["spanish"]),
    ("ko", ["kor"], ["korean"]),
    ("pt", ["por"], ["portuguese"]),
    ("it", ["ita"], ["italian"]),
    ("ru", ["rus"], ["russian"]),
    ("ar", ["ara"], ["arabic"]),
    ("nl", ["nld", "dut"], ["dutch"]),
    ("sv", ["swe"], ["swedish"]),
    ("da", ["dan"], ["danish"]),
    ("fi", ["fin"], ["finnish"]),
    ("nb", ["nob", "nor"], ["norwegian", "norwegian bokmål"]),
    ("pl", ["pol"], ["polish"]),
    ("tr", ["tur"], ["turkish"]),
    ("he", ["heb"], ["hebrew"]),
    ("hi", ["hin"], ["hindi"]),
    ("th", ["tha"], ["thai"]),
    ("vi", ["vie"], ["vietnamese"]),
    ("id", ["ind"], ["indonesian"]),
    ("ms", ["msa", "may"], ["malay"]),
    ("uk", ["ukr"], ["ukrainian"]),
    ("cs", ["ces", "cze"], ["czech"]),
    ("el", ["ell", "gre"], ["greek"]),
    ("hu", ["hun"], ["hungarian"]),
    ("ro", ["ron", "rum"], ["romanian"]),
    ("ca", ["cat"], ["catalan"]),
    ("hr", ["hrv"], ["croatian"]),
    ("sk", ["slk", "slo"], ["slovak"]),
  ]

  private static let knownTwoLetter = Set(table.map(\.0) + ["no"])
  private static let byThreeLetter: [String: String] = Dictionary(
    table.flatMap { entry in entry.1.map { ($0, entry.0) } }, uniquingKeysWith: { first, _ in first })
  private static let byName: [String: String] = Dictionary(
    table.flatMap { entry in entry.2.map { ($0, entry.0) } }, uniquingKeysWith: { first, _ in first })

  /// Without leading and trailing spaces and tabs, as playlist attributes are written.
  private static func trimmingSpacesAndTabs(_ text: String) -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let start = text.firstIndex { !isBlank($0) } ?? text.endIndex
    let end = text.lastIndex { !isBlank($0) }.map { text.index(after: $0) } ?? start
    return text[start..<max(start, end)]
  }
}
