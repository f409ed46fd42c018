import CCurl
import Foundation

/// Drives one libcurl multi handle on one dedicated thread.
///
/// Threading: callers only touch `pending`, `cancelQueue`, `isShuttingDown` and the
/// transfers' continuations, all under `lock`, then wake the thread with
/// `curl_multi_wakeup` (the one multi call that is safe from any thread). Everything
/// else — the multi handle, the easy handles, the callbacks, `waiting` and `active` —
/// is used by the loop's thread alone.
///
/// Nothing runs while `lock` is held: no continuation is resumed and no callback is
/// called under it. A continuation is taken out under the lock (so it is resumed exactly
/// once) and resumed after the lock is released. Resuming a task and cancelling it may
/// each take the task's own lock, and cancelling calls `cancel` here, so resuming under
/// `lock` could deadlock against a cancellation of the same task.
final class CurlMultiLoop: @unchecked Sendable {
  private let multi: UnsafeMutableRawPointer
  private let settings: CurlEasySettings
  private let maxInFlightPerOrigin: Int
  private let stats: HTTPStatsRecorder
  private let hooks: CurlLoopHooks

  private let lock = NSLock()
  private var pending: [CurlTransfer] = []
  private var cancelQueue: [CurlTransfer] = []
  private var isShuttingDown = false

  // Loop thread only.
  /// Transfers waiting for room under their origin's in-flight limit, first in first out.
  private var waiting: [String: TransferQueue] = [:]
  private var waitingCount = 0
  private var active: [ObjectIdentifier: CurlTransfer] = [:]
  private var activePerOrigin: [String: Int] = [:]
  private var idleHandles: [CurlEasy] = []

  private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

