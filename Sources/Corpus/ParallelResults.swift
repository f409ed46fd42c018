import Locking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Slots that the iterations of `DispatchQueue.concurrentPerform` fill, each its own,
/// under a lock; read once they have all finished.
final class ParallelResults<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private var slots: [Value?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  func set(_ index: Int, _ value: Value) {
    lock.lock()
    defer { lock.unlock() }
    slots[index] = value
  }

  /// Every slot's value; call only after every slot was set.
  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
