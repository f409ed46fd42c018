import Testing
@testable import SearchIndex

@Suite struct SearchIndexSmokeTests {
  @Test func moduleLinks() {}
}
