import CCurl
import Foundation

/// Turns a finished transfer's libcurl result into a `TransferResult` or an `HTTPError`.
struct CurlOutcome {
  let transfer: CurlTransfer
  let easy: CurlEasy
  let code: CURLcode

  var result: Result<TransferResult, HTTPError> {
    let url = transfer.options.url
    let declaredLength = easy.offInfo(CURLINFO_CONTENT_LENGTH_DOWNLOAD_T)
    let received = transfer.body.count
    switch code {
    case CURLE_OK:
      break
    case CURLE_WRITE_ERROR where transfer.exceededHeaderLimit:
      return .failure(.responseTooLarge(url: url, limitBytes: CurlTransfer.maxHeaderBytes))
    case CURLE_WRITE_ERROR where transfer.exceededLimit, CURLE_FILESIZE_EXCEEDED:
      return .failure(.responseTooLarge(url: url, limitBytes: transfer.options.maxBodyBytes))
    case CURLE_OPERATION_TIMEDOUT:
      return .failure(.timeout(url: url, reason: message))
    case CURLE_PARTIAL_FILE:
      return .failure(
        .truncated(url: url, expectedBytes: declaredLength >= 0 ? Int(declaredLength) : nil, receivedBytes: received))
    default:
      return .failure(.transport(url: url, curlCode: Int(code.rawValue), message: message))
    }
    let status = easy.longInfo(CURLINFO_RESPONSE_CODE)
    // libcurl notices a short body on HTTP/1.1 (CURLE_PARTIAL_FILE); this also covers
    // an identity body that ends early without the connection saying so (RFC 9112 §6.3).
    let encoding = transfer.headers["Content-Encoding"]?.lowercased() ?? "identity"
    let hasBody = !transfer.options.isHead && status != 204 && status != 304 && !(100..<200).contains(status)
    if hasBody, encoding == "identity", declaredLength >= 0, Int(declaredLength) != received {
      return .failure(.truncated(url: url, expectedBytes: Int(declaredLength), receivedBytes: received))
    }
    let redirect = (300..<400).contains(status) ? easy.stringInfo(CURLINFO_REDIRECT_URL) : nil
    return .success(
      TransferResult(
        status: status, headers: transfer.headers, body: transfer.body, redirectURL: redirect,
        connectionsOpened: easy.longInfo(CURLINFO_NUM_CONNECTS)))
  }

  private var message: String {
    let detail = easy.errorMessage
    return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
  }
}
