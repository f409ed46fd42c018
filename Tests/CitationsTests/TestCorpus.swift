import Citations
import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import KnowledgeBase
import SearchIndex

/// A small corpus written into a temporary directory: two talks with cues, one HIG page.
final class TestCorpus {
  let scratch: ScratchFolder
  let home: URL
  let base: KnowledgeBase

  init(talk: Document = TestCorpus.designTalk()) throws {
    scratch = try ScratchFolder("citations")
    home = scratch.appending("home")
    base = KnowledgeBase(home: home)
    for document in [talk, Self.toolbarTalk(), Self.layoutPage()] { try base.corpus.write(document) }
    try base.rebuild()
  }

  /// Replaces a document (a refresh that changed its text) and rebuilds the index.
  func replace(_ document: Document) throws {
    try base.corpus.write(document)
    try base.rebuild()
  }

  func index() throws -> SearchIndex { try base.openIndex().index }
  func verifier(tolerance: Int = 5) throws -> QuotationVerifier {
    try base.quotationVerifier(toleranceSeconds: tolerance)
  }

  static func cue(_ start: Double, _ end: Double, _ text: String, voice: String? = nil) -> StoredCue {
    CitationFixtures.cue(start, end, text, voice: voice)
  }
  static func designTalk() -> Document { CitationFixtures.designTalk() }
  static func designTalk(scrolling: String) -> Document { CitationFixtures.designTalk(scrolling: scrolling) }
  static func toolbarTalk() -> Document { CitationFixtures.toolbarTalk() }
  static func layoutPage() -> Document { CitationFixtures.layoutPage() }
}
