import Foundation

/// Why a fetch failed. Every case names the URL it is about.
public enum HTTPError: Error, Sendable, Equatable {
  /// The URL (or a redirect hop) points at a host outside the allow-list.
  case hostNotAllowed(url: String, host: String)
  /// Not an absolute http or https URL.
  case invalidURL(String)
  /// More than `limit` redirects, or a redirect without a usable Location.
  case tooManyRedirects(url: String, limit: Int)
  /// A final status that is not 2xx or 304 (after retries, for retryable ones).
  case status(code: Int, url: String)
  /// Connect, total or low-speed timeout (CURLE_OPERATION_TIMEDOUT).
  case timeout(url: String, reason: String)
  /// The caller's deadline (the whole run's, or one source's) passed before a response arrived.
  case deadlineExceeded(url: String)
  /// The (decoded) body passed the configured size limit; the transfer was aborted.
  case responseTooLarge(url: String, limitBytes: Int)
  /// The connection ended before the declared Content-Length arrived.
  case truncated(url: String, expectedBytes: Int?, receivedBytes: Int)
  /// Any other libcurl failure: its code and message.
  case transport(url: String, curlCode: Int, message: String)
  /// The calling task was cancelled, or the client was shut down.
  case cancelled(url: String)
  /// The client could not be set up (an unreadable CA file, libcurl failing to start).
  case invalidConfiguration(reason: String)

  /// The URL the error is about.
  public var url: String {
    switch self {
    case .hostNotAllowed(let url, _), .tooManyRedirects(let url, _), .status(_, let url),
      .timeout(let url, _), .deadlineExceeded(let url), .responseTooLarge(let url, _),
      .truncated(let url, _, _), .transport(let url, _, _), .cancelled(let url):
      url
    case .invalidURL(let url): url
    case .invalidConfiguration: ""
    }
  }

  /// Whether a retry may help: timeouts, 5xx, 429 and connection-level failures.
  public var isRetryable: Bool {
    switch self {
    case .status(let code, _): code == 429 || (500...599).contains(code)
    case .timeout, .truncated: true
    case .transport(_, let code, _): Self.retryableCurlCodes.contains(code)
    default: false
    }
  }
}

extension HTTPError {
  /// libcurl failures worth another try: resolve and connect failures, an empty reply,
  /// send and receive errors, HTTP/2 framing and stream errors.
  static let retryableCurlCodes: Set<Int> = [6, 7, 16, 52, 55, 56, 92]
}

extension HTTPError: CustomStringConvertible {
  /// A host as `--allow-host` takes it: an IPv6 literal in brackets.
  static func hostOption(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }

  public var description: String {
    switch self {
    case .hostNotAllowed(let url, let host):
      "\(url): host '\(host)' is not in the allow-list; --allow-host \(Self.hostOption(host)) admits it "
        + "(remembered in Corpus/settings.json as allowHosts)"
    case .invalidURL(let url): "'\(url)' is not an absolute http or https URL"
    case .tooManyRedirects(let url, let limit): "\(url): more than \(limit) redirects"
    case .status(let code, let url): "\(url): HTTP status \(code)"
    case .timeout(let url, let reason): "\(url): timed out (\(reason))"
    case .deadlineExceeded(let url): "\(url): the deadline passed"
    case .responseTooLarge(let url, let limit): "\(url): response larger than \(limit) bytes"
    case .truncated(let url, let expected, let received):
      "\(url): body truncated after \(received) bytes"
        + (expected.map { " of \($0)" } ?? "")
    case .transport(let url, let code, let message): "\(url): transfer failed (curl \(code)): \(message)"
    case .cancelled(let url): "\(url): cancelled"
    case .invalidConfiguration(let reason): "HTTP client: \(reason)"
    }
  }
}
