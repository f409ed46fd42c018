import Citations
import Dispatch
import Foundation
import MCPServer

/// The MCP sessions of the Streamable HTTP transport: each `initialize` opens one, with its
/// own `MCPServer` (the revision it chose), answered one message at a time; all share one
/// index cache.
///
/// Sessions are bounded: `capacity` in all, `perClient` for one client address. When a
/// bound is reached, the least recently used session that is idle (no message for
/// `idleSeconds`, none being answered) is closed to make room, among the client's own when
/// it is the client's bound; when none is idle, the new session is refused. So a client
/// that opens sessions without end cannot close the sessions of others, nor its own that
/// are in use.
final class MCPSessions: @unchecked Sendable {
  final class Session: @unchecked Sendable {
    let server: MCPServer
    let client: String
    let lock = NSLock()
    private let stateLock = NSLock()
    private var lastUsed: UInt64
    private var answering = 0

    init(server: MCPServer, client: String) {
      self.server = server
      self.client = client
      lastUsed = MCPSessions.now()
    }

    /// One message through this session's server, after the ones before it.
    func respond(_ body: [UInt8]) -> String? {
      stateLock.withLock { answering += 1 }
      defer {
        stateLock.withLock {
          answering -= 1
          lastUsed = MCPSessions.now()
        }
      }
      return lock.withLock { server.respond(to: .message(body)) }
    }

    func touch() { stateLock.withLock { lastUsed = MCPSessions.now() } }

    /// When it was last used (uptime nanoseconds), or nil while a message is being answered.
    var idleSince: UInt64? { stateLock.withLock { answering > 0 ? nil : lastUsed } }
  }

  let capacity: Int
  let perClient: Int
  let idleSeconds: Int
  private let lock = NSLock()
  private var sessions: [String: Session] = [:]

  init(capacity: Int = 256, perClient: Int = 64, idleSeconds: Int = 60) {
    self.capacity = capacity
    self.perClient = perClient
    self.idleSeconds = idleSeconds
  }

  /// A new session's id (128 random bits as hex: visible ASCII, as the transport asks) and
  /// the session; nil when the bounds are reached and no session is idle to make room.
  func open(_ server: MCPServer, client: String) -> (id: String, session: Session)? {
    var generator = SystemRandomNumberGenerator()
    let id = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    return lock.withLock {
      let own = sessions.filter { $0.value.client == client }
      let crowd = own.count >= perClient ? own : sessions.count >= capacity ? sessions : [:]
      if !crowd.isEmpty {
        guard let evicted = leastRecentlyUsedIdle(crowd) else { return nil }
        sessions[evicted] = nil
      }
      let session = Session(server: server, client: client)
      sessions[id] = session
      return (id, session)
    }
  }

  private func leastRecentlyUsedIdle(_ candidates: [String: Session]) -> String? {
    let idleFrom = Self.now() &- UInt64(idleSeconds) * 1_000_000_000
    return candidates.compactMap { id, session in session.idleSince.map { (id, $0) } }
      .filter { $0.1 <= idleFrom }
      .min { $0.1 < $1.1 }?.0
  }

  func session(_ id: String) -> Session? {
    let session = lock.withLock { sessions[id] }
    session?.touch()
    return session
  }

  /// Ends a session; false when there was none of that id.
  func close(_ id: String) -> Bool {
    lock.withLock { sessions.removeValue(forKey: id) != nil }
  }

  var count: Int { lock.withLock { sessions.count } }

  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
