import Foundation

/// An HTTP client on libcurl's multi interface: keep-alive, HTTP/2 multiplexing over TLS,
/// compression, checked redirects, timeouts, size limits, retries and conditional requests.
///
/// Threading: all transfers run on one thread owned by the client (see `CurlMultiLoop`);
/// `fetch` suspends the calling task on a continuation until that thread completes it.
/// The client is `Sendable`: share one per run so connections are reused. Dropping the
/// last reference stops its thread and cancels what is still queued.
public final class HTTPClient: Sendable {
  public let configuration: HTTPClientConfiguration
  private let loop: CurlMultiLoop
  private let recorder = HTTPStatsRecorder()

  public convenience init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) throws(HTTPError) {
    try self.init(configuration: configuration, hooks: CurlLoopHooks())
  }

  /// A client whose transfer thread stops where `hooks` say (tests only).
  init(configuration: HTTPClientConfiguration, hooks: CurlLoopHooks) throws(HTTPError) {
    self.configuration = configuration
    let settings = CurlEasySettings(
      userAgent: configuration.userAgent,
      connectTimeoutMilliseconds: configuration.connectTimeout.wholeMilliseconds,
      lowSpeedBytesPerSecond: configuration.lowSpeedBytesPerSecond,
      lowSpeedTimeSeconds: max(1, configuration.lowSpeedTime.wholeMilliseconds / 1000),
      prefersHTTP2: configuration.prefersHTTP2,
      trust: try Self.trustStore(adding: configuration.caFile))
    loop = try CurlMultiLoop(
      settings: settings, maxConnectionsPerHost: configuration.maxConnectionsPerHost,
      maxInFlightPerOrigin: configuration.maxRequestsInFlightPerHost, stats: recorder,
      hooks: hooks)
  }

  deinit { loop.shutdown() }

  /// Counters since the client was made.
  public var stats: HTTPStats { recorder.snapshot }

  public func fetch(_ url: String) async throws(HTTPError) -> HTTPResponse {
    try await fetch(HTTPRequest(url: url))
  }

  /// Fetches `request`, following redirects and retrying as `configuration.retry` says.
  /// Returns 2xx responses and 304 (`isNotModified`); throws for everything else.
  public func fetch(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let policy = configuration.retry
    var attempt = 1
    while true {
      let error: HTTPError
      var retryAfter: Duration?
      do throws(HTTPError) {
        var response = try await fetchFollowingRedirects(request)
        if (200..<300).contains(response.status) || response.status == 304 {
          response.attempts = attempt
          if response.isNotModified { recorder.update { $0.notModified += 1 } }
          return response
        }
        error = .status(code: response.status, url: response.finalURL)
        retryAfter = response.headers["Retry-After"].flatMap { RetryAfter.parse($0) }
      } catch let failure {
        error = failure
      }
      guard error.isRetryable, attempt < policy.maxAttempts else { throw error }
      let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter)
      if let deadline = deadline(of: request), configuration.clock.now().advanced(by: delay) >= deadline {
        throw error
      }
      do {
        try await configuration.clock.sleep(for: delay)
      } catch {
        throw .cancelled(url: request.url)
      }
      attempt += 1
      recorder.update { $0.retries += 1 }
    }
  }

  /// Fetches every request, at most `maxConcurrent` at a time, and returns the
  /// outcomes in the order of `requests`.
  public func fetchAll(
    _ requests: [HTTPRequest], maxConcurrent: Int = 100
  ) async -> [Result<HTTPResponse, HTTPError>] {
    var results = [Result<HTTPResponse, HTTPError>?](repeating: nil, count: requests.count)
    await withTaskGroup(of: (Int, Result<HTTPResponse, HTTPError>).self) { group in
      var indices = requests.indices.makeIterator()
      for _ in 0..<max(1, maxConcurrent) {
        guard let index = indices.next() else { break }
        let request = requests[index]
        group.addTask { (index, await self.result(of: request)) }
      }
      while let (index, result) = await group.next() {
        results[index] = result
        if let index = indices.next() {
          let request = requests[index]
          group.addTask { (index, await self.result(of: request)) }
        }
      }
    }
    return zip(requests, results).map { request, result in
      result ?? .failure(.cancelled(url: request.url))
    }
  }

  private func result(of request: HTTPRequest) async -> Result<HTTPResponse, HTTPError> {
    do throws(HTTPError) {
      return .success(try await fetch(request))
    } catch {
      return .failure(error)
    }
  }

  /// The earlier of the client's deadline and the request's.
  private func deadline(of request: HTTPRequest) -> ContinuousClock.Instant? {
    switch (configuration.deadline, request.deadline) {
    case (let client?, let own?): min(client, own)
    case (let client, let own): client ?? own
    }
  }

  /// One attempt: follows up to `maxRedirects` redirects, checking every hop's host.
  private func fetchFollowingRedirects(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    var url = request.url
    var redirects = 0
    while true {
      let result = try await transfer(request, url: url)
      if [301, 302, 303, 307, 308].contains(result.status), let location = result.redirectURL {
        redirects += 1
        guard redirects <= configuration.maxRedirects else {
          throw .tooManyRedirects(url: request.url, limit: configuration.maxRedirects)
        }
        url = location
        continue
      }
      return HTTPResponse(
        status: result.status, headers: result.headers, body: result.body, requestedURL: request.url,
        finalURL: url, redirectCount: redirects)
    }
  }

  /// One hop of one attempt on the transfer thread.
  private func transfer(_ request: HTTPRequest, url: String) async throws(HTTPError) -> TransferResult {
    guard let target = CurlURL(url) else { throw .invalidURL(url) }
    guard configuration.allowedHosts.allows(host: target.host) else {
      throw .hostNotAllowed(url: url, host: target.host)
    }
    var timeout = configuration.totalTimeout
    var deadlineBinds = false
    if let deadline = deadline(of: request) {
      let remaining = configuration.clock.now().duration(to: deadline)
      guard remaining > .zero else { throw .deadlineExceeded(url: url) }
      if remaining < timeout {
        timeout = remaining
        deadlineBinds = true
      }
    }
    let options = TransferOptions(
      url: url, curlURL: target.text, origin: target.origin, headerLines: request.headerLines,
      isHead: request.isHead, maxBodyBytes: request.maxBodyBytes ?? configuration.maxBodyBytes,
      totalTimeoutMilliseconds: max(1, timeout.wholeMilliseconds),
      waitsForMultiplexing: target.scheme == "https" && configuration.prefersHTTP2)
    let transfer = CurlTransfer(options: options)
    let loop = loop
    // The cancellation handler only marks the transfer and wakes the loop's thread, which
    // completes it; the handler never waits for anything the loop holds (CurlMultiLoop).
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { loop.submit(transfer, resuming: $0) }
    } onCancel: {
      loop.cancel(transfer)
    }
    switch result {
    case .success(let value): return value
    case .failure(.timeout) where deadlineBinds: throw .deadlineExceeded(url: url)
    case .failure(let error): throw error
    }
  }

  /// What libcurl should trust: the system store plus `caFile`. (CURLOPT_CAINFO alone
  /// would replace the system store rather than add to it.)
  private static func trustStore(adding caFile: String?) throws(HTTPError) -> CurlTrustStore {
    guard let caFile else { return .systemDefault }
    let files = FileManager.default
    guard let extra = files.contents(atPath: caFile) else {
      throw .invalidConfiguration(reason: "cannot read the CA file \(caFile)")
    }
    // OpenSSL's hashed directory: certificates named <subject hash>.0 (c_rehash).
    let directory = "/etc/ssl/certs"
    if let names = try? files.contentsOfDirectory(atPath: directory), names.contains(where: { $0.hasSuffix(".0") }) {
      return .fileAndDirectory(file: caFile, directory: directory)
    }
    let systemBundles = [
      "/etc/ssl/certs/ca-certificates.crt",  // Debian, Ubuntu, Alpine
      "/etc/pki/tls/certs/ca-bundle.crt",  // Fedora, RHEL
      "/etc/ssl/ca-bundle.pem",  // openSUSE
      "/etc/ssl/cert.pem",  // macOS, BSDs
    ]
    var bundle = systemBundles.lazy.compactMap { files.contents(atPath: $0) }.first ?? Data()
    bundle.append(contentsOf: Array("\n".utf8))
    bundle.append(extra)
    return .bundle(bundle)
  }
}

extension Duration {
  /// Whole milliseconds, rounded down, never negative, at most `Int.max`.
  var wholeMilliseconds: Int {
    let (seconds, attoseconds) = components
    let (whole, overflow) = Int(seconds).multipliedReportingOverflow(by: 1000)
    guard !overflow else { return seconds > 0 ? Int.max : 0 }
    let (sum, past) = whole.addingReportingOverflow(Int(attoseconds / 1_000_000_000_000_000))
    return past ? Int.max : max(0, sum)
  }
}
