import CMicroHTTPD
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C callbacks libmicrohttpd calls: one for each step of a request, one when a request
/// ends, one when a connection opens or closes. Each reaches the server through its context.

/// One request from its request line on (libmicrohttpd calls the handler once for the head,
/// once per piece of body, and once more when the body is complete), and what was answered.
final class PendingRequest {
  let started = DispatchTime.now()
  var method = "-"
  var target: String
  var clientAddress = "-"
  /// Whether the handler has seen the head (the first call).
  var hasHead = false
  var body: [UInt8] = []
  var isOversized = false
  /// The answer queued (or written by the server itself): its status and body size.
  var answered: (status: Int, bytes: Int)?
  /// Whether the answer was written and the connection closed before libmicrohttpd read the head.
  var answeredEarly = false
  /// Whether its end has been logged.
  var hasEnded = false

  init(target: String) { self.target = target }

  var elapsedMilliseconds: Int {
    Int((DispatchTime.now().uptimeNanoseconds &- started.uptimeNanoseconds) / 1_000_000)
  }
}

/// The request target has arrived, before libmicrohttpd splits its query. A query of too
/// many arguments would exhaust the connection's memory there, and libmicrohttpd would
/// neither answer nor close; it is answered 414 here, on the socket, and the connection's
/// sending side closed (the registry closes the rest a moment later).
func targetReceived(
  context: UnsafeMutableRawPointer?, uri: UnsafePointer<CChar>?, connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  let pending = PendingRequest(target: uri.map { String(cString: $0) } ?? "")
  guard let context, let connection else { return nil }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  state.connections.requestBegan(connection, pending)
  let pointer = Unmanaged.passUnretained(pending).toOpaque()
  state.began()
  pending.clientAddress = clientAddress(connection) ?? "-"
  let limit = state.limits.maximumQueryArguments
  let arguments = RequestHead.queryArgumentCount(pending.target)
  guard arguments > limit else { return pointer }
  let response = refusal(
    414, "the request has \(arguments) query arguments; this server reads at most \(limit)")
  let socket = duokb_mhd_connection_socket(connection)
  let bytes = RequestHead.wire(response)
  let written = sendWithoutSignal(socket, bytes)
  pending.answered = (414, response.body.count)
  pending.answeredEarly = written == bytes.count
  _ = shutdown(socket, Int32(SHUT_WR))
  state.connections.closeSoon(connection)
  return pointer
}

/// Writes to a socket; a peer gone away is an error, not a SIGPIPE.
private func sendWithoutSignal(_ socket: Int32, _ bytes: [UInt8]) -> Int {
  #if canImport(Darwin)
    var one: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
  #else
    return bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  #endif
}

func connectionNotified(
  context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
  socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, code: MHD_ConnectionNotificationCode
) {
  guard let context, let connection else { return }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
    state.connections.opened(connection, socket: duokb_mhd_connection_socket(connection))
  } else if let unended = state.connections.closed(connection) {
    requestEnded(unended, state: state, reason: 0)
  }
}

func accessHandler(
  context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?,
  method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?,
  uploadDataSize: UnsafeMutablePointer<Int>?, requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let context, let connection, let url, let method, let uploadDataSize, let requestContext else {
    return MHD_Result.NO
  }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  guard let pointer = requestContext.pointee else { return MHD_Result.NO }
  let pending = Unmanaged<PendingRequest>.fromOpaque(pointer).takeUnretainedValue()
  if pending.answeredEarly { return MHD_Result.NO }
  if !pending.hasHead {
    pending.hasHead = true
    return headArrived(state, connection, pending, url: url, method: method)
  }
  if uploadDataSize.pointee > 0 {
    let size = uploadDataSize.pointee
    uploadDataSize.pointee = 0
    guard pending.answered == nil else { return MHD_Result.YES }
    guard pending.elapsedMilliseconds <= state.limits.requestTimeoutSeconds * 1000 else { return MHD_Result.NO }
    if pending.body.count + size > state.limits.maximumBodyBytes {
      pending.isOversized = true
      pending.body = []
    } else if let uploadData, !pending.isOversized {
      pending.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: size))
    }
    return MHD_Result.YES
  }
  guard pending.answered == nil else { return MHD_Result.YES }
  if pending.isOversized { return respond(tooLarge(state.limits), to: connection, pending: pending) }
  let request = ServerRequest(
    method: pending.method, path: String(cString: url), query: values(connection, MHD_ValueKind.GET_ARGUMENT_KIND),
    headers: headerFields(connection), body: pending.body, clientAddress: clientAddress(connection))
  pending.body = []
  return respond(state.answer(request), to: connection, pending: pending)
}

