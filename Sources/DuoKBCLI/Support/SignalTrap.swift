import Dispatch
import Locking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into a call of `handler` (on a dispatch queue) instead of
/// ending the process, until `restore()`: DispatchSource signal sources, which work the
/// same on macOS and Linux. The signals' previous dispositions come back when the last
/// trap of the process is restored (refreshes may run side by side in one process, as
/// in tests).
package final class SignalTrap: @unchecked Sendable {
  private let lock = Lock()
  private var sources: [any DispatchSourceSignal] = []
  private let signals: [Int32]

  package init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    let queue = DispatchQueue(label: "duo-kb.signals")
    for number in signals {
      Self.registry.retain(number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      sources.append(source)
    }
  }

  deinit { restore() }

  package func restore() {
    let taken: [any DispatchSourceSignal] = lock.withLock {
      defer { sources.removeAll() }
      return sources
    }
    guard !taken.isEmpty else { return }
    for source in taken { source.cancel() }
    for number in signals { Self.registry.release(number) }
  }

  private static let registry = Registry()

  /// How many traps hold each signal, and what to put back when none does.
  private final class Registry: @unchecked Sendable {
    typealias Handler = @convention(c) (Int32) -> Void
    private let lock = Lock()
    private var holders: [Int32: Int] = [:]
    private var previous: [Int32: Handler?] = [:]

    func retain(_ number: Int32) {
      lock.withLock {
        holders[number, default: 0] += 1
        if holders[number] == 1 { previous[number] = Self.set(number, SIG_IGN) }
      }
    }

    func release(_ number: Int32) {
      lock.withLock {
        holders[number, default: 1] -= 1
        guard holders[number] == 0 else { return }
        _ = Self.set(number, (previous.removeValue(forKey: number) ?? nil) ?? SIG_DFL)
      }
    }

    private static func set(_ number: Int32, _ handler: Handler?) -> Handler? {
      #if canImport(Glibc)
        Glibc.signal(number, handler)
      #elseif canImport(Darwin)
        Darwin.signal(number, handler)
      #endif
    }
  }
}
