import AppleSite
import Citations
import DocumentModel

/// A corpus document as Markdown for a resource read: talks as paragraphs that open with
/// their `[m:ss](deep link)`, HIG pages as sections whose headings link to their anchors.
/// Passage text is left exactly as stored (no Markdown escaping), so every paragraph stays
/// a quotable slice of Apple's words; what frames it (the title, headings, speakers, links)
/// is escaped, and only web addresses become links (`MarkdownText`), so that an imported
/// document cannot turn its title or address into markup or a `javascript:` link.
public enum DocumentMarkdown {
  public static func render(_ document: Document) -> String {
    var lines = ["# \(MarkdownText.inline(document.title))", "", header(document)]
    if let summary = document.summary, !summary.isEmpty { lines += ["", summary] }
    lines += [""]
    lines += document.kind == .talk ? talkBody(document) : pageBody(document)
    while lines.last == "" { lines.removeLast() }
    return lines.joined(separator: "\n") + "\n"
  }

  static func header(_ document: Document) -> String {
    var facts: [String] =
      switch document.kind {
      case .talk: ["Talk"]
      case .hig: ["Human Interface Guidelines"]
      case .doc: ["Apple Developer Documentation"] + [document.documentation?.roleHeading].compactMap { $0 }
      }
    if let metadata = document.documentation {
      facts += metadata.modules.prefix(1).map(MarkdownText.inline)
      let platforms = metadata.platforms.map(\.summary).joined(separator: ", ")
      if !platforms.isEmpty { facts.append(MarkdownText.inline(platforms)) }
    }
    if let event = document.event { facts.append(event) }
    if let year = document.year { facts.append(String(year)) }
    facts.append(MarkdownText.destination(document.url).map { "<\($0)>" } ?? MarkdownText.inline(document.url))
    var text = facts.joined(separator: " · ")
    text +=
      document.kind == .talk
      ? "\n\nApple's exact words from the talk's subtitles. Cite a paragraph by its time link."
      : "\n\nApple's exact words. Cite a paragraph by its section link."
    if document.isRemovedUpstream { text += "\n\nThis document is no longer published by Apple." }
    if let metadata = document.documentation, metadata.isDeprecated {
      text += "\n\n**Deprecated API: not to be cited as current.**"
      if let summary = metadata.deprecationSummary { text += " \(MarkdownText.inline(summary))" }
    }
    return text
  }

  static func talkBody(_ document: Document) -> [String] {
    var lines: [String] = []
    var chapter: String?
    var speaker: String?
    for passage in document.passages {
      if let heading = passage.heading, heading != chapter {
        chapter = heading
        lines += ["## \(MarkdownText.inline(heading))", ""]
      }
      var lead = ""
      if let start = passage.startMilliseconds {
        lead =
          MarkdownText.link(
            Timecode.format(milliseconds: start), to: DeepLink.talk(page: document.url, milliseconds: start)) + " "
      }
      if passage.kind == .code {
        lines += [lead.isEmpty ? "Code:" : "\(lead)Code:", ""] + fenced(passage.text) + [""]
        continue
      }
      if let name = passage.speaker, name != speaker {
        speaker = name
        lead += "**\(MarkdownText.inline(name)):** "
      }
      lines += [lead + passage.text, ""]
    }
    return lines
  }

  static func pageBody(_ document: Document) -> [String] {
    var levels: [String: Int] = [:]
    for section in document.sections { if let anchor = section.anchor { levels[anchor] = section.level } }
    var lines: [String] = []
    var currentAnchor: String?
    var currentHeading: String?
    for passage in document.passages {
      if passage.anchor != currentAnchor || passage.heading != currentHeading {
        currentAnchor = passage.anchor
        currentHeading = passage.heading
        if let heading = passage.heading {
          let level = max(2, min(6, passage.anchor.flatMap { levels[$0] } ?? 2))
          let marks = String(repeating: "#", count: level)
          if let anchor = passage.anchor {
            lines += [
              "\(marks) " + MarkdownText.link(heading, to: DeepLink.section(page: document.url, anchor: anchor)), "",
            ]
          } else {
            lines += ["\(marks) \(MarkdownText.inline(heading))", ""]
          }
        }
      }
      lines += passage.kind == .code ? fenced(passage.text) + [""] : [passage.text, ""]
    }
    return lines
  }

  /// A code fence longer than any run of backticks in the code.
  static func fenced(_ code: String) -> [String] {
    let fence = CitationFormatter.fence(for: code)
    return [fence, code, fence]
  }
}
