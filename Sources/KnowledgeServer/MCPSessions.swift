import Citations
import Foundation
import MCPServer

/// The MCP sessions of the Streamable HTTP transport: each `initialize` opens one, with its
/// own `MCPServer` (the revision it chose), answered one message at a time; all share one
/// index cache. The oldest unused session is closed when there are `capacity` of them.
final class MCPSessions: @unchecked Sendable {
  final class Session: @unchecked Sendable {
    let server: MCPServer
    let lock = NSLock()
    var lastUsed: UInt64

    init(server: MCPServer, lastUsed: UInt64) {
      self.server = server
      self.lastUsed = lastUsed
    }

    /// One message through this session's server, after the ones before it.
    func respond(_ body: [UInt8]) -> String? {
      lock.withLock { server.respond(to: .message(body)) }
    }
  }

  let capacity: Int
  private let lock = NSLock()
  private var sessions: [String: Session] = [:]
  private var clock: UInt64 = 0

  init(capacity: Int = 256) { self.capacity = capacity }

  /// A new session's id (128 random bits as hex: visible ASCII, as the transport asks) and the session.
  func open(_ server: MCPServer) -> (id: String, session: Session) {
    var generator = SystemRandomNumberGenerator()
    let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    return lock.withLock {
      clock += 1
      if sessions.count >= capacity, let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
        sessions[oldest.key] = nil
      }
      let session = Session(server: server, lastUsed: clock)
      sessions[id] = session
      return (id, session)
    }
  }

  func session(_ id: String) -> Session? {
    lock.withLock {
      clock += 1
      sessions[id]?.lastUsed = clock
      return sessions[id]
    }
  }

  /// Ends a session; false when there was none of that id.
  func close(_ id: String) -> Bool {
    lock.withLock { sessions.removeValue(forKey: id) != nil }
  }

  var count: Int { lock.withLock { sessions.count } }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
