/// The BCP 47 tag a document records for a subtitle track's language.
///
/// Apple's playlists name languages as `en`, `eng`, `Japanese`, `ja`, `zh`, `jpn`, `zho`
/// (`LanguageCode`); a document records the tag a reader expects: the ISO 639-1 code
/// (`ja`, `ko`, `en`), and for Chinese its script, `zh-Hant` when the name says
/// Traditional (a `Hant` script, or a Taiwan, Hong Kong or Macao region) and `zh-Hans`
/// otherwise (the script of Apple's Chinese developer captions). A name that is no known
/// language is kept as given.
public enum LanguageTag {
  public static func bcp47(_ name: String) -> String {
    known(name) ?? name
  }

  /// The tag of `name`, or nil when it names no language duo-kb knows.
  public static func known(_ name: String) -> String? {
    guard let primary = LanguageCode.primary(of: name) else { return nil }
    guard primary == "zh" else { return primary }
    let subtags = name.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).dropFirst()
    let isTraditional = subtags.contains { ["hant", "tw", "hk", "mo", "traditional"].contains($0) }
    return isTraditional ? "zh-Hant" : "zh-Hans"
  }
}