/// The first call of a request: its head has arrived. What can be refused before the body
/// is read is refused here, and the connection closed after the refusal.
private func headArrived(
  _ state: ServerState, _ connection: OpaquePointer, _ pending: PendingRequest, url: UnsafePointer<CChar>,
  method: UnsafePointer<CChar>
) -> MHD_Result {
  state.connections.headArrived(connection)
  let query = values(connection, MHD_ValueKind.GET_ARGUMENT_KIND)
  pending.method = String(cString: method)
  pending.target = String(cString: url)
  if !query.isEmpty {
    pending.target +=
      "?" + query.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
  }
  let limits = state.limits
  if let reason = RequestHead.framingRefusal(values(connection, MHD_ValueKind.HEADER_KIND)) {
    return respond(refusal(400, reason), to: connection, pending: pending)
  }
  if query.count > limits.maximumQueryArguments {
    return respond(
      refusal(
        414, "the request has \(query.count) query arguments; this server reads at most \(limits.maximumQueryArguments)"
      ),
      to: connection, pending: pending)
  }
  if state.connections.count > limits.maximumConnections {
    return respond(
      refusal(503, "the server has \(limits.maximumConnections) connections open; try again shortly", retryAfter: 5),
      to: connection, pending: pending)
  }
  if let length = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length"),
    let declared = Int(String(cString: length)), declared > limits.maximumBodyBytes
  {
    return respond(tooLarge(limits), to: connection, pending: pending)
  }
  return MHD_Result.YES
}

func requestCompleted(
  context: UnsafeMutableRawPointer?, connection: OpaquePointer?,
  requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  reason: MHD_RequestTerminationCode
) {
  guard let context, let requestContext, let pointer = requestContext.pointee else { return }
  let state = Unmanaged<ServerState>.fromOpaque(context).takeUnretainedValue()
  let pending = Unmanaged<PendingRequest>.fromOpaque(pointer).takeUnretainedValue()
  requestContext.pointee = nil
  requestEnded(pending, state: state, reason: reason.rawValue)
  if let connection { state.connections.awaitingHead(connection) }
}

/// Logs a request's end, once.
private func requestEnded(_ pending: PendingRequest, state: ServerState, reason: UInt32) {
  guard !pending.hasEnded else { return }
  pending.hasEnded = true
  let isWhole = pending.answeredEarly || (reason == 0 && pending.answered != nil)
  let outcome: AccessLogEntry.Outcome = isWhole ? .sent : .cut(endedBecause(reason))
  state.log(
    AccessLogEntry(
      clientAddress: pending.clientAddress, method: pending.method, target: pending.target,
      status: pending.answered?.status, bodyBytes: pending.answered?.bytes ?? 0,
      milliseconds: pending.elapsedMilliseconds, outcome: outcome))
  state.ended()
}

/// A request's end in words (MHD_REQUEST_TERMINATED_*).
private func endedBecause(_ code: UInt32) -> String {
  switch code {
  case 0: "the connection closed"
  case 2: "the client sent or read nothing for the idle time limit"
  case 3: "the server stopped"
  case 4: "the request could not be read"
  case 5: "the client closed the connection"
  default: "a network error"
  }
}

func refusal(_ status: Int, _ reason: String, retryAfter: Int? = nil) -> ServerResponse {
  var headers: [(name: String, value: String)] = [("Connection", "close")]
  if let retryAfter { headers.append(("Retry-After", String(retryAfter))) }
  return ServerResponse(status: status, contentType: "text/plain; charset=utf-8", text: reason + "\n", headers: headers)
}

private func tooLarge(_ limits: HTTPServerLimits) -> ServerResponse {
  refusal(413, "The request body is larger than this server reads (\(limits.maximumBodyBytes) bytes).")
}

private func respond(_ response: ServerResponse, to connection: OpaquePointer, pending: PendingRequest) -> MHD_Result {
  var body = response.body
  if body.isEmpty { body = [0] }
  let made = body.withUnsafeMutableBytes { buffer in
    MHD_create_response_from_buffer(response.body.count, buffer.baseAddress, MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
  }
  guard let made else { return MHD_Result.NO }
  defer { MHD_destroy_response(made) }
  for field in response.headers { _ = MHD_add_response_header(made, field.name, field.value) }
  guard let status = UInt32(exactly: response.status) else { return MHD_Result.NO }
  let result = MHD_queue_response(connection, status, made)
  if result == MHD_Result.YES { pending.answered = (response.status, response.body.count) }
  return result
}

/// Collects name and value pairs from libmicrohttpd's iterator.
private final class PairCollector {
  var pairs: [(name: String, value: String)] = []
}

private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String)] {
  let collector = PairCollector()
  let pointer = Unmanaged.passUnretained(collector).toOpaque()
  _ = MHD_get_connection_values(
    connection, kind,
    { context, _, key, value in
      guard let context, let key else { return MHD_Result.YES }
      let collector = Unmanaged<PairCollector>.fromOpaque(context).takeUnretainedValue()
      collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
      return MHD_Result.YES
    }, pointer)
  return withExtendedLifetime(collector) { collector.pairs }
}

private func headerFields(_ connection: OpaquePointer) -> [String: String] {
  var fields: [String: String] = [:]
  for (name, value) in values(connection, MHD_ValueKind.HEADER_KIND) {
    let key = name.lowercased()
    fields[key] = fields[key].map { "\($0), \(value)" } ?? value
  }
  return fields
}

private func clientAddress(_ connection: OpaquePointer) -> String? {
  duokb_mhd_client_address(connection).flatMap(ListenAddress.text(of:))
}
