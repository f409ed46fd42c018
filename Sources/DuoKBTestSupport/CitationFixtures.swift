import DocumentModel

/// A small corpus of two talks with cues and one HIG page, shaped as the corpus stores them,
/// shared by the Citations and CLI tests.
public enum CitationFixtures {
  public static func cue(_ start: Double, _ end: Double, _ text: String, voice: String? = nil) -> StoredCue {
    StoredCue(
      startMilliseconds: Int(start * 1000), endMilliseconds: Int(end * 1000),
      raw: voice.map { "<v \($0)>\(text)" } ?? text, text: text, voice: voice)
  }

  public static func speech(
    _ text: String, _ start: Double, _ end: Double, cues: ClosedRange<Int>, speaker: String? = nil
  )
    -> Passage
  {
    Passage(
      kind: .speech, text: text, startMilliseconds: Int(start * 1000), endMilliseconds: Int(end * 1000),
      speaker: speaker, firstCue: cues.lowerBound, lastCue: cues.upperBound)
  }

  /// Passages share cues the way the normalizer cuts sentences: "Today we look" starts in the
  /// cue of "Welcome", and "Don’t put" in the cue that ends the sentence before it.
  public static func designTalk(scrolling: String = "Scrolling content doesn't need to move.") -> Document {
    Document(
      id: "tech-talks/900001", kind: .talk, title: "Design for Testing Duo",
      url: "https://developer.apple.com/videos/play/tech-talks/900001/", event: "tech-talks", year: 2026,
      passages: [
        speech("Welcome to the talk.", 10, 13, cues: 0...0, speaker: "Ada"),
        speech(
          "Today we look at folding screens and the controls that move to the side.", 10, 20, cues: 0...2,
          speaker: "Ada"),
        speech(
          "Don’t put buttons in the fold, because they’re hard to tap there.", 16.5, 27, cues: 2...4, speaker: "Ada"),
        speech(scrolling, 40, 44, cues: 5...5),
        speech("Lists, feeds & articles keep flowing.", 44, 48, cues: 6...6),
        speech("Thank you.", 60, 63, cues: 7...7),
      ],
      cues: [
        cue(10, 13, "Welcome to the talk. Today we look", voice: "Ada"),
        cue(13, 16.5, "at folding screens and\nthe controls", voice: "Ada"),
        cue(16.5, 20, "that move to the side. Don’t put", voice: "Ada"),
        cue(20, 24, "buttons in the fold,\nbecause they’re", voice: "Ada"),
        cue(24, 27, "hard to tap there.", voice: "Ada"),
        cue(40, 44, scrolling),
        cue(44, 48, "Lists, feeds & articles keep flowing."),
        cue(60, 63, "Thank you."),
      ])
  }

  public static func toolbarTalk() -> Document {
    Document(
      id: "wwdc2024/900002", kind: .talk, title: "Meet the testing toolbar",
      url: "https://developer.apple.com/videos/play/wwdc2024/900002/", event: "wwdc2024", year: 2024,
      passages: [
        speech("Scrolling content doesn't need to move.", 65, 68, cues: 0...0),
        speech("The toolbar moves to the side on the outer display.", 70, 74, cues: 1...1, speaker: "Bo"),
      ],
      cues: [
        cue(65, 68, "Scrolling content doesn't need to move."),
        cue(70, 74, "The toolbar moves to the side on the outer display.", voice: "Bo"),
      ])
  }

  /// `hig/layout`: one section, Adaptability, of a paragraph, a list of two items and a
  /// table of two rows, each passage carrying its layout.
  public static func laidOutSectionPage() -> Document {
    func passage(_ text: String, _ layout: PassageLayout) -> Passage {
      Passage(kind: .text, text: text, anchor: "Adaptability", heading: "Adaptability", layout: layout)
    }
    return Document(
      id: "hig/layout", kind: .hig, title: "Layout",
      url: "https://developer.apple.com/design/human-interface-guidelines/layout",
      passages: [
        passage("Avoid widths < 320 points.", PassageLayout(role: .paragraph, block: 0)),
        passage("Size classes", PassageLayout(role: .listItem, block: 1, depth: 1)),
        passage("Split View and window resizing", PassageLayout(role: .listItem, block: 2, depth: 1)),
        passage("Device", PassageLayout(role: .tableHeaderCell, block: 3, table: 0, row: 0, column: 0)),
        passage("Width", PassageLayout(role: .tableHeaderCell, block: 4, table: 0, row: 0, column: 1)),
        passage("Outer", PassageLayout(role: .tableCell, block: 5, table: 0, row: 1, column: 0)),
        passage("Compact", PassageLayout(role: .tableCell, block: 6, table: 0, row: 1, column: 1)),
      ])
  }

  public static func layoutPage() -> Document {
    Document(
      id: "hig/testing-layout", kind: .hig, title: "Testing layout",
      url: "https://developer.apple.com/design/human-interface-guidelines/testing-layout",
      passages: [
        Passage(
          kind: .text, text: "Keep controls inside the safe area.", anchor: "Best-practices", heading: "Best practices"),
        Passage(
          kind: .text, text: "Let backgrounds extend to the edges.", anchor: "Best-practices", heading: "Best practices"
        ),
        Passage(kind: .text, text: "Avoid placing text across the fold.", anchor: "Folding", heading: "Folding"),
      ],
      sections: [
        SectionHeading(title: "Best practices", anchor: "Best-practices", level: 2),
        SectionHeading(title: "Folding", anchor: "Folding", level: 2),
      ])
  }
}
