import Testing
@testable import Corpus

@Suite struct CorpusSmokeTests {
  @Test func moduleLinks() {}
}
