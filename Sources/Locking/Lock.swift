#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A mutual-exclusion lock over a POSIX mutex: what `NSLock` gives, without Foundation (a
/// process that only searches does not link it). Not recursive: locking it twice on one
/// thread deadlocks.
public final class Lock: @unchecked Sendable {
  // A mutex must not move once initialised: it lives in memory of its own.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  public func lock() {
    let status = pthread_mutex_lock(mutex)
    precondition(status == 0, "pthread_mutex_lock failed: \(status)")
  }

  public func unlock() {
    let status = pthread_mutex_unlock(mutex)
    precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
  }

  public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}
