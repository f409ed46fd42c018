import Testing
@testable import Normalize

@Suite struct NormalizeSmokeTests {
  @Test func moduleLinks() {}
}
