import Foundation
import Testing

@testable import OwnedFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `OwnedFile.readAll` on a pipe, as standard input is read: to its end, waiting (not
/// spinning) while a non-blocking pipe is empty, and refusing more than its limit.
@Suite struct ReadAllTests {
  /// A pipe whose read end is non-blocking; `bytes` are written to it in two parts, the
  /// second after a pause (so that the reader meets an empty pipe), then it is closed.
  static func slowPipe(_ bytes: [UInt8]) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    try #require(fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK) == 0)
    let half = bytes.count / 2
    let writer = Thread {
      _ = OwnedFile.writeAll(Array(bytes[..<half]), to: writeEnd, syncing: false)
      usleep(50_000)  // the subject: the reader meets an empty pipe
      _ = OwnedFile.writeAll(Array(bytes[half...]), to: writeEnd, syncing: false)
      close(writeEnd)
    }
    writer.start()
    return readEnd
  }

  @Test func aNonBlockingPipeIsReadToItsEnd() throws {
    // An Int range said so: left to inference, the literal range can be read as Int128.
    let bytes = (0..<20_000).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 7) }
    let descriptor = try Self.slowPipe(bytes)
    defer { close(descriptor) }
    let data = try OwnedFile.readAll(from: descriptor, path: "standard input")
    #expect(Array(data) == bytes)
  }

  @Test func moreThanTheLimitIsAnErrorNamingWhatWasRead() throws {
    let descriptor = try Self.slowPipe(Array(repeating: 1, count: 1_000))
    defer { close(descriptor) }
    #expect(throws: OwnedFileError.system(path: "standard input", operation: "read (more than 999 bytes)", code: EFBIG))
    {
      try OwnedFile.readAll(from: descriptor, path: "standard input", limit: 999)
    }
  }

  @Test func aFailedReadIsAnError() {
    // A descriptor open for writing only cannot be read.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    #expect(throws: OwnedFileError.system(path: "the pipe", operation: "read", code: EBADF)) {
      try OwnedFile.readAll(from: ends[1], path: "the pipe")
    }
  }
}
