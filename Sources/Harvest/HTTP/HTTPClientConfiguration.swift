import DocumentModel
import Foundation

/// Everything an `HTTPClient` is set up with; the defaults are the polite ones of DESIGN.md.
public struct HTTPClientConfiguration: Sendable {
  /// duo-kb's version, as the User-Agent names it.
  public static let version = DuoKBVersion.current

  public var allowedHosts: HostAllowList
  public var userAgent: String
  /// Redirects followed per request; each hop is checked against `allowedHosts`.
  public var maxRedirects: Int
  public var connectTimeout: Duration
  /// Per attempt, redirects excluded.
  public var totalTimeout: Duration
  /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedTime` is a timeout.
  public var lowSpeedBytesPerSecond: Int
  public var lowSpeedTime: Duration
  /// Decoded body limit for every response (`HTTPRequest.maxBodyBytes` overrides it).
  public var maxBodyBytes: Int
  /// Connections to one host at most (`--jobs`).
  public var maxConnectionsPerHost: Int
  /// Requests in flight to one host at most; the rest wait in the client's queue.
  /// libcurl multiplexes up to 100 streams on one HTTP/2 connection.
  public var maxRequestsInFlightPerHost: Int
  /// A PEM file of extra trusted CAs, added to the system store (`--cacert`, SSL_CERT_FILE).
  public var caFile: String?
  public var retry: RetryPolicy
  /// No request runs past this instant of `clock` (nil: no overall deadline).
  public var deadline: ContinuousClock.Instant?
  public var clock: any RetryClock
  /// HTTP/2 over TLS with multiplexing (HTTP/1.1 for cleartext).
  public var prefersHTTP2: Bool

  public init(
    allowedHosts: HostAllowList = .apple,
    userAgent: String = "duo-kb/\(HTTPClientConfiguration.version)",
    maxRedirects: Int = 5,
    connectTimeout: Duration = .seconds(10),
    totalTimeout: Duration = .seconds(60),
    lowSpeedBytesPerSecond: Int = 64,
    lowSpeedTime: Duration = .seconds(20),
    maxBodyBytes: Int = 32 * 1024 * 1024,
    maxConnectionsPerHost: Int = 6,
    maxRequestsInFlightPerHost: Int = 100,
    caFile: String? = nil,
    retry: RetryPolicy = .standard,
    deadline: ContinuousClock.Instant? = nil,
    clock: any RetryClock = SystemRetryClock(),
    prefersHTTP2: Bool = true
  ) {
    self.allowedHosts = allowedHosts
    self.userAgent = userAgent
    self.maxRedirects = maxRedirects
    self.connectTimeout = connectTimeout
    self.totalTimeout = totalTimeout
    self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
    self.lowSpeedTime = lowSpeedTime
    self.maxBodyBytes = maxBodyBytes
    self.maxConnectionsPerHost = maxConnectionsPerHost
    self.maxRequestsInFlightPerHost = maxRequestsInFlightPerHost
    self.caFile = caFile
    self.retry = retry
    self.deadline = deadline
    self.clock = clock
    self.prefersHTTP2 = prefersHTTP2
  }

  /// `caFile` from the `SSL_CERT_FILE` variable when none is given.
  public func withEnvironmentCAFile(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> HTTPClientConfiguration {
    var copy = self
    if copy.caFile == nil, let file = environment["SSL_CERT_FILE"], !file.isEmpty { copy.caFile = file }
    return copy
  }
}
