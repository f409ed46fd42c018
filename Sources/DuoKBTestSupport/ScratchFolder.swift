import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of one test's own: made under the system's temporary directory with a name no
/// other folder has (`mkdtemp`, which refuses a name already taken, a planted symbolic link
/// included), readable by its owner only, and removed with all it holds when the last
/// reference goes, at the end of the test that made it.
///
///     let scratch = try ScratchFolder("corpus-store")
///     let home = scratch.url
///
/// The prefix names the suite, so that a folder left by a crashed run says where it came from.
public final class ScratchFolder: Sendable {
  /// Why the folder could not be made.
  public struct Failure: Error, CustomStringConvertible {
    public let template: String
    public let code: Int32
    public var description: String {
      "cannot make a scratch folder like \(template): \(String(cString: strerror(code)))"
    }
  }

  /// The folder: absolute, without symbolic links above it left unresolved.
  public let url: URL

  public init(_ prefix: String = "tests") throws {
    let template = FileManager.default.temporaryDirectory
      .appendingPathComponent("duo-kb-\(prefix)-XXXXXX").path
    var bytes = Array(template.utf8CString)
    let made = bytes.withUnsafeMutableBufferPointer { buffer -> String? in
      guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
      return String(cString: base)
    }
    guard let made else { throw Failure(template: template, code: errno) }
    url = URL(fileURLWithPath: made, isDirectory: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the folder (nothing is made there).
  public func appending(_ relativePath: String) -> URL {
    url.appendingPathComponent(relativePath)
  }

  /// A path not yet taken (nothing is made there), named `prefix` and a unique suffix, in one
  /// scratch folder of the whole test process that is removed when the process exits: for
  /// helpers that hand out paths rather than keep a folder for the length of a test.
  public static func unusedPath(_ prefix: String) -> URL {
    let folder = processFolder.withLock { folder -> ScratchFolder in
      if let folder { return folder }
      do {
        let made = try ScratchFolder("process")
        folder = made
        atexit { processFolder.withLock { $0 = nil } }
        return made
      } catch {
        preconditionFailure("\(error)")
      }
    }
    return folder.appending("\(prefix)-\(UUID().uuidString)")
  }
}

/// The folder of ``ScratchFolder/unusedPath(_:)``, made at its first use.
private let processFolder = Guarded<ScratchFolder?>(nil)

/// A value behind a lock.
final class Guarded<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

/// Runs `body` with a fresh scratch folder and removes the folder when it returns or throws.
public func withScratchFolder<Result>(
  _ prefix: String = "tests", _ body: (URL) async throws -> Result
) async throws -> Result {
  let scratch = try ScratchFolder(prefix)
  defer { withExtendedLifetime(scratch) {} }
  return try await body(scratch.url)
}
