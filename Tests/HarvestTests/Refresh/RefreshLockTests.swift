import Foundation
import Harvest
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct RefreshLockTests {
  static func scratchLock() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("duo-kb-lock-\(UUID().uuidString)/.refresh.lock")
  }

  @Test func secondHolderIsRefusedWithThePID() throws {
    let url = Self.scratchLock()
    let lock = try RefreshLock.acquire(at: url)
    #expect(RefreshLock.readPID(atPath: url.path) == getpid())
    #expect(throws: RefreshError.locked(path: url.path, pid: getpid())) { try RefreshLock.acquire(at: url) }
    lock.release()
    #expect(try String(contentsOf: url, encoding: .utf8).isEmpty, "released: the file holds no PID")
    let again = try RefreshLock.acquire(at: url)
    #expect(again.tookOverFrom == nil)
    again.release()
  }

  @Test func staleLockOfADeadProcessIsTakenOver() throws {
    let url = Self.scratchLock()
    let dead = try Self.deadPID()
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("\(dead)\n".utf8).write(to: url)
    let lock = try RefreshLock.acquire(at: url)
    defer { lock.release() }
    #expect(lock.tookOverFrom == dead)
    #expect(RefreshLock.readPID(atPath: url.path) == getpid())
  }

  @Test("Garbage in the lock file is no obstacle", arguments: ["", "abc", "-5\n", "99999999999999999999", "\u{0}\u{1}"])
  func garbageIsTakenOver(text: String) throws {
    let url = Self.scratchLock()
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    let lock = try RefreshLock.acquire(at: url)
    #expect(lock.tookOverFrom == nil)
    lock.release()
  }

  /// The PID of a process that has ended.
  static func deadPID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }
}
