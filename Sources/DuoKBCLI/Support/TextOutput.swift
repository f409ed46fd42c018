import Locking
import OwnedFiles

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

/// Where the CLI writes: the process's stdout/stderr, or a buffer in tests.
public protocol TextOutput: AnyObject, Sendable {
  func write(_ text: String)
  /// Whether this output is an interactive terminal (colors, progress bars).
  var isTerminal: Bool { get }
}

/// A file descriptor of this process (1 or 2), written unbuffered. A failed write (a closed
/// pipe) is not reported: there is nowhere left to report it.
public final class FileDescriptorOutput: TextOutput {
  private let descriptor: Int32
  public let isTerminal: Bool

  public init(fileDescriptor: Int32) {
    descriptor = fileDescriptor
    isTerminal = isatty(fileDescriptor) == 1
  }

  public func write(_ text: String) {
    _ = OwnedFile.writeAll(Array(text.utf8), to: descriptor, syncing: false)
  }

  /// Everything on standard input, to its end; nothing when a read fails, so that part of
  /// an input is never taken for all of it.
  public static func readStandardInput() -> Data {
    (try? OwnedFile.readAll(from: 0, path: "standard input")) ?? Data()
  }

  public static let standardOutput = FileDescriptorOutput(fileDescriptor: 1)
  public static let standardError = FileDescriptorOutput(fileDescriptor: 2)
}

/// Collects what is written, for in-process tests of the CLI.
public final class BufferOutput: TextOutput, @unchecked Sendable {
  private let lock = Lock()
  private var storage = ""
  public let isTerminal: Bool

  public init(isTerminal: Bool = false) { self.isTerminal = isTerminal }

  public func write(_ text: String) {
    lock.lock()
    storage += text
    lock.unlock()
  }

  public var text: String {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }
}
