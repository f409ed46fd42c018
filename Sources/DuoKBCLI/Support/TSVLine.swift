import Citations

/// `search --format tsv`: one line per hit for pipelines (`cut -f1`, `fzf`, `grep`, `awk -F'\t'`).
///
/// Four fields, tab-separated, no header: the citation id, the time (`3:46`, empty for a
/// passage with none, as a HIG section), the document's title, and the quote. Within a field
/// a backslash is written `\\`, a tab `\t`, a line feed `\n` and a carriage return `\r`, so a
/// line is always one hit (the escaping of PostgreSQL's text COPY format and of `jq @tsv`);
/// any other control character, and the bidi controls, show as U+FFFD as in text output.
/// Citation ids never hold these characters, so the first field is the id as `quote` takes it.
enum TSVLine {
  static func lines(_ answer: SearchAnswer) -> String {
    var text = ""
    for hit in answer.hits {
      let fields = [hit.citation.description, hit.timestamp ?? "", hit.source.title, hit.quote]
      text += fields.map(field).joined(separator: "\t") + "\n"
    }
    return text
  }

  /// One field, escaped so that it holds no tab and no line break.
  static func field(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result.append(contentsOf: "\\\\".unicodeScalars)
      case "\t": result.append(contentsOf: "\\t".unicodeScalars)
      case "\n": result.append(contentsOf: "\\n".unicodeScalars)
      case "\r": result.append(contentsOf: "\\r".unicodeScalars)
      case "\u{85}", "\u{2028}", "\u{2029}": result.append(contentsOf: "\\n".unicodeScalars)
      default: result.append(DisplayText.isHidden(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return String(result)
  }
}
