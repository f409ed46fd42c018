import Foundation

/// Where the CLI writes: the process's stdout/stderr, or a buffer in tests.
public protocol TextOutput: AnyObject, Sendable {
  func write(_ text: String)
  /// Whether this output is an interactive terminal (colors, progress bars).
  var isTerminal: Bool { get }
}

/// A file descriptor of this process (1 or 2), written unbuffered.
public final class FileDescriptorOutput: TextOutput {
  private let handle: FileHandle
  public let isTerminal: Bool

  public init(fileDescriptor: Int32) {
    handle = FileHandle(fileDescriptor: fileDescriptor, closeOnDealloc: false)
    isTerminal = isatty(fileDescriptor) == 1
  }

  public func write(_ text: String) {
    handle.write(Data(text.utf8))
  }

  public static let standardOutput = FileDescriptorOutput(fileDescriptor: 1)
  public static let standardError = FileDescriptorOutput(fileDescriptor: 2)
}

/// Collects what is written, for in-process tests of the CLI.
public final class BufferOutput: TextOutput, @unchecked Sendable {
  private let lock = NSLock()
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
