import Foundation
import Testing

/// `duo-kb index` keeps two generations: the current one and the one before it.
@Suite struct IndexGenerationTests {
  static func generations(_ home: ScratchDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: home.url.appendingPathComponent("Index").path)
      .filter { $0.hasPrefix("generation-") }.sorted()
  }

  @Test func rebuildsPruneAllButThePreviousGeneration() async throws {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    for _ in 0..<4 {
      let run = await runCLI(["index", "--rebuild"], environment: env)
      #expect(run.status == .success, "\(run.stderr)")
    }
    #expect(try Self.generations(home) == ["generation-3", "generation-4"])
    #expect(try home.read("Index/CURRENT") == "generation-4\n")
    let search = await runCLI(["search", "hinge"], environment: env)
    #expect(search.status == .success)
  }

  @Test func aGenerationThatWasNeverCurrentGoesAndThePreviousOneStays() async throws {
    let home = try await SearchCommandTests().corpus()
    let env = ["DUO_KB_HOME": home.url.path]
    _ = await runCLI(["index", "--rebuild"], environment: env)
    // A builder killed after moving its generation in, before pointing CURRENT at it.
    let index = home.url.appendingPathComponent("Index")
    try FileManager.default.copyItem(
      at: index.appendingPathComponent("generation-1"), to: index.appendingPathComponent("generation-2"))
    _ = await runCLI(["index", "--rebuild"], environment: env)
    #expect(try Self.generations(home) == ["generation-1", "generation-3"])
    #expect(try home.read("Index/CURRENT") == "generation-3\n")
  }
}
