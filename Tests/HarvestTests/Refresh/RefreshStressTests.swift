import Corpus
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

/// Many deep refreshes against a site that fails a third of its answers (500, 503, resets,
/// truncated bodies) and sends some bodies slowly, each refresh cancelled at a random
/// moment or left to finish: none may hang, and each leaves the lock free and every
/// document whole. Bounded: `runs` refreshes, none started after `budget`.
///
/// CPU-light but long for a unit test (about ten seconds alone): `scripts/test` may run it
/// with the heavy suites, after the timing-sensitive ones.
@Suite(.serialized) struct RefreshStressTests {
  static let runs = 30
  static let budget: Duration = .seconds(40)
  /// A refresh not finished this long after it started (or was cancelled) is hung: far
  /// more than one takes (under a second), for a machine busy with the whole suite.
  static let hangLimit: Duration = .seconds(60)

  @Test func deepRefreshesUnderFaultsAndCancellationsNeverHang() async throws {
    let talks = (0..<10).map { fixtureTalk("9\($0 < 10 ? "0" : "")\($0)", sentences: refreshSentences) }
    let site = try FaultySite(talks: talks, faultRate: 0.3, seed: 57)
    let harness = try RefreshHarness(
      retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(2), maxDelay: .milliseconds(20)))
    var refresher = harness.refresher(deep: DeepCheckSchedule(isForced: true))
    refresher.sourceTimeoutSeconds = 10
    refresher.sourceConcurrency = 4
    let lockFile = RefreshSession.lockFile(inHome: harness.home)
    let session = RefreshSession(refresher: refresher, lockFile: lockFile, index: nil)
    let list = SourceList(sources: harness.talks(talks.map { site.server.url($0.pagePath) }))
    var random = SplitMix64(seed: 57)
    let started = ContinuousClock.now
    var finishedRuns = 0
    for run in 0..<Self.runs where ContinuousClock.now - started < Self.budget {
      let done = Flag()
      let task = Task { [session] in
        _ = try? await session.run(list)
        done.set()
      }
      // Two runs in three are cancelled somewhere between their start and their end (the
      // first runs to its end, so that faults are met however busy the machine is).
      if run % 3 != 0 {
        try await Task.sleep(for: .milliseconds(Int.random(in: 0..<400, using: &random)))
        task.cancel()
      }
      let finished = await HTTPCancellationRaceTests.eventually(within: Self.hangLimit) { done.isSet }
      #expect(finished, "run \(run) hung")
      guard finished else { return }
      finishedRuns += 1
      let lock = try #require(try? RefreshLock.acquire(at: lockFile), "run \(run): the lock is released")
      lock.release()
      #expect(throws: Never.self, "run \(run): every document decodes") { _ = try harness.corpus.readAll() }
    }
    #expect(site.faults > 0)
    #expect(finishedRuns >= 1)
  }
}

/// The talks' resources on a loopback server that spoils `faultRate` of its answers
/// (`LoopbackResponse.faults`: 500, 503, a reset, a truncated body, by a seeded draw), and
/// of the others sends one in ten slowly and holds one in ten a moment.
struct FaultySite: Sendable {
  let server: LoopbackServer
  private let answers: SlowAnswers

  init(talks: [FixtureTalk], faultRate: Double, seed: UInt64) throws {
    let answers = SlowAnswers(seed: seed)
    var routes: [String: LoopbackResponse] = [:]
    for talk in talks {
      for (path, body) in talk.bodies() {
        routes[path] = .faults(rate: faultRate, seed: seed, .handler { answers.answer(body($0)) })
      }
    }
    server = try LoopbackServer(routes: routes)
    self.answers = answers
  }

  /// Requests answered with a fault.
  var faults: Int { server.totalRequestCount - answers.count }
}

/// Answers a body at once, slowly or after a moment, by a seeded draw.
final class SlowAnswers: @unchecked Sendable {
  private let lock = NSLock()
  private var random: SplitMix64
  private var answered = 0

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  var count: Int { lock.withLock { answered } }

  func answer(_ text: String) -> LoopbackResponse {
    let draw = lock.withLock {
      answered += 1
      return random.next() % 10
    }
    switch draw {
    case 0: return .drip(text, bytesPerSecond: 20_000)
    case 1: return .delayed(milliseconds: 40, .body(text))
    default: return .body(text)
    }
  }
}
