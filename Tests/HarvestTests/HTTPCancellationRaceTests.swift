import DuoKBTestSupport
import Foundation
import Testing

@testable import Harvest

/// A transfer completing and its task being cancelled at the same moment: the interleaving
/// that deadlocked a refresh when the loop resumed tasks with its lock held.
@Suite struct HTTPCancellationRaceTests {
  @Test func cancellingATaskWhileItsTransferCompletesReturnsAtOnce() async throws {
    let server = try LoopbackServer(routes: ["/a": .body("x")])
    let gate = LoopGate()
    let configuration = HTTPClientConfiguration(allowedHosts: HostAllowList(["127.0.0.1"]), retry: .none)
    let client = try HTTPClient(configuration: configuration, hooks: CurlLoopHooks(beforeResuming: gate.hold))
    let done = Flag()
    let task = Task {
      let error = await Self.error(fetching: server.url("/a"), with: client)
      done.set()
      return error
    }
    // The loop's thread is now completing the transfer, about to resume the task. (The
    // bounds below are generous: a deadlock never ends, and a machine busy with the whole
    // suite can take seconds to schedule a thread.)
    #expect(await Self.eventually(within: .seconds(60)) { gate.isHeld }, "the transfer completes")
    // Cancel the task from another thread meanwhile, as a signal handler does: its
    // cancellation handler asks the loop to cancel the transfer.
    let cancelled = Flag()
    let canceller = Thread {
      task.cancel()
      cancelled.set()
    }
    canceller.start()
    let cancelReturned = await Self.eventually(within: .seconds(20)) { cancelled.isSet }
    gate.open()
    #expect(cancelReturned, "cancelling waited for the loop, which was resuming the same task")
    let resumed = await Self.eventually(within: .seconds(30)) { done.isSet && cancelled.isSet }
    #expect(resumed, "the loop and the cancellation deadlocked")
    guard resumed else {
      // Deadlocked threads hold the loop's lock, which the client's deinit would wait for.
      _ = Unmanaged.passRetained(client)
      return
    }
    let error = await task.value
    #expect(error == nil || error == .cancelled(url: server.url("/a")))
  }

  @Test func transfersCancelledAsTheyCompleteAllReturn() async throws {
    // Many fetches cancelled at random moments around their completion; each returns.
    let server = try LoopbackServer(routes: ["/a": .body("x"), "/slow": .delayed(milliseconds: 5, .body("y"))])
    let client = try makeLoopbackClient()
    var generator = SplitMix64(seed: 57)
    for round in 0..<100 {
      let path = round % 2 == 0 ? "/a" : "/slow"
      let done = Flag()
      let task = Task {
        _ = await Self.error(fetching: server.url(path), with: client)
        done.set()
      }
      try await Task.sleep(for: .microseconds(Int.random(in: 0..<3_000, using: &generator)))
      task.cancel()
      let finished = await Self.eventually(within: .seconds(10)) { done.isSet }
      #expect(finished, "round \(round)")
      guard finished else {
        _ = Unmanaged.passRetained(client)
        return
      }
    }
  }

  static func error(fetching url: String, with client: HTTPClient) async -> HTTPError? {
    await httpError { () async throws(HTTPError) -> HTTPResponse in try await client.fetch(url) }
  }

  /// Whether `condition` holds within `limit`, polled every few milliseconds.
  static func eventually(within limit: Duration, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
      if await condition() { return true }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return await condition()
  }
}

/// Holds the loop's thread the first time it reaches `hold`, until `open` (or ten
/// seconds, so that a regression fails the test rather than hanging the suite).
final class LoopGate: @unchecked Sendable {
  private let condition = NSCondition()
  private var hasHeld = false
  private var isOpen = false

  var isHeld: Bool { condition.withLock { hasHeld } }

  @Sendable func hold() {
    condition.withLock {
      guard !hasHeld else { return }
      hasHeld = true
      let deadline = Date().addingTimeInterval(10)
      while !isOpen, condition.wait(until: deadline) {}
    }
  }

  func open() {
    condition.withLock {
      isOpen = true
      condition.broadcast()
    }
  }
}

/// A flag set once, read from any thread.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
