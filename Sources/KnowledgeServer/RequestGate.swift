import Foundation
import HTTPServing

/// Who may ask: the bearer token (when one is set) on the API and MCP, and, against DNS
/// rebinding, the `Host` of a server on loopback and the `Origin` a browser sends.
struct RequestGate: Sendable {
  let token: BearerToken?
  /// Whether the server listens on loopback only.
  let isLoopback: Bool

  /// Nil when the request may go on; else the refusal.
  func refusal(_ request: ServerRequest, needsToken: Bool) -> APIFailure? {
    // A page from another site that resolved its name to 127.0.0.1 still names its own host.
    if isLoopback, let host = request.header("host"), !Self.isLoopbackName(Self.hostName(ofAuthority: host)) {
      return APIFailure(status: 403, "this server on loopback answers only requests for localhost, not '\(host)'")
    }
    if let origin = request.header("origin"), !isAllowed(origin: origin, host: request.header("host")) {
      return APIFailure(
        status: 403, "requests from the origin '\(origin)' are refused: only pages of this server may call it")
    }
    if needsToken, let token, !token.isCarried(by: request.header("authorization")) {
      var failure = APIFailure(
        status: 401,
        request.header("authorization") == nil
          ? "this server needs its token: send 'Authorization: Bearer TOKEN'" : "the token sent is not this server's")
      failure.headers = [("WWW-Authenticate", "Bearer realm=\"duo-kb\"")]
      return failure
    }
    return nil
  }

  /// Same origin (its authority is the request's `Host`), or a loopback page on a loopback server.
  func isAllowed(origin: String, host: String?) -> Bool {
    guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let originHost = url.host
    else { return false }
    let authority = origin.drop { $0 != "/" }.drop { $0 == "/" }
    if let host, authority.lowercased() == host.lowercased() { return true }
    return isLoopback && Self.isLoopbackName(originHost.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))
  }

  /// The host of `host[:port]` or `[v6]:port`, lower-cased, without brackets.
  static func hostName(ofAuthority authority: String) -> String {
    let lower = authority.lowercased()
    if lower.hasPrefix("["), let close = lower.firstIndex(of: "]") {
      return String(lower[lower.index(after: lower.startIndex)..<close])
    }
    return String(lower.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
  }

  static func isLoopbackName(_ host: String) -> Bool {
    if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
    guard let address = try? ListenAddress(host: host) else { return false }
    return address.isLoopback
  }
}