  init(
    settings: CurlEasySettings, maxConnectionsPerHost: Int, maxInFlightPerOrigin: Int,
    stats: HTTPStatsRecorder, hooks: CurlLoopHooks = CurlLoopHooks()
  ) throws(HTTPError) {
    guard Self.globalInit, let multi = curl_multi_init() else {
      throw .invalidConfiguration(reason: "libcurl could not be initialised")
    }
    self.multi = multi
    self.settings = settings
    self.maxInFlightPerOrigin = max(1, maxInFlightPerOrigin)
    self.stats = stats
    self.hooks = hooks
    _ = duokb_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    // Clamped, so that no configured number can overflow the connection cache's size.
    let connections = min(max(1, maxConnectionsPerHost), 1024)
    _ = duokb_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, connections)
    _ = duokb_multi_setopt_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, 100)
    _ = duokb_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(8, connections * 4))
    let thread = Thread { [self] in run() }
    thread.name = "duo-kb.http"
    thread.start()
  }

  deinit { curl_multi_cleanup(multi) }

  /// Queues `transfer`, to resume `continuation` when it completes; it completes at once
  /// when already cancelled or shut down.
  func submit(_ transfer: CurlTransfer, resuming continuation: CurlTransfer.Continuation) {
    let isRefused = lock.withLock {
      transfer.continuation = continuation
      guard !transfer.isCancelRequested, !isShuttingDown else { return true }
      pending.append(transfer)
      return false
    }
    if isRefused {
      complete(transfer, .failure(.cancelled(url: transfer.options.url)))
    } else {
      curl_multi_wakeup(multi)
    }
  }

  func cancel(_ transfer: CurlTransfer) {
    lock.withLock {
      transfer.isCancelRequested = true
      cancelQueue.append(transfer)
    }
    curl_multi_wakeup(multi)
  }

  /// Ends the thread; transfers still queued or running complete as cancelled.
  func shutdown() {
    lock.withLock { isShuttingDown = true }
    curl_multi_wakeup(multi)
  }

  private func run() {
    while true {
      let (arrived, cancelled, stopping) = lock.withLock {
        defer {
          pending.removeAll()
          cancelQueue.removeAll()
        }
        return (pending, cancelQueue, isShuttingDown)
      }
      for transfer in arrived {
        waiting[transfer.options.origin, default: TransferQueue()].append(transfer)
        waitingCount += 1
      }
      if stopping {
        for transfer in Array(active.values) + waiting.values.flatMap(\.transfers) { abandon(transfer) }
        waiting.removeAll()
        idleHandles.removeAll()
        return
      }
      for transfer in cancelled { abandon(transfer) }
      startWaiting()
      var running: Int32 = 0
      _ = curl_multi_perform(multi, &running)
      var finishedAny = false
      var queued: Int32 = 0
      while let message = curl_multi_info_read(multi, &queued) {
        guard duokb_message_is_done(message) != 0 else { continue }
        finish(handle: duokb_message_handle(message), code: duokb_message_result(message))
        finishedAny = true
      }
      if finishedAny && waitingCount > 0 { continue }
      _ = curl_multi_poll(multi, nil, 0, 1000, nil)
    }
  }

  /// Adds waiting transfers to the multi handle while their origin has room.
  private func startWaiting() {
    guard waitingCount > 0 else { return }
    for origin in Array(waiting.keys) {
      while activePerOrigin[origin, default: 0] < maxInFlightPerOrigin,
        let transfer = waiting[origin]?.popFirst()
      {
        waitingCount -= 1
        start(transfer)
      }
      if waiting[origin]?.isEmpty == true { waiting[origin] = nil }
    }
  }

  private func start(_ transfer: CurlTransfer) {
    let origin = transfer.options.origin
    guard let easy = idleHandles.popLast() ?? CurlEasy(settings: settings) else {
      let error = HTTPError.transport(url: transfer.options.url, curlCode: -1, message: "no easy handle")
      complete(transfer, .failure(error))
      return
    }
    transfer.easy = easy
    easy.prepare(for: transfer)
    let code = curl_multi_add_handle(multi, easy.handle)
    guard code == CURLM_OK else {
      release(transfer)
      let message = String(cString: curl_multi_strerror(code))
      let error = HTTPError.transport(url: transfer.options.url, curlCode: Int(code.rawValue), message: message)
      complete(transfer, .failure(error))
      return
    }
    active[ObjectIdentifier(transfer)] = transfer
    activePerOrigin[origin, default: 0] += 1
    let inFlight = active.count
    stats.update {
      $0.requestsSent += 1
      $0.maxRequestsInFlight = max($0.maxRequestsInFlight, inFlight)
    }
  }

  private func finish(handle: UnsafeMutableRawPointer?, code: CURLcode) {
    var context: UnsafeMutableRawPointer?
    guard let handle, duokb_getinfo_ptr(handle, CURLINFO_PRIVATE, &context) == CURLE_OK, let context
    else { return }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    guard let easy = transfer.easy else { return }
    let result = CurlOutcome(transfer: transfer, easy: easy, code: code).result
    let connections = easy.longInfo(CURLINFO_NUM_CONNECTS)
    let isHTTP2 = easy.longInfo(CURLINFO_HTTP_VERSION) == CURL_HTTP_VERSION_2_0
    stats.update {
      $0.connectionsOpened += connections
      if isHTTP2 { $0.http2Responses += 1 }
      if case .success(let response) = result {
        $0.bodyBytes += response.body.count
      } else {
        $0.failures += 1
      }
    }
    release(transfer)
    complete(transfer, result)
  }

  /// Completes a waiting or running transfer as cancelled (a no-op once it is done).
  private func abandon(_ transfer: CurlTransfer) {
    if waiting[transfer.options.origin]?.remove(transfer) == true {
      waitingCount -= 1
    } else if active[ObjectIdentifier(transfer)] == nil {
      return
    }
    release(transfer)
    complete(transfer, .failure(.cancelled(url: transfer.options.url)))
  }

  /// Resumes the task waiting for `transfer`, at most once: its continuation is taken out
  /// under the lock and resumed after the lock is released.
  private func complete(_ transfer: CurlTransfer, _ result: Result<TransferResult, HTTPError>) {
    let continuation = lock.withLock {
      defer { transfer.continuation = nil }
      return transfer.continuation
    }
    guard let continuation else { return }
    hooks.beforeResuming?()
    continuation.resume(returning: result)
  }

  /// Takes a transfer off the multi handle and returns its easy handle to the pool.
  private func release(_ transfer: CurlTransfer) {
    guard let easy = transfer.easy else { return }
    if active.removeValue(forKey: ObjectIdentifier(transfer)) != nil {
      _ = curl_multi_remove_handle(multi, easy.handle)
      activePerOrigin[transfer.options.origin, default: 1] -= 1
    }
    easy.release(transfer)
    transfer.easy = nil
    idleHandles.append(easy)
  }
}

/// Points where a test holds the loop's thread, to drive an interleaving (never set
/// outside tests).
struct CurlLoopHooks: Sendable {
  /// Runs on the thread that completes a transfer, just before its task is resumed.
  var beforeResuming: (@Sendable () -> Void)?
}

/// A first-in-first-out queue of transfers with O(1) removal from the front.
struct TransferQueue {
  private var items: [CurlTransfer] = []
  private var head = 0

  var isEmpty: Bool { head == items.count }
  var transfers: ArraySlice<CurlTransfer> { items[head...] }

  mutating func append(_ transfer: CurlTransfer) { items.append(transfer) }

  mutating func popFirst() -> CurlTransfer? {
    guard head < items.count else { return nil }
    defer {
      head += 1
      if head > 64 && head * 2 > items.count {
        items.removeFirst(head)
        head = 0
      }
    }
    return items[head]
  }

  /// Removes `transfer` wherever it is; false when it is not queued.
  mutating func remove(_ transfer: CurlTransfer) -> Bool {
    guard let index = items[head...].firstIndex(where: { $0 === transfer }) else { return false }
    items.remove(at: index)
    return true
  }
}
