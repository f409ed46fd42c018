#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One line of input as the stdio transport frames it: a message, or a line too long to keep.
public enum InputLine: Sendable, Equatable {
  case message([UInt8])
  /// A line longer than the limit; its bytes were dropped as they came.
  case oversized(byteCount: Int)
}

/// Where the server's input lines come from: standard input, or a test's bytes.
public protocol MessageSource {
  /// The next line, or nil at end of input.
  mutating func nextLine() -> InputLine?
}

/// Splits a byte stream into newline-delimited messages (MCP stdio transport: one JSON-RPC
/// message a line, no embedded newlines), never holding more than `maxLineBytes` of one line.
///
/// Leniencies: a `\r` before the `\n` is dropped, blank lines are skipped, and a last line
/// without a newline at end of input still counts.
public struct MessageLineReader: MessageSource {
  public static let defaultMaxLineBytes = 4 * 1024 * 1024

  private let readChunk: () -> [UInt8]?
  private let maxLineBytes: Int
  private var buffer: [UInt8] = []
  private var position = 0
  private var isAtEnd = false

  /// `readChunk` returns the next bytes, or nil (or an empty chunk) at end of input.
  public init(maxLineBytes: Int = defaultMaxLineBytes, readChunk: @escaping () -> [UInt8]?) {
    self.maxLineBytes = max(1, maxLineBytes)
    self.readChunk = readChunk
  }

  /// Reads a whole byte string in chunks of `chunkSize`, as a test's input.
  public init(bytes: [UInt8], chunkSize: Int = 4096, maxLineBytes: Int = defaultMaxLineBytes) {
    var offset = 0
    let size = max(1, chunkSize)
    self.init(maxLineBytes: maxLineBytes) {
      guard offset < bytes.count else { return nil }
      let end = min(bytes.count, offset + size)
      defer { offset = end }
      return Array(bytes[offset..<end])
    }
  }

  public mutating func nextLine() -> InputLine? {
    var line: [UInt8] = []
    var droppedBytes = 0
    while true {
      if position == buffer.count {
        if isAtEnd { break }
        guard let chunk = readChunk(), !chunk.isEmpty else {
          isAtEnd = true
          continue
        }
        buffer = chunk
        position = 0
      }
      let newline = buffer[position...].firstIndex(of: UInt8(ascii: "\n"))
      let end = newline ?? buffer.count
      let piece = buffer[position..<end]
      position = newline.map { $0 + 1 } ?? buffer.count
      if droppedBytes > 0 || line.count + piece.count > maxLineBytes {
        droppedBytes += line.count + piece.count
        line.removeAll()
      } else {
        line += piece
      }
      guard newline != nil else { continue }
      if droppedBytes > 0 { return .oversized(byteCount: droppedBytes) }
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        line.removeAll()
        continue
      }
      return .message(line)
    }
    if droppedBytes > 0 { return .oversized(byteCount: droppedBytes) }
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    return line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? nil : .message(line)
  }
}

extension MessageLineReader {
  /// Reads a file descriptor (standard input: 0) until end of file or a read error.
  public static func fileDescriptor(_ descriptor: Int32, maxLineBytes: Int = defaultMaxLineBytes) -> MessageLineReader {
    MessageLineReader(maxLineBytes: maxLineBytes) {
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { return Array(chunk[0..<count]) }
        if count < 0 && errno == EINTR { continue }
        return nil
      }
    }
  }
}
