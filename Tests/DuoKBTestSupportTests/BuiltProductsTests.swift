import DuoKBTestSizes
import DuoKBTestSupport
import Foundation
import Testing

/// Medium: a missing executable is built, and the unknown product runs `swift build`.
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

  @Test func aProductThePackageDoesNotHaveIsAClearError() throws {
    let error = #expect(throws: BuiltProducts.Missing.self) { try BuiltProducts.executable("no-such-product") }
    #expect(error?.description.contains("swift build --product no-such-product") == true)
  }
}
