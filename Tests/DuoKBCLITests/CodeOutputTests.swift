import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import DuoKBCLI

/// Code passages in `search --format markdown` and `quote`: whole, as shown in the talk.
@Suite struct CodeOutputTests {
  static let code = "ArrangementView {\n    primary\n} secondary: {\n    detail\n}"

  static func home() throws -> ScratchDirectory {
    let scratch = try ScratchDirectory()
    var talk = CitationFixtures.designTalk()
    talk.passages.append(
      Passage(kind: .code, text: code, startMilliseconds: 64_000, endMilliseconds: 64_000, heading: "Arrangement"))
    let store = CorpusStore(directory: scratch.url.appendingPathComponent("Corpus", isDirectory: true))
    try store.write(talk)
    return scratch
  }

  @Test func markdownSearchFencesCodeAndQuoteKeepsItsLines() async throws {
    let scratch = try Self.home()
    let environment = ["DUO_KB_HOME": scratch.url.path]
    let search = await runCLI(
      ["search", "kind:code ArrangementView", "--format", "markdown"], environment: environment)
    #expect(search.stdout.contains("```\n" + Self.code + "\n```\n\n— "), "\(search.stdout)")
    #expect(!search.stdout.contains("> ArrangementView"))
    let quote = await runCLI(["quote", "tech-talks/900001@1:04"], environment: environment)
    #expect(
      quote.stdout.contains(">     ArrangementView {\n>         primary\n>     } secondary: {"), "\(quote.stdout)")
  }
}
