/// A counting semaphore over bytes: a request reserves its body limit before it is sent
/// and gives it back when its response is in, so that the bodies in flight across every
/// source never sum past `capacityBytes`. Waiters are served in order; a reservation
/// larger than the capacity is cut to it, so it can always be granted.
public actor ByteBudget {
  public let capacityBytes: Int
  private var available: Int
  private var waiters: [(bytes: Int, continuation: CheckedContinuation<Void, Never>)] = []

  public init(capacityBytes: Int) {
    self.capacityBytes = max(1, capacityBytes)
    available = self.capacityBytes
  }

  /// Waits until `bytes` (at most the capacity) are free and takes them; returns the
  /// amount taken, to be given back with `release`.
  public func reserve(_ bytes: Int) async -> Int {
    let wanted = min(max(0, bytes), capacityBytes)
    if waiters.isEmpty, available >= wanted {
      available -= wanted
      return wanted
    }
    await withCheckedContinuation { waiters.append((wanted, $0)) }
    return wanted
  }

  public func release(_ bytes: Int) {
    available = min(capacityBytes, available + max(0, bytes))
    while let first = waiters.first, first.bytes <= available {
      available -= first.bytes
      waiters.removeFirst()
      first.continuation.resume()
    }
  }

  /// Bytes not reserved now.
  public var availableBytes: Int { available }
}
