import CCurl
import Foundation

/// What one transfer asks for: a single hop of a single attempt.
struct TransferOptions: Sendable {
  /// The URL as the caller gave it, for errors.
  var url: String
  /// The same URL as libcurl normalized it (`CurlURL`), for the transfer.
  var curlURL: String
  /// "scheme://host:port", the key of the per-host in-flight limit.
  var origin: String
  var headerLines: [String]
  var isHead: Bool
  var maxBodyBytes: Int
  var totalTimeoutMilliseconds: Int
  /// Wait for a connection that can multiplex rather than open another (HTTP/2 over TLS,
  /// where ALPN tells at once; on cleartext HTTP/1.1 it would wait for a whole response).
  var waitsForMultiplexing: Bool
}

/// What one transfer got back: any status, redirects not followed.
struct TransferResult: Sendable {
  var status: Int
  var headers: HTTPHeaders
  var body: Data
  /// Where a 3xx points, resolved against the request URL (CURLINFO_REDIRECT_URL).
  var redirectURL: String?
  var connectionsOpened: Int
}

/// One request in flight. After `CurlMultiLoop.submit`, its mutable state belongs to the
/// loop's thread alone (the body and header callbacks run there too), except `isCancelRequested`
/// and `continuation`, which the loop's lock guards.
final class CurlTransfer: @unchecked Sendable {
  typealias Continuation = CheckedContinuation<Result<TransferResult, HTTPError>, Never>

  let options: TransferOptions
  /// The waiting task; taken out (and resumed) once, by `CurlMultiLoop.complete`.
  var continuation: Continuation?
  var isCancelRequested = false

  // Loop thread only:
  var easy: CurlEasy?
  var headerList: UnsafeMutablePointer<curl_slist>?
  var body = Data()
  var headers = HTTPHeaders()
  var exceededLimit = false
  var headerBytes = 0
  var exceededHeaderLimit = false

  /// The most header bytes kept per response; a server that sends more is cut off.
  static let maxHeaderBytes = 256 * 1024

  init(options: TransferOptions) { self.options = options }

  /// libcurl's body callback: keeps the bytes, or aborts the transfer past the size limit.
  func receive(_ buffer: UnsafeRawBufferPointer) -> Int {
    if body.count + buffer.count > options.maxBodyBytes {
      exceededLimit = true
      return 0
    }
    body.append(contentsOf: buffer)
    return buffer.count
  }

  /// libcurl's header callback: a status line starts a new header block (after 1xx).
  /// Returns false past `maxHeaderBytes`, which aborts the transfer.
  func receiveHeaderLine(_ buffer: UnsafeRawBufferPointer) -> Bool {
    headerBytes += buffer.count
    guard headerBytes <= Self.maxHeaderBytes else {
      exceededHeaderLimit = true
      return false
    }
    let line = String(decoding: buffer, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      headers = HTTPHeaders()
    } else {
      headers.appendLine(line)
    }
    return true
  }
}

/// A libcurl easy handle with the client-wide options set once; reused across transfers
/// so that its caches (TLS session, CA store) are too.
final class CurlEasy: @unchecked Sendable {
  let handle: UnsafeMutableRawPointer
  let errorBuffer: UnsafeMutablePointer<CChar>

  init?(settings: CurlEasySettings) {
    guard let handle = curl_easy_init() else { return nil }
    self.handle = handle
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    settings.apply(to: handle, errorBuffer: errorBuffer)
  }

  deinit {
    curl_easy_cleanup(handle)
    errorBuffer.deallocate()
  }

  var errorMessage: String { String(cString: errorBuffer) }

