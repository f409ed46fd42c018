// swift-tools-version:6.1
import Foundation
import PackageDescription

/// libFuzzer targets for duo-kb's parsers and the MCP message handler, in a package of their
/// own so that the main build is unaffected. Built by scripts/fuzz with
/// `swift build --sanitize fuzzer --sanitize address`; each target defines
/// `LLVMFuzzerTestOneInput` and libFuzzer supplies `main`.

// A path dependency is known by its folder's name, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
let duoKB = Target.Dependency.product(name: "DuoKB", package: root)
let library: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
  name: "duo-kb-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "FuzzSupport", dependencies: [duoKB]),
    .executableTarget(name: "fuzz-webvtt", dependencies: [duoKB], swiftSettings: library),
    .executableTarget(name: "fuzz-hls", dependencies: [duoKB], swiftSettings: library),
    .executableTarget(name: "fuzz-docc", dependencies: [duoKB], swiftSettings: library),
    .executableTarget(name: "fuzz-talkpage", dependencies: [duoKB], swiftSettings: library),
    .executableTarget(name: "fuzz-json", dependencies: [duoKB], swiftSettings: library),
    .executableTarget(name: "fuzz-document", dependencies: [duoKB], swiftSettings: library),
    .executableTarget(name: "fuzz-query", dependencies: [duoKB, "FuzzSupport"], swiftSettings: library),
    .executableTarget(name: "fuzz-mcp", dependencies: [duoKB, "FuzzSupport"], swiftSettings: library),
  ],
  swiftLanguageModes: [.v6]
)
