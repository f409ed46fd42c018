import Testing
@testable import DocCRender

@Suite struct DocCRenderSmokeTests {
  @Test func moduleLinks() {}
}
