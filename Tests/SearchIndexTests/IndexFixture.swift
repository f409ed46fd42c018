import DocumentModel
import DuoKBTestSupport
import Foundation

@testable import SearchIndex

/// A small corpus written for these tests, and a temporary directory that cleans up.
enum IndexFixture {
  static let documents: [Document] = [
    Document(
      id: "wwdc2024/10001", kind: .talk, title: "What's new in toolbars", url: "https://example.com/10001",
      event: "wwdc2024", year: 2024,
      passages: [
        Passage(
          kind: .speech, text: "Welcome to the session about toolbars.", startMilliseconds: 0,
          endMilliseconds: 4_000, speaker: "Vince Example"),
        Passage(
          kind: .speech, text: "Set toolbarVerticalBehavior to keep the toolbar in place.",
          startMilliseconds: 4_000, endMilliseconds: 9_500, speaker: "Vince Example"),
        Passage(
          kind: .speech, text: "The cats don't care about right-to-left layouts.",
          startMilliseconds: 9_500, endMilliseconds: 14_000, speaker: "Ada Sample"),
        Passage(
          kind: .speech, text: "iOS 27.1 brings a café to every façade.", startMilliseconds: 14_000,
          endMilliseconds: 18_000),
      ]),
    Document(
      id: "hig/toolbars", kind: .hig, title: "Toolbars", url: "https://example.com/hig/toolbars",
      passages: [
        Passage(
          kind: .text, text: "A toolbar vertical behavior keeps controls steady.", anchor: "behavior",
          heading: "Behavior"),
        Passage(
          kind: .text, text: "Place the most important controls first.", anchor: "best-practices",
          heading: "Best practices"),
        Passage(
          kind: .code, text: "view.toolbarVerticalBehavior = .fixed", anchor: "best-practices",
          heading: "Best practices"),
      ]),
    Document(
      id: "tech-talks/111466", kind: .talk, title: "Designing for a cat", url: "https://example.com/111466",
      event: "tech-talks", year: 2026,
      passages: [
        Passage(
          kind: .speech, text: "One cat sat on the mat, next to the toolbar.", startMilliseconds: 1_000,
          endMilliseconds: 3_000, speaker: "Jun Placeholder")
      ]),
  ]

  static func temporaryDirectory() -> URL {
    ScratchFolder.unusedPath("search-index")
  }

  static func build(_ documents: [Document] = documents, fingerprint: String = "fixture") throws -> (SearchIndex, URL) {
    let directory = temporaryDirectory()
    _ = try IndexBuilder().build(documents: documents, corpusFingerprint: fingerprint, into: directory)
    return (try SearchIndex.open(at: directory), directory)
  }

  /// The folder of the first segment of `generation` (where a one-segment build's files are).
  static func segmentFolder(_ generation: URL) -> URL {
    let manifest = generation.appendingPathComponent(IndexManifest.fileName)
    let name = (try? Data(contentsOf: manifest)).flatMap(IndexManifest.decode)?.segments.first?.name
    return IndexDirectory.segmentDirectory(name ?? "none", in: generation.deletingLastPathComponent())
  }
}
