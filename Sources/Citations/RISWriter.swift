import AppleSite
import DocumentModel

/// A bibliography as RIS records (the tagged format reference managers import): a talk is
/// `VIDEO` (a video recording) with its series in `T2`, a HIG page `ELEC` (a web page) in
/// "Human Interface Guidelines". `DA` is the date published, `Y2` the access date, as
/// Zotero and EndNote read them; `ID` is the document id.
enum RISWriter {
  static func write(_ bibliography: Bibliography) -> String {
    bibliography.entries.map(record).joined(separator: "\n")
  }

  static func record(_ entry: Bibliography.Entry) -> String {
    var lines: [(String, String)] = [
      ("TY", entry.kind == .talk ? "VIDEO" : "ELEC"),
      ("ID", entry.id),
      ("AU", "Apple Inc."),
      ("TI", entry.title),
    ]
    switch entry.kind {
    case .talk:
      if let series = EventName.series(entry.event) { lines.append(("T2", series)) }
      lines.append(("M3", "Video"))
    case .hig:
      lines.append(("T2", "Human Interface Guidelines"))
    case .doc:
      lines.append(("T2", "Apple Developer Documentation"))
      if entry.isDeprecated { lines.append(("N1", "Deprecated")) }
    }
    if let issued = entry.issued {
      lines.append(("PY", String(issued.year)))
      lines.append(("DA", date(issued)))
    }
    if let accessed = entry.accessed { lines.append(("Y2", date(accessed))) }
    // An address that is not a web address is left out: a reference manager would link it.
    if WebAddress.isWeb(entry.url) { lines.append(("UR", entry.url)) }
    if !entry.speakers.isEmpty { lines.append(("N1", "Speakers: \(entry.speakers.joined(separator: ", "))")) }
    lines.append(("LA", entry.language))
    lines.append(("ER", ""))
    // `ER  - ` keeps its space: the tag line form of the RIS specification.
    return lines.map { "\($0.0)  - \(field($0.1))" }.joined(separator: "\n") + "\n"
  }

  /// RIS's `YYYY/MM/DD/` form, with empty parts for what is unknown (`2026///`).
  static func date(_ date: CalendarDate) -> String {
    let two = { (value: Int?) in value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "" }
    return "\(date.year)/\(two(date.month))/\(two(date.day))/"
  }

  /// A value on one line: a record is read line by line, so a line break inside a title
  /// would start a tag of its own (`ER  - ` ends the record). Line breaks, tabs and other
  /// control characters become spaces; direction changes (bidi overrides) show as U+FFFD.
  static func field(_ text: String) -> String {
    var result = ""
    var lastWasSpace = false
    for scalar in text.unicodeScalars {
      let isSpace =
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .lineSeparator
        || scalar.properties.generalCategory == .paragraphSeparator
      if isSpace {
        if !lastWasSpace, !result.isEmpty { result.append(" ") }
        lastWasSpace = true
      } else {
        result.unicodeScalars.append(DisplayText.isHidden(scalar) ? "\u{FFFD}" : scalar)
        lastWasSpace = false
      }
    }
    return result.hasSuffix(" ") ? String(result.dropLast()) : result
  }
}
