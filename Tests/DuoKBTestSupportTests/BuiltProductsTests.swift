import DuoKBTestSizes
import Foundation
import Testing

@testable import DuoKBTestSupport

/// Medium: a missing executable is built.
@Suite(.tags(.medium)) struct BuiltProductsTests {
  @Test func theBuildFolderIsTheOneThatHoldsTheTests() throws {
    let folder = try #require(BuiltProducts.folder, "the tests' build folder")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names.contains { $0.hasSuffix(".xctest") })
    #expect(["debug", "release"].contains(folder.lastPathComponent))
  }

  /// Found beside the tests, or built there; either way an executable that runs.
  @Test(arguments: ["duo-kb", "duo-kb-harvest"]) func anExecutableOfThePackageIsFoundOrBuilt(product: String) throws {
    let executable = try BuiltProducts.executable(product)
    #expect(executable.lastPathComponent == product)
    #expect(executable.deletingLastPathComponent() == BuiltProducts.folder)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--version"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try BuiltProducts.executable(product) == executable, "asked again, the same answer")
  }

  /// What a test that cannot have its executable says (a failed build is not run here: it
  /// would take a build folder's time for a sentence).
  @Test func aMissingExecutableSaysWhichCommandMakesIt() {
    let missing = BuiltProducts.Missing(product: "duo-kb", reason: "'swift build' failed")
    #expect(missing.description.contains("no duo-kb executable beside the tests ('swift build' failed)"))
    #expect(missing.description.contains("run 'swift build' (or 'swift build --build-tests') before 'swift test'"))
  }
}
