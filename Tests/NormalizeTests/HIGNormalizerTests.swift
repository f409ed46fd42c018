import DocumentModel
import DuoKBTestSupport
import Testing

@testable import Normalize

@Suite struct HIGNormalizerTests {
  let normalizer = HIGNormalizer()

  func passages(_ blocks: [HIGBlockInput], anchor: String? = "Best-practices", heading: String? = "Best practices")
    -> [Passage]
  {
    normalizer.passages(from: [HIGSectionInput(heading: heading, anchor: anchor, level: 2, blocks: blocks)])
  }

  @Test(
    "Each block kind becomes the passages documented for it",
    arguments: [
      (
        HIGBlockKind.paragraph, "Prefer size classes.  Avoid fixed\nwidths.", [PassageKind.text, .text],
        ["Prefer size classes.", "Avoid fixed widths."]
      ),
      (.asideParagraph, "Test both displays. Fold often.", [.text, .text], ["Test both displays.", "Fold often."]),
      (.definition, "A width class. It changes.", [.text, .text], ["A width class.", "It changes."]),
      (.caption, "The outer display. Closed.", [.text, .text], ["The outer display.", "Closed."]),
      (.other, "Unknown node text. Kept.", [.text, .text], ["Unknown node text.", "Kept."]),
      (.listItem, "Use layout margins. Respect safe areas.", [.text], ["Use layout margins. Respect safe areas."]),
      (.tableCell, "Compact.  Regular.", [.text], ["Compact. Regular."]),
      (.term, "Size  class", [.text], ["Size class"]),
      (
        .code, "let x = 1\r\n  if x > 0 {\n    print(x)  \n  }", [.code],
        ["let x = 1\n  if x > 0 {\n    print(x)  \n  }"]
      ),
    ])
  func blockKinds(kind: HIGBlockKind, text: String, kinds: [PassageKind], texts: [String]) {
    let result = passages([HIGBlockInput(kind: kind, text: text)])
    #expect(result.map(\.kind) == kinds)
    #expect(result.map(\.text) == texts)
    #expect(result.allSatisfy { $0.anchor == "Best-practices" && $0.heading == "Best practices" })
    #expect(result.allSatisfy { $0.startMilliseconds == nil && $0.firstCue == nil })
  }

  @Test("A list item longer than the limit is split into sentences")
  func longListItem() {
    let normalizer = HIGNormalizer(maximumPassageLength: 20)
    let sections = [
      HIGSectionInput(
        heading: "H", anchor: "H", level: 2,
        blocks: [
          HIGBlockInput(kind: .listItem, text: "Short item."),
          HIGBlockInput(kind: .listItem, text: "A longer first sentence. And a second one."),
        ])
    ]
    #expect(
      normalizer.passages(from: sections).map(\.text) == [
        "Short item.", "A longer first sentence.", "And a second one.",
      ])
  }

  @Test("Blank blocks give nothing; an aside's style is not quoted")
  func blanksAndStyles() {
    let result = passages([
      HIGBlockInput(kind: .paragraph, text: "  \n "),
      HIGBlockInput(kind: .code, text: "\n\n"),
      HIGBlockInput(kind: .listItem, text: ""),
      HIGBlockInput(kind: .asideParagraph, text: "Don't hide the fold.", style: "Important"),
    ])
    #expect(result.map(\.text) == ["Don't hide the fold."])
  }

  @Test("Anchors and headings are the section's own; no anchor is invented")
  func anchors() {
    let sections = [
      HIGSectionInput(heading: nil, anchor: nil, level: 0, blocks: [HIGBlockInput(kind: .paragraph, text: "Intro.")]),
      HIGSectionInput(
        heading: "Layout\nmargins", anchor: "Layout-margins", level: 2,
        blocks: [HIGBlockInput(kind: .paragraph, text: "Use them.")]),
      HIGSectionInput(
        heading: "No anchor here", anchor: nil, level: 3, blocks: [HIGBlockInput(kind: .paragraph, text: "Still text.")]
      ),
    ]
    let result = normalizer.passages(from: sections)
    #expect(result.map(\.anchor) == [nil, "Layout-margins", nil])
    #expect(result.map(\.heading) == [nil, "Layout margins", "No anchor here"])
    #expect(
      normalizer.sections(from: sections) == [
        SectionHeading(title: "Layout margins", anchor: "Layout-margins", level: 2),
        SectionHeading(title: "No anchor here", anchor: nil, level: 3),
      ])
  }

  @Test("Empty input gives nothing")
  func emptyInput() {
    #expect(normalizer.passages(from: []).isEmpty)
    #expect(
      normalizer.passages(from: [HIGSectionInput(heading: "Empty", anchor: "Empty", level: 2, blocks: [])]).isEmpty)
  }

  @Test("A megabyte paragraph without a sentence end is cut into bounded passages at spaces")
  func megabyteParagraph() {
    let text = String(repeating: "guidance ", count: 120_000)
    let result = passages([HIGBlockInput(kind: .paragraph, text: text)])
    #expect(result.allSatisfy { $0.text.unicodeScalars.count <= 2_000 })
    #expect(result.map(\.text).joined(separator: " ") == TextNormalization.collapseWhitespace(text))
  }

  @Test("Every prose passage is a slice of its block's collapsed text (seeded)", arguments: [3, 5, 8] as [UInt64])
  func slices(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let words = [
      "Use", "size", "classes.", "e.g.", "iOS", "27.1", "Don't", "hide", "it!", "Why?", "“Fold”", "\n", "  ",
    ]
    for _ in 0..<50 {
      let text = (0..<Int.random(in: 1...40, using: &random)).map { _ in words.randomElement(using: &random)! }
        .joined(separator: " ")
      let collapsed = TextNormalization.collapseWhitespace(text)
      let result = passages([HIGBlockInput(kind: .paragraph, text: text)])
      #expect(result.allSatisfy { isByteSlice($0.text, of: collapsed) })
      #expect(result.map(\.text).joined(separator: " ") == collapsed)
    }
  }
}
