import Corpus
import DuoKBTestSupport
import Foundation

/// The small corpus of the Citations tests (two talks with cues, one HIG page), written into
/// a scratch home for the CLI.
enum CitationTestCorpus {
  static func write(into home: URL) throws {
    let store = CorpusStore(directory: home.appendingPathComponent("Corpus", isDirectory: true))
    for document in [CitationFixtures.designTalk(), CitationFixtures.toolbarTalk(), CitationFixtures.layoutPage()] {
      try store.write(document)
    }
  }
}
