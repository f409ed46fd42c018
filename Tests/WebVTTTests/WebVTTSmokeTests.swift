import Testing
@testable import WebVTT

@Suite struct WebVTTSmokeTests {
  @Test func moduleLinks() {}
}
