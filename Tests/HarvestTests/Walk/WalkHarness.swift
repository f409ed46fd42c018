import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Harvest

/// A scratch corpus and a client allowed to reach 127.0.0.1, with fast retries.
struct WalkHarness {
  let corpus: CorpusStore
  let client: HTTPClient
  let fetcher: SiteFetcher

  init(
    maxBodyBytes: Int = 32 << 20,
    retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .seconds(2))
  ) throws {
    // A path of the test process's scratch folder: the corpus outlives the harness.
    let directory = ScratchFolder.unusedPath("walk")
    corpus = CorpusStore(directory: directory)
    var configuration = HTTPClientConfiguration(
      allowedHosts: HostAllowList.apple.adding("127.0.0.1"), totalTimeout: .seconds(10),
      maxBodyBytes: maxBodyBytes, retry: retry)
    configuration.prefersHTTP2 = false
    client = try HTTPClient(configuration: configuration)
    fetcher = SiteFetcher(client: client)
  }

  func refresh(_ urls: [String], language: String? = nil) async -> RefreshReport {
    let list = SourceList(language: language, sources: urls.map { SourceEntry(kind: .talk, url: $0) })
    return await Refresher(fetcher: fetcher, corpus: corpus).refresh(list)
  }
}

extension Document {
  var passageTexts: [String] { passages.map(\.text) }
}
