import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// The executables of this package, for tests that run them as processes: found in the
/// folder SwiftPM built the tests into, and built there (once per test process) when missing.
///
/// `swift build --build-tests` makes them with the tests; a bare `swift test` from a clean
/// build folder does not, so the first test that asks runs `swift build` (the executables) on the
/// same build folder and configuration, once per process, under a lock.
public enum BuiltProducts {
  /// Why an executable is not there.
  public struct Missing: Error, CustomStringConvertible {
    public let product: String
    public let reason: String
    public var description: String {
      "no \(product) executable beside the tests (\(reason)); run 'swift build' "
        + "(or 'swift build --build-tests') before 'swift test'"
    }
  }

  /// The folder SwiftPM built the tests into (`.build/<triple>/<configuration>`): the one that
  /// holds the test bundle (macOS) or the test executable (Linux). Looked for above the file
  /// the loader says this code is in, then beside the bundles, then in `.build/debug`.
  public static var folder: URL? {
    var candidates: [URL] = []
    var image = imageFile
    for _ in 0..<4 {
      guard let file = image else { break }
      candidates.append(file.deletingLastPathComponent())
      image = file.deletingLastPathComponent()
    }
    #if canImport(Darwin)
      // Darwin: the tests are a bundle that a helper process loads, not Bundle.main.
      candidates += Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }
        .map { $0.bundleURL.deletingLastPathComponent() }
    #endif
    if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
    candidates += [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    candidates.append(ConformanceData.repositoryRoot.appendingPathComponent(".build/debug"))
    return candidates.map { $0.resolvingSymlinksInPath() }.first { folder in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.contains { $0.hasSuffix(".xctest") }
    }
  }

  /// The file of the image this code is linked into (the test binary), as the loader has it.
  private static var imageFile: URL? {
    #if canImport(Darwin)
      // Darwin: the tests are a bundle's binary that a helper process loaded; dladdr names it.
      var info = Dl_info()
      guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
      let path = String(cString: name)
    #else
      // The tests are the process's own executable.
      guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
        return nil
      }
    #endif
    return path.hasPrefix("/") ? URL(fileURLWithPath: path) : nil
  }

  /// The executable `product` (`duo-kb`, `duo-kb-harvest`), built first when it is missing.
  ///
  /// A missing product is made by building the package's executables all at once (`duo-kb`
  /// runs `duo-kb-harvest`, so one without the other is of no use), once per process; tests
  /// that ask meanwhile wait for that build, so that none runs an executable half made.
  public static func executable(_ product: String) throws -> URL {
    try built.withLock { build in
      guard let folder else { throw Missing(product: product, reason: "the tests' build folder is not found") }
      let executable = folder.appendingPathComponent(product)
      if FileManager.default.isExecutableFile(atPath: executable.path) { return executable }
      if build == nil { build = Result { try buildExecutables(into: folder, for: product) } }
      try build?.get()
      guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw Missing(product: product, reason: "'swift build' did not make \(executable.path)")
      }
      return executable
    }
  }

  /// The one build of this process, once it has run.
  private static let built = Guarded<Result<Void, any Error>?>(nil)

  /// Runs `swift build` (the executables, not the tests) on the build folder that `folder`
  /// (`<build>/<triple>/<configuration>`) is in. The running `swift test` may hold that folder's lock while tests run, hence
  /// `--ignore-lock`: nothing else builds there meanwhile, and the lock above keeps this
  /// process to one build at a time.
  private static func buildExecutables(into folder: URL, for product: String) throws {
    let configuration = folder.lastPathComponent
    let buildPath = folder.deletingLastPathComponent().deletingLastPathComponent()
    let log = try ScratchFolder("build")
    let output = log.appending("output")
    try Data().write(to: output)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let arguments = [
      "swift", "build", "--package-path", ConformanceData.repositoryRoot.path, "--scratch-path", buildPath.path,
      "--configuration", configuration, "--ignore-lock",
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
