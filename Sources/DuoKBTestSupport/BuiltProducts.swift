import Foundation

/// The executables of this package, for tests that run them as processes: found in the
/// folder SwiftPM built the tests into, and built there (once per test process) when missing.
///
/// `swift build --build-tests` makes them with the tests; a bare `swift test` from a clean
/// build folder does not, so the first test that asks runs `swift build --product NAME` on the
/// same build folder and configuration. Builds are serialized by a lock.
public enum BuiltProducts {
  /// Why an executable is not there.
  public struct Missing: Error, CustomStringConvertible {
    public let product: String
    public let reason: String
    public var description: String {
      "no \(product) executable beside the tests (\(reason)); run 'swift build --product \(product)' "
        + "(or 'swift build --build-tests') before 'swift test'"
    }
  }

  /// The folder SwiftPM built the tests into (`.build/<triple>/<configuration>`): the one that
  /// holds the test bundle (macOS) or the test executable (Linux).
  public static var folder: URL? {
    var candidates: [URL] = []
    #if canImport(Darwin)
      // Darwin: the tests are a bundle that a helper process loads, not Bundle.main.
      candidates += Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }
        .map { $0.bundleURL.deletingLastPathComponent() }
    #endif
    if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
    candidates += [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    return candidates.map { $0.resolvingSymlinksInPath() }.first { folder in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.contains { $0.hasSuffix(".xctest") }
    }
  }

  /// The executable `product` (`duo-kb`, `duo-kb-harvest`), built first when it is missing.
  ///
  /// Each product has its own lock, so that a test waiting for one build blocks no test that
  /// asks for a product already there.
  public static func executable(_ product: String) throws -> URL {
    let found = products.withLock { table in
      if let lock = table[product] { return lock }
      let lock = Guarded<Result<URL, any Error>?>(nil)
      table[product] = lock
      return lock
    }
    return try found.withLock { result in
      if let result { return try result.get() }
      let made = Result { try locateOrBuild(product) }
      result = made
      return try made.get()
    }
  }

  private static let products = Guarded<[String: Guarded<Result<URL, any Error>?>]>([:])

  private static func locateOrBuild(_ product: String) throws -> URL {
    guard let folder else { throw Missing(product: product, reason: "the tests' build folder is not found") }
    let executable = folder.appendingPathComponent(product)
    if FileManager.default.isExecutableFile(atPath: executable.path) { return executable }
    try build(product, into: folder)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw Missing(product: product, reason: "'swift build' did not make \(executable.path)")
    }
    return executable
  }

  /// Runs `swift build --product` on the build folder that `folder` (`<build>/<triple>/<configuration>`)
  /// is in. The running `swift test` may hold that folder's lock while tests run, hence
  /// `--ignore-lock`: nothing else builds there meanwhile, and the lock above keeps this
  /// process to one build at a time.
  private static func build(_ product: String, into folder: URL) throws {
    let configuration = folder.lastPathComponent
    let buildPath = folder.deletingLastPathComponent().deletingLastPathComponent()
    let log = try ScratchFolder("build-\(product)")
    let output = log.appending("output")
    try Data().write(to: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let arguments = [
      "swift", "build", "--package-path", ConformanceData.repositoryRoot.path, "--scratch-path", buildPath.path,
      "--configuration", configuration, "--product", product, "--ignore-lock",
    ]
    process.arguments = arguments
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let said = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      throw Missing(
        product: product,
        reason: "'\(arguments.joined(separator: " "))' failed: \(said.suffix(2_000))")
    }
  }
}
