import DuoKBTestSupport
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
    ScratchFolder.unusedPath("refresh-lock").appendingPathComponent(".refresh.lock")
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

  @Test(
    "Garbage in the lock file is no obstacle", arguments: ["", "abc", "-5\n", "99999999999999999999", "\u{0}\u{1}"])
  func garbageIsTakenOver(text: String) throws {
    let url = Self.scratchLock()
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    let lock = try RefreshLock.acquire(at: url)
    #expect(lock.tookOverFrom == nil)
    lock.release()
  }

  @Test func aLinkedLockFileIsRefusedAndItsTargetNotTruncated() throws {
    let url = Self.scratchLock()
    let target = url.deletingLastPathComponent().appendingPathComponent("target.txt")
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("keep\n".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    #expect(throws: RefreshError.symbolicLink(path: url.path)) { try RefreshLock.acquire(at: url) }
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep\n")
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

@Suite struct TemporaryFileSweepTests {
  @Test func removesTemporaryFilesOfDeadWritersOnly() throws {
    let scratch = try ScratchFolder("sweep")
    let directory = scratch.appending("documents/wwdc2020")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let dead = try RefreshLockTests.deadPID()
    let names = [
      ".10163.json.\(dead).12345.tmp",  // a dead writer's: removed
      ".10164.json.\(getpid()).999.tmp",  // a live writer's: kept
      "10165.json",  // a document: kept
      ".hidden.tmp",  // not a temporary name: kept
      ".x.json.notapid.1.tmp",
    ]
    for name in names { try Data("{".utf8).write(to: directory.appendingPathComponent(name)) }
    let root = directory.deletingLastPathComponent().deletingLastPathComponent()
    #expect(TemporaryFileSweep.sweep(root) == 1)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == names.dropFirst().sorted())
  }
}
