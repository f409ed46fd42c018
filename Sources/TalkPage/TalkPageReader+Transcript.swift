/// The page transcript: `<section id="transcript-content">` holding
/// `<span class="sentence"><span data-start="7.0">…</span></span>`, where each
/// `[data-start]` element opens a caption line.
///
/// Apple's markup puts `</p><p>` inside the spans; the HTML parser repairs that by closing
/// the spans, so the rest of the line lands outside its span. Lines are therefore read in
/// document order: a line runs from its `[data-start]` element to the next one, whatever
/// the tree around it.
extension TalkPageReader {
  mutating func transcript() -> [TranscriptLine] {
    guard let section = root.firstElement(where: { $0.attribute("id") == "transcript-content" })
    else { return [] }
    var lines: [TranscriptLine] = []
    var current: (startSeconds: Double, text: String)?
    var isSkippingLine = false
    var index = -1
    var skipped: [TalkPageWarning] = []

    func finishLine() {
      guard let line = current else { return }
      let text = line.text.collapsingWhitespace()
      if text.isEmpty {
        skipped.append(.skippedTranscriptLine(index: index, reason: "empty text"))
      } else {
        lines.append(TranscriptLine(startSeconds: line.startSeconds, text: text))
      }
      current = nil
    }

    section.forEachDescendant { node in
      if node.isText {
        if !isSkippingLine { current?.text += node.content }
      } else if node.isElement, let start = node.attribute("data-start") {
        finishLine()
        index += 1
        if let seconds = Self.transcriptSeconds(start) {
          current = (seconds, "")
          isSkippingLine = false
        } else {
          skipped.append(.skippedTranscriptLine(index: index, reason: "bad data-start '\(start.prefix(40))'"))
          isSkippingLine = true
        }
      } else if node.isElement, ["p", "br", "div", "li"].contains(node.name) {
        // A block boundary separates words even where the markup has no space.
        current?.text += " "
      }
    }
    finishLine()
    warnings += skipped
    return lines
  }

  /// `data-start="7.0"`: seconds, finite and not negative.
  static func transcriptSeconds(_ text: String) -> Double? {
    guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
      value >= 0, value < 1_000_000
    else { return nil }
    return value
  }
}
