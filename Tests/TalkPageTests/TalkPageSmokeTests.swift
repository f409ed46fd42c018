import Testing
@testable import TalkPage

@Suite struct TalkPageSmokeTests {
  @Test func moduleLinks() {}
}
