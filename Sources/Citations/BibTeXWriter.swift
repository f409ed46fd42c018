import AppleSite
import DocumentModel
import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A bibliography as BibTeX entries for biblatex and classic BibTeX: a talk is `@misc`
/// (both know it; `howpublished` says it is a video of its series), a HIG page `@online`
/// (biblatex's type for web pages; BibTeX styles read an unknown type as `misc`). Keys are
/// author, year and first word of the title (`apple2026Designing`, `BibTeXKey`), unique in
/// the bibliography (a key with `/` is refused by reference managers). Dates are given as biblatex's `date` and `urldate` (ISO 8601) and as
/// BibTeX's `year` and `month`.
enum BibTeXWriter {
  static func write(_ bibliography: Bibliography) -> String {
    let keys = BibTeXKey.keys(for: bibliography.entries)
    return zip(bibliography.entries, keys).map { entry($0, key: $1) }.joined(separator: "\n\n")
  }

  static func entry(_ entry: Bibliography.Entry, key: String) -> String {
    var fields: [(String, String)] = [
      ("author", "{{Apple Inc.}}"),
      // Braced twice: Apple's capitals (iPhone, SwiftUI) stay as written.
      ("title", "{{\(escape(entry.title))}}"),
    ]
    switch entry.kind {
    case .talk:
      let series = EventName.series(entry.event)
      fields.append(("howpublished", "{\(escape(["Video", series].compactMap { $0 }.joined(separator: ", ")))}"))
    case .hig:
      fields.append(("organization", "{Apple Inc.}"))
      fields.append(("titleaddon", "{Human Interface Guidelines}"))
    case .doc:
      fields.append(("organization", "{Apple Inc.}"))
      fields.append(("titleaddon", "{Apple Developer Documentation}"))
      if entry.isDeprecated { fields.append(("addendum", "{Deprecated}")) }
    }
    if let issued = entry.issued {
      fields.append(("date", "{\(issued.iso8601)}"))
      fields.append(("year", "{\(issued.year)}"))
      if let month = issued.month { fields.append(("month", months[month - 1])) }
    }
    // An address that is not a web address is left out: a reference manager would link it.
    if WebAddress.isWeb(entry.url) { fields.append(("url", "{\(url(entry.url))}")) }
    if let accessed = entry.accessed { fields.append(("urldate", "{\(accessed.iso8601)}")) }
    if !entry.speakers.isEmpty {
      fields.append(("note", "{Speakers: \(escape(entry.speakers.joined(separator: ", ")))}"))
    }
    fields.append(("langid", "{\(entry.language.hasPrefix("en") ? "english" : escape(entry.language))}"))
    let type = entry.kind == .talk ? "misc" : "online"
    let body = fields.map { "  \($0.0) = \($0.1)" }.joined(separator: ",\n")
    return "@\(type){\(key),\n\(body)\n}"
  }

  /// BibTeX's month macros, which biblatex reads too.
  static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

  /// Text in a braced field: LaTeX's special characters as the commands that print them,
  /// white space of any kind as one space (a field is one line), controls and direction
  /// changes as U+FFFD (`DisplayText`).
  static func escape(_ text: String) -> String {
    var result = ""
    var lastWasSpace = false
    for character in DisplayText.line(text) {
      if character.isWhitespace || character.isNewline {
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
        continue
      }
      lastWasSpace = false
      switch character {
      case "\\": result += "\\textbackslash{}"
      case "{", "}", "&", "%", "$", "#", "_": result += "\\\(character)"
      case "~": result += "\\textasciitilde{}"
      case "^": result += "\\textasciicircum{}"
      default: result.append(character)
      }
    }
    return result.trimmingSpaces()
  }

  /// A URL in `url`, which biblatex reads verbatim: only what would break the field (braces,
  /// backslashes, white space) percent-encoded; `%` stays, since it is already an escape.
  static func url(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "{", "}", "\\", " ", "\n", "\r", "\t":
        result += "%" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