  /// Sets what differs per transfer; `transfer` must outlive the transfer.
  func prepare(for transfer: CurlTransfer) {
    errorBuffer[0] = 0
    let options = transfer.options
    _ = duokb_setopt_str(handle, CURLOPT_URL, options.curlURL)
    var list: UnsafeMutablePointer<curl_slist>?
    // Expect: 100-continue is for uploads; an empty value stops libcurl from sending it.
    for line in options.headerLines + ["Expect:"] { list = curl_slist_append(list, line) }
    transfer.headerList = list
    _ = duokb_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
    if options.isHead {
      _ = duokb_setopt_long(handle, CURLOPT_NOBODY, 1)
    } else {
      _ = duokb_setopt_long(handle, CURLOPT_HTTPGET, 1)
    }
    _ = duokb_setopt_long(handle, CURLOPT_PIPEWAIT, options.waitsForMultiplexing ? 1 : 0)
    _ = duokb_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, options.totalTimeoutMilliseconds))
    _ = duokb_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBodyBytes))
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    _ = duokb_setopt_ptr(handle, CURLOPT_WRITEDATA, context)
    _ = duokb_setopt_ptr(handle, CURLOPT_HEADERDATA, context)
    _ = duokb_setopt_ptr(handle, CURLOPT_PRIVATE, context)
  }

  /// Drops the per-transfer pointers so that nothing dangles while the handle is idle.
  func release(_ transfer: CurlTransfer) {
    _ = duokb_setopt_slist(handle, CURLOPT_HTTPHEADER, nil)
    _ = duokb_setopt_ptr(handle, CURLOPT_WRITEDATA, nil)
    _ = duokb_setopt_ptr(handle, CURLOPT_HEADERDATA, nil)
    _ = duokb_setopt_ptr(handle, CURLOPT_PRIVATE, nil)
    if let list = transfer.headerList { curl_slist_free_all(list) }
    transfer.headerList = nil
  }

  func longInfo(_ info: CURLINFO) -> Int {
    var value = 0
    return duokb_getinfo_long(handle, info, &value) == CURLE_OK ? value : 0
  }

  func offInfo(_ info: CURLINFO) -> Int64 {
    var value: curl_off_t = -1
    return duokb_getinfo_off(handle, info, &value) == CURLE_OK ? Int64(value) : -1
  }

  func stringInfo(_ info: CURLINFO) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard duokb_getinfo_str(handle, info, &value) == CURLE_OK, let value else { return nil }
    return String(cString: value)
  }
}

/// The options every easy handle of one client shares.
struct CurlEasySettings: Sendable {
  var userAgent: String
  var connectTimeoutMilliseconds: Int
  var lowSpeedBytesPerSecond: Int
  var lowSpeedTimeSeconds: Int
  var prefersHTTP2: Bool
  /// Where the trusted CAs come from (`HTTPClient.trustStore(adding:)`).
  var trust: CurlTrustStore

  func apply(to handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>) {
    _ = duokb_setopt_ptr(handle, CURLOPT_ERRORBUFFER, errorBuffer)
    _ = duokb_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    _ = duokb_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
    _ = duokb_setopt_str(handle, CURLOPT_PROTOCOLS_STR, "http,https")
    // An empty string asks for every encoding this libcurl can decode (gzip, deflate, br, zstd).
    _ = duokb_setopt_str(handle, CURLOPT_ACCEPT_ENCODING, "")
    _ = duokb_setopt_str(handle, CURLOPT_USERAGENT, userAgent)
    let version = prefersHTTP2 ? CURL_HTTP_VERSION_2TLS : CURL_HTTP_VERSION_1_1
    _ = duokb_setopt_long(handle, CURLOPT_HTTP_VERSION, version)
    _ = duokb_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
    _ = duokb_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, connectTimeoutMilliseconds))
    _ = duokb_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, max(1, lowSpeedBytesPerSecond))
    _ = duokb_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, max(1, lowSpeedTimeSeconds))
    _ = duokb_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
      guard let context else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      return transfer.receive(UnsafeRawBufferPointer(start: buffer, count: size * count))
    }
    _ = duokb_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
      guard let context else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      let isKept = transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: size * count))
      return isKept ? size * count : 0
    }
    switch trust {
    case .systemDefault:
      break
    case .fileAndDirectory(let file, let directory):
      _ = duokb_setopt_str(handle, CURLOPT_CAINFO, file)
      _ = duokb_setopt_str(handle, CURLOPT_CAPATH, directory)
    case .bundle(let bundle):
      bundle.withUnsafeBytes { bytes in
        _ = duokb_setopt_blob(handle, CURLOPT_CAINFO_BLOB, bytes.baseAddress, bytes.count)
      }
    }
  }
}

/// The CAs a client trusts: the system store alone, or the system store plus a private CA.
enum CurlTrustStore: Sendable {
  /// libcurl's built-in default (the system store).
  case systemDefault
  /// The private CA file, and the system's hashed certificate directory, which OpenSSL
  /// reads one certificate at a time as needed (cheap per handle).
  case fileAndDirectory(file: String, directory: String)
  /// The system bundle followed by the private CA, in memory; libcurl copies it into every
  /// easy handle, so it is the fallback where there is no hashed directory.
  case bundle(Data)
}
