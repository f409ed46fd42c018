import Foundation

/// Counters of one client since it was made.
public struct HTTPStats: Sendable, Equatable {
  /// Transfers handed to libcurl: every attempt and every redirect hop.
  public var requestsSent = 0
  /// New connections libcurl opened (CURLINFO_NUM_CONNECTS summed).
  public var connectionsOpened = 0
  /// Body bytes received, as decoded.
  public var bodyBytes = 0
  /// Most transfers in flight at once (handed to libcurl; over HTTP/1.1 some of them wait
  /// inside libcurl for one of the host's connections).
  public var maxRequestsInFlight = 0
  /// Transfers answered over HTTP/2.
  public var http2Responses = 0
  public var retries = 0
  public var notModified = 0
  public var failures = 0

  public init() {}
}

/// Lock-protected `HTTPStats`, shared by the transfer thread and callers.
final class HTTPStatsRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var stats = HTTPStats()

  var snapshot: HTTPStats { lock.withLock { stats } }

  func update(_ change: (inout HTTPStats) -> Void) { lock.withLock { change(&stats) } }
}
