import Foundation

/// Golden files: `Tests/<Module>Tests/Golden/<name>`, compared byte for byte.
///
/// `DUOKB_RECORD_GOLDEN=1` rewrites the file and reports a mismatch, so that a
/// recorded run never passes silently: review the diff, then run again.
public enum Golden {
  public struct Mismatch: Error, CustomStringConvertible {
    public let file: String
    public let detail: String
    public var description: String { "golden \(file): \(detail)" }
  }

  /// Compares `output` with the golden file `name` in the `Golden/` folder beside `testFile`.
  public static func check(
    _ output: String, named name: String, testFile: String = #filePath
  ) throws {
    let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
      .appendingPathComponent("Golden")
    let file = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["DUOKB_RECORD_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(output.utf8).write(to: file)
      throw Mismatch(file: name, detail: "recorded; review the diff and run again without DUOKB_RECORD_GOLDEN")
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
      throw Mismatch(file: name, detail: "missing; record it with DUOKB_RECORD_GOLDEN=1")
    }
    if expected != output {
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let outputLines = output.split(separator: "\n", omittingEmptySubsequences: false)
      let line = zip(expectedLines, outputLines).enumerated().first { $0.element.0 != $0.element.1 }
      let detail =
        line.map { "line \($0.offset + 1): expected '\($0.element.0)', got '\($0.element.1)'" }
        ?? "expected \(expectedLines.count) lines, got \(outputLines.count)"
      throw Mismatch(file: name, detail: detail)
    }
  }
}
