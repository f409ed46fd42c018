import Citations
import Corpus
import DocumentModel
import Foundation
import KnowledgeBase

/// A small knowledge base in a temporary folder, written and indexed once per fuzzing
/// process: a talk with cues and a code sample, and a HIG page with sections, in the shapes
/// the harvester writes.
public enum FuzzKnowledgeBase {
  public static let shared: KnowledgeBase = {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("duo-kb-fuzz-\(getpid())", isDirectory: true)
    let base = KnowledgeBase(home: home)
    do {
      for document in documents { try base.corpus.write(document) }
      _ = try base.rebuild()
    } catch {
      fatalError("cannot set up the fuzzing knowledge base: \(error)")
    }
    return base
  }()

  static let talkSentences = [
    "Continuous scrolling content like articles, feeds, documents, and lists don’t displace.",
    "Two displays change how people hold the phone.",
    "Place a vertical toolbar along the hinge.",
    "Avoid fixed widths, breakpoints, or any metrics tied to a specific screen.",
  ]

  static var documents: [Document] {
    var cues: [StoredCue] = []
    var passages: [Passage] = []
    for (index, sentence) in talkSentences.enumerated() {
      let start = 200_000 + index * 13_000
      cues.append(
        StoredCue(
          startMilliseconds: start, endMilliseconds: start + 12_000, raw: sentence, text: sentence, voice: "Vince"))
      passages.append(
        Passage(
          kind: .speech, text: sentence, startMilliseconds: start, endMilliseconds: start + 12_000,
          heading: index < 2 ? "Layout" : "Toolbars", speaker: "Vince", firstCue: index, lastCue: index))
    }
    passages.append(
      Passage(
        kind: .code, text: "toolbar.verticalBehavior = .hinge", startMilliseconds: 240_000, endMilliseconds: 240_000))
    let talk = Document(
      id: "wwdc2026/101", kind: .talk, title: "Design for iPhone Duo",
      url: "https://developer.apple.com/videos/play/wwdc2026/101/",
      event: "wwdc2026", year: 2026, passages: passages, cues: cues)
    let page = Document(
      id: "hig/designing-for-iphone-duo", kind: .hig, title: "Designing for iPhone Duo",
      url: "https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo",
      summary: "Two displays, one app.",
      passages: [
        Passage(
          kind: .text, text: "Keep important content away from the hinge.", anchor: "Best-practices",
          heading: "Best practices"),
        Passage(
          kind: .text, text: "Place a vertical toolbar along the hinge.", anchor: "Toolbars", heading: "Toolbars"),
      ],
      sections: [
        SectionHeading(title: "Best practices", anchor: "Best-practices", level: 2),
        SectionHeading(title: "Toolbars", anchor: "Toolbars", level: 3),
      ])
    return [talk, page]
  }
}
