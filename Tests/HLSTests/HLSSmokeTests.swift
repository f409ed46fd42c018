import Testing
@testable import HLS

@Suite struct HLSSmokeTests {
  @Test func moduleLinks() {}
}
