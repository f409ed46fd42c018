#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `duo-kb-harvest`, the executable beside `duo-kb` that runs the commands registered for it.
enum HelperExecutable {
  static let name = "duo-kb-harvest"

  /// Where the helper is: in the folder of the running executable (symbolic links resolved).
  static func location() -> URL? {
    runningExecutable()?.deletingLastPathComponent().appendingPathComponent(name)
  }

  /// Replaces this process with the helper running `arguments` (the whole command line
  /// after the program name) with `environment`; returns only by throwing.
  static func replaceProcess(
    command: String, arguments: [String], environment: [String: String]
  ) throws(HelperExecutableError) -> Never {
    guard let helper = location() else { throw .unknownLocation(command: command) }
    let argv = ([helper.path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    execve(helper.path, argv, envp)
    let code = errno
    for pointer in argv + envp { free(pointer) }
    if code == ENOENT { throw .notFound(command: command, path: helper.path) }
    throw .cannotRun(command: command, path: helper.path, reason: String(cString: strerror(code)))
  }

  /// The running executable's path, symbolic links resolved: /proc/self/exe on Linux,
  /// `_NSGetExecutablePath` on macOS.
  static func runningExecutable() -> URL? {
    #if os(Linux)
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBufferPointer { pointer in
        pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) {
          readlink("/proc/self/exe", $0, pointer.count - 1)
        }
      }
      guard count > 0, let length = Int(exactly: count), length < buffer.count else { return nil }
      return URL(fileURLWithPath: String(decoding: buffer[..<length], as: UTF8.self))
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      // String(cString: [CChar]) is deprecated: the bytes up to the NUL, decoded.
      let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      return URL(fileURLWithPath: String(decoding: bytes, as: UTF8.self)).resolvingSymlinksInPath()
    #else
      return nil
    #endif
  }
}

/// The helper executable could not take the place of `duo-kb` for a command.
package enum HelperExecutableError: Error, Equatable {
  /// No `duo-kb-harvest` in the folder of `duo-kb`.
  case notFound(command: String, path: String)
  /// It is there but cannot be run (permissions, a damaged file).
  case cannotRun(command: String, path: String, reason: String)
  /// The running executable's own path cannot be told.
  case unknownLocation(command: String)
  /// The CLI runs inside another program (`DuoKBCLI.run`), whose process is not replaced.
  case notInThisProcess(command: String)
}
