import Testing
@testable import Citations

@Suite struct CitationsSmokeTests {
  @Test func moduleLinks() {}
}
