import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The open connections of a server: how many, and when each must have sent a complete
/// request head. libmicrohttpd only knows an idle timeout, which every byte resets; the
/// registry closes a connection whose head is late however its bytes trickle in, by
/// shutting its socket down (libmicrohttpd then reads the end of the stream and closes it).
final class ConnectionRegistry: @unchecked Sendable {
  private struct Entry {
    let socket: Int32
    /// Set while a request head is awaited; nil while a request is being read or answered.
    var headDeadline: UInt64?
    /// The request being read or answered: the registry keeps it alive from its request
    /// line until it has ended, libmicrohttpd holding only a pointer to it.
    var request: PendingRequest?
  }

  private let headTimeoutNanoseconds: UInt64
  private let lock = NSLock()
  private var entries: [UInt: Entry] = [:]
  private var timer: DispatchSourceTimer?

  init(headTimeoutSeconds: Int) {
    headTimeoutNanoseconds = UInt64(headTimeoutSeconds) * 1_000_000_000
  }

  /// Starts checking deadlines a few times a second.
  func startSweeping() {
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "duo-kb.http.head-deadlines"))
    timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250), leeway: .milliseconds(50))
    timer.setEventHandler { [weak self] in self?.closeLateConnections() }
    lock.withLock { self.timer = timer }
    timer.resume()
  }

  func stopSweeping() {
    lock.withLock {
      timer?.cancel()
      timer = nil
    }
  }

  var count: Int { lock.withLock { entries.count } }

  func opened(_ connection: OpaquePointer, socket: Int32) {
    let deadline = Self.now() + headTimeoutNanoseconds
    lock.withLock { entries[Self.key(connection)] = Entry(socket: socket, headDeadline: deadline) }
  }

  /// A request line arrived: the request is kept until it ends or the connection closes.
  func requestBegan(_ connection: OpaquePointer, _ request: PendingRequest) {
    lock.withLock {
      let key = Self.key(connection)
      if entries[key] == nil { entries[key] = Entry(socket: -1, headDeadline: nil) }
      entries[key]?.request = request
    }
  }

  /// A request head arrived in full: no deadline until it is answered.
  func headArrived(_ connection: OpaquePointer) {
    lock.withLock { entries[Self.key(connection)]?.headDeadline = nil }
  }

  /// A request was answered (or given up): the next head on the connection has its own deadline.
  func awaitingHead(_ connection: OpaquePointer) {
    let deadline = Self.now() + headTimeoutNanoseconds
    lock.withLock {
      entries[Self.key(connection)]?.headDeadline = deadline
      entries[Self.key(connection)]?.request = nil
    }
  }

  /// The connection was answered without libmicrohttpd: close it after a moment that lets
  /// the answer reach the client.
  func closeSoon(_ connection: OpaquePointer) {
    let deadline = Self.now() + 1_000_000_000
    lock.withLock { entries[Self.key(connection)]?.headDeadline = deadline }
  }

  /// Called before libmicrohttpd closes the socket, so a late shutdown never reaches a socket
  /// number the system has given to another connection. Returns the request that had not
  /// ended (libmicrohttpd does not report every request's end, one it could not parse among them).
  func closed(_ connection: OpaquePointer) -> PendingRequest? {
    lock.withLock { entries.removeValue(forKey: Self.key(connection))?.request }
  }

  /// Shuts down every connection whose head is late.
  func closeLateConnections() {
    let now = Self.now()
    lock.withLock {
      for (key, entry) in entries {
        guard let deadline = entry.headDeadline, deadline <= now else { continue }
        entries[key]?.headDeadline = nil
        _ = shutdown(entry.socket, Int32(SHUT_RDWR))
      }
    }
  }

  private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }
  private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
