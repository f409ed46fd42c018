import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGINT and SIGTERM into a call of `handler` (on a dispatch queue) instead of
/// ending the process, until `restore()`: DispatchSource signal sources, which work the
/// same on macOS and Linux. The default action is put back on restore.
final class SignalTrap: @unchecked Sendable {
  private var sources: [any DispatchSourceSignal] = []
  private let signals: [Int32]

  init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    let queue = DispatchQueue(label: "duo-kb.signals")
    for number in signals {
      Self.ignore(number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      source.resume()
      sources.append(source)
    }
  }

  func restore() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in signals { Self.setDefault(number) }
  }

  private static func ignore(_ number: Int32) {
    #if canImport(Glibc)
      _ = Glibc.signal(number, SIG_IGN)
    #elseif canImport(Darwin)
      _ = Darwin.signal(number, SIG_IGN)
    #endif
  }

  private static func setDefault(_ number: Int32) {
    #if canImport(Glibc)
      _ = Glibc.signal(number, SIG_DFL)
    #elseif canImport(Darwin)
      _ = Darwin.signal(number, SIG_DFL)
    #endif
  }
}
