/// How a verification report reads for people: a line per verdict, or the write-up itself
/// with a mark after each quotation.
extension VerificationReport {
  /// `file:line:column: verdict “quotation” (time): details`, then the summary.
  public func text() -> String {
    var output = ""
    for verdict in verdicts {
      output +=
        "\(verdict.file):\(verdict.line):\(verdict.column): \(verdict.status.label) “\(Self.shortened(verdict.quotation))”"
      output += verdict.claimedTime.map { " (\($0))" } ?? ""
      output += Self.details(verdict).map { ": \(DisplayText.line($0))" } ?? ""
      output += "\n"
      if let closest = verdict.closest {
        let place = verdict.citation?.description ?? verdict.time
        output += "    said: “\(DisplayText.line(closest))”\(place.map { " (\($0))" } ?? "")\n"
      }
      if let diff = verdict.diff { output += "    diff: \(DisplayText.line(diff.rendered))\n" }
    }
    output += unlistedNote.map { $0 + "\n" } ?? ""
    if !passedOver.isEmpty {
      let titles = passedOver.filter { $0.reason == .title }.count
      let count = passedOver.count + unlistedPassedOver
      output += "(\(count) other quoted text\(count == 1 ? "" : "s") not read as quotations of Apple"
      if unlistedPassedOver > 0 {
        output += ")\n"
      } else {
        output +=
          titles > 0
          ? ": \(titles) title\(titles == 1 ? "" : "s") of talks or pages, \(passedOver.count - titles) unattributed)\n"
          : ")\n"
      }
    }
    output += summary + "\n"
    return output
  }

  /// Says how many verdicts the report counts without listing them, when it does.
  public var unlistedNote: String? {
    guard unlistedVerdicts > 0 else { return nil }
    return "(\(unlistedVerdicts) more quotation\(unlistedVerdicts == 1 ? "" : "s") counted below but not listed: "
      + "a report lists the first \(verdicts.count))"
  }

  /// What follows a verdict's label: where the words are, or why it failed.
  public static func details(_ verdict: QuotationVerdict) -> String? {
    switch verdict.status {
    case .verified:
      return verdict.citation?.description
    case .verifiedWithMarks:
      let marks = verdict.marks.map { mark in
        switch mark {
        case .ellipsis: "ellipsis"
        case .brackets: "brackets"
        case .firstLetterCase: "first letter's case"
        }
      }
      return [verdict.citation?.description, marks.isEmpty ? nil : "(\(marks.joined(separator: ", ")))"]
        .compactMap { $0 }.joined(separator: " ")
    case .wrongTime:
      var text = "said at \(verdict.time ?? "?")"
      if let citation = verdict.citation { text += " (\(citation))" }
      if let note = verdict.note, !note.hasPrefix("said at") { text += "; \(note)" }
      return text
    case .wrongSource, .misquoted, .notFound, .tooShort, .unchecked:
      return verdict.note
    }
  }

  public static func shortened(_ text: String, limit: Int = 90) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }

  /// The write-up `text` (the file named `file`) with ✓ or ✗ after each of its quotations,
  /// each linked to a footnote with its verdict, for a reviewer to read in place.
  public func annotated(_ text: String, file: String) -> String {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { Array($0) }
    let mine = verdicts.enumerated().filter { $0.element.file == file }
    // From the end, so that earlier columns stay right.
    let ordered = mine.sorted {
      ($0.element.endLine, $0.element.endColumn) > ($1.element.endLine, $1.element.endColumn)
    }
    for (number, verdict) in ordered {
      let row = verdict.endLine - 1
      guard lines.indices.contains(row) else { continue }
      let column = min(lines[row].count, verdict.endColumn + 1)
      let marker = " \(verdict.isVerified ? "✓" : "✗")[^duo-kb-\(number + 1)]"
      lines[row].insert(contentsOf: marker, at: column)
    }
    var output = lines.map { String($0) }.joined(separator: "\n")
    if !output.hasSuffix("\n") { output += "\n" }
    output += "\n"
    for (number, verdict) in mine {
      output += "[^duo-kb-\(number + 1)]: \(verdict.status.label)"
      // What comes from the corpus (titles in a note, the words of a diff) is escaped, and
      // only a web address is given as a link.
      output += Self.details(verdict).map { ": \(MarkdownText.inline($0))" } ?? ""
      if let diff = verdict.diff { output += " — diff: \(MarkdownText.inline(diff.rendered))" }
      if let link = verdict.link.flatMap(MarkdownText.destination), verdict.status != .verified {
        output += " — \(link)"
      }
      output += "\n"
    }
    output += unlistedNote.map { "\n" + $0 } ?? ""
    output += "\n" + summary + "\n"
    return output
  }
}
