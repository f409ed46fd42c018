import DocumentModel
import Foundation

/// The transport seen through a site mirror: takes and returns logical URLs, sends
/// validators only to the origin that issued them, bounds every body by the harvest's
/// limits, and holds every request to a source's deadline.
public struct SiteFetcher: Sendable {
  public let transport: any HTTPTransport
  public let mirror: SiteMirror
  /// Hosts whose canonical links and redirects a document may take (the transport's own
  /// allow-list refuses requests elsewhere).
  public var allowedHosts: HostAllowList
  public var limits: HarvestLimits
  /// No new source starts past this instant of `clock` (nil: no overall deadline).
  public var overallDeadline: ContinuousClock.Instant?
  public var clock: any RetryClock
  /// No request of this fetcher runs past this instant (a source's deadline).
  public var deadline: ContinuousClock.Instant?
  /// Body bytes in flight across every talk (nil: only each request's own limit).
  public var budget: ByteBudget?

  public init(
    transport: any HTTPTransport, mirror: SiteMirror = SiteMirror(), allowedHosts: HostAllowList = .apple,
    limits: HarvestLimits = HarvestLimits(), overallDeadline: ContinuousClock.Instant? = nil,
    clock: any RetryClock = SystemRetryClock()
  ) {
    self.transport = transport
    self.mirror = mirror
    self.allowedHosts = allowedHosts
    self.limits = limits
    self.overallDeadline = overallDeadline
    self.clock = clock
    budget = ByteBudget(capacityBytes: limits.maxBytesInFlight)
  }

  /// The client's allow-list, deadline and clock; its size limit caps the page and
  /// segment limits.
  public init(client: HTTPClient, mirror: SiteMirror = SiteMirror(), limits: HarvestLimits = HarvestLimits()) {
    let configuration = client.configuration
    var limits = limits
    limits.maxPageBytes = min(limits.maxPageBytes, configuration.maxBodyBytes)
    limits.maxSegmentBytes = min(limits.maxSegmentBytes, configuration.maxBodyBytes)
    self.init(
      transport: client, mirror: mirror, allowedHosts: configuration.allowedHosts, limits: limits,
      overallDeadline: configuration.deadline, clock: configuration.clock)
  }

  public var stats: HTTPStats { transport.stats }

  /// This fetcher for one source: every request ends by `seconds` from now.
  public func forSource(deadlineSeconds seconds: Double?) -> SiteFetcher {
    var copy = self
    if let seconds, seconds > 0, seconds < 1e9 {
      copy.deadline = clock.now().advanced(by: .milliseconds(Int64(seconds * 1000)))
    }
    return copy
  }

  /// Fetches one URL, its body at most `maxBodyBytes` (the page limit by default); a 304
  /// comes back as a response (`isNotModified`), other non-2xx statuses are errors.
  /// `cached` validators are sent only when the request goes to the origin that issued them.
  public func fetch(_ url: String, cached: CachedValidators? = nil, maxBodyBytes: Int? = nil)
    async throws(HarvestError) -> HTTPResponse
  {
    try await fetch(url, cached: cached, maxBodyBytes: maxBodyBytes) { response throws(HarvestError) in response }
  }

  /// As above, and `read` runs on the response while its share of the budget is still
  /// held, so that a body is counted until it has been made into something smaller.
  public func fetch<T>(
    _ url: String, cached: CachedValidators? = nil, maxBodyBytes: Int? = nil,
    read: (HTTPResponse) throws(HarvestError) -> T
  ) async throws(HarvestError) -> T {
    let target = mirror.requestURL(for: url)
    let origin = validatorOrigin(requesting: url)
    let sends = cached.map { $0.origin == origin } ?? false
    let limit = max(1, maxBodyBytes ?? limits.maxPageBytes)
    let request = HTTPRequest(
      url: target, etag: sends ? cached?.etag : nil, lastModified: sends ? cached?.lastModified : nil,
      maxBodyBytes: limit, deadline: deadline)
    let granted = await budget?.reserve(limit)
    let result: Result<T, HarvestError>
    do throws(HarvestError) {
      let response: HTTPResponse
      do throws(HTTPError) {
        response = try await transport.fetch(request)
      } catch {
        throw .http(error)
      }
      result = .success(try read(logical(response, requested: url, origin: origin)))
    } catch {
      result = .failure(error)
    }
    if let granted, let budget { await budget.release(granted) }
    return try result.get()
  }

  /// The mirror origin a request for `url` goes to; nil when it goes to `url` itself.
  func validatorOrigin(requesting url: String) -> String? {
    let target = mirror.requestURL(for: url)
    guard target != url, let components = URLComponents(string: target), let scheme = components.scheme,
      let host = components.host
    else { return nil }
    return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
  }

  /// The response as if the original had answered, its validators marked with the mirror
  /// origin that issued them.
  private func logical(_ response: HTTPResponse, requested: String, origin: String?) -> HTTPResponse {
    var response = response
    response.requestedURL = requested
    response.validatorOrigin = origin
    response.finalURL = mirror.logicalURL(for: response.finalURL)
    return response
  }
}

/// The validators a conditional request sends back, and the origin that issued them
/// (nil: the URL's own).
public struct CachedValidators: Sendable, Equatable {
  public var etag: String?
  public var lastModified: String?
  public var origin: String?

  public init(etag: String?, lastModified: String?, origin: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
    self.origin = origin
  }

  /// A document's, from its fetch metadata.
  public init?(_ fetch: FetchMetadata?) {
    guard let fetch else { return nil }
    self.init(etag: fetch.etag, lastModified: fetch.lastModified, origin: fetch.validatorOrigin)
  }
}
