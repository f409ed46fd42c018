import Testing
@testable import Harvest

@Suite struct HarvestSmokeTests {
  @Test func moduleLinks() {}
}
