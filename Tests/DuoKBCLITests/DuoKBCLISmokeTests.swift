import Testing
@testable import DuoKBCLI

@Suite struct DuoKBCLISmokeTests {
  @Test func moduleLinks() {}
}
