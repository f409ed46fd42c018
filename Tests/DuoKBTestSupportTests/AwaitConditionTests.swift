import DuoKBTestSupport
import Foundation
import Testing

@Suite struct AwaitConditionTests {
  @Test func itReturnsOnceTheConditionHolds() async throws {
    let count = Counter()
    try await awaitCondition("the third look") { count.next() >= 3 }
    #expect(count.value == 3)
  }

  @Test func itThrowsAnErrorNamingWhatWasAwaitedWhenTheTimeoutPasses() async throws {
    let error = await #expect(throws: ConditionNotReached.self) {
      try await awaitCondition("a file that never comes", timeout: .milliseconds(20)) { false }
    }
    #expect(error?.description.contains("a file that never comes") == true)
  }

  @Test func theBlockingFormWaitsTheSameWay() throws {
    let count = Counter()
    try awaitCondition("the second look") { count.next() >= 2 }
    #expect(count.value == 2)
    #expect(throws: ConditionNotReached.self) {
      try awaitCondition("never", timeout: .milliseconds(20)) { false }
    }
  }

  @Test func anErrorOfTheConditionEndsTheWait() async throws {
    struct Broken: Error {}
    await #expect(throws: Broken.self) { try await awaitCondition("a broken condition") { throw Broken() } }
  }
}

final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func next() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
}
