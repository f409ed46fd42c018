import CCurl

/// A URL as libcurl itself reads it (its URL API), so that the host checked against the
/// allow-list is the host the transfer connects to, whatever tricks the text holds
/// (userinfo, odd escapes, backslashes).
struct CurlURL: Sendable, Equatable {
  /// The normalized URL handed to the transfer.
  var text: String
  /// "http" or "https".
  var scheme: String
  var host: String
  var port: Int

  /// nil when `string` is not an absolute http or https URL with a host.
  init?(_ string: String) {
    guard !string.isEmpty, let handle = curl_url() else { return nil }
    defer { curl_url_cleanup(handle) }
    guard curl_url_set(handle, CURLUPART_URL, string, 0) == CURLUE_OK,
      let scheme = Self.part(handle, CURLUPART_SCHEME)?.lowercased(), scheme == "http" || scheme == "https",
      let host = Self.part(handle, CURLUPART_HOST), !host.isEmpty,
      let port = Self.part(handle, CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)).flatMap({ Int($0) }),
      let text = Self.part(handle, CURLUPART_URL)
    else { return nil }
    self.text = text
    self.scheme = scheme
    self.host = host
    self.port = port
  }

  /// "scheme://host:port": the key of the per-host limits.
  var origin: String { "\(scheme)://\(host.lowercased()):\(port)" }

  private static func part(_ handle: OpaquePointer, _ what: CURLUPart, flags: UInt32 = 0) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard curl_url_get(handle, what, &value, flags) == CURLUE_OK, let value else { return nil }
    defer { curl_free(value) }
    return String(cString: value)
  }
}
