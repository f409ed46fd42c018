import DocumentModel
import DuoKBTestSupport
import Foundation
import SearchIndex

/// An update that changes one talk of `talks` (`IndexBuilder.update`: a segment of that
/// talk, the old one marked deleted), timed from the open of the current index to the new
/// generation published; then query latency per kind with as many segments as the merge
/// policy allows, beside one segment of the same documents.
struct UpdateBench {
  var talks: Int
  var work: URL

  func run() throws {
    try? FileManager.default.removeItem(at: work)
    var generator = CorpusGenerator(seed: 2026, vocabularySize: 50_000)
    let policy = MergePolicy.standard
    var documents = generator.documents(talks: talks + policy.maximumSegments, pages: 0)
    var spare = Array(documents.suffix(policy.maximumSegments))
    documents.removeLast(policy.maximumSegments)
    let segmented = work.appendingPathComponent("segmented")
    var start = now()
    let built = try IndexBuilder().build(documents: documents, corpusFingerprint: "bench", into: segmented)
    let buildSeconds = Double(now() - start) / 1e9
    log("built \(built.passageCount) passages in \(buildSeconds) s")
    var live = Dictionary(uniqueKeysWithValues: documents.map { ($0.id, $0) })
    var updateSeconds: [Double] = []
    for round in 0..<(policy.maximumSegments - 1) {
      var changed = spare.removeLast()
      changed.id = documents[(round * 7919) % documents.count].id
      live[changed.id] = changed
      let known = live
      start = now()
      let previous = try SearchIndex.open(at: segmented)
      _ = try IndexBuilder().update(
        previous, adding: [changed], removing: [], corpusFingerprint: "bench-\(round)", policy: policy,
        into: segmented
      ) { ids throws(IndexBuildError) in ids.compactMap { known[$0] } }
      updateSeconds.append(Double(now() - start) / 1e9)
    }
    let index = try SearchIndex.open(at: segmented)
    let order = (0..<index.documentCount).map { index.document($0).id }
    let single = work.appendingPathComponent("single")
    _ = try IndexBuilder().build(documents: order.compactMap { live[$0] }, corpusFingerprint: "one", into: single)
    let reference = try SearchIndex.open(at: single)
    let queries = QueryGenerator.queries(count: 200, seed: 7, generator: generator, documents: documents)
    // Kept for profiling either index alone (`duo-kb-bench search --index DIR --queries FILE`).
    try QueryFile.write(queries, to: work.appendingPathComponent("queries.tsv"))
    let segmentedLatencies = measure(index, queries)
    let singleLatencies = measure(reference, queries)
    print("\(talks) talks, \(index.passageCount) passages; full build \(String(format: "%.2f", buildSeconds)) s.\n")
    print("| update that changes one talk | s |")
    print("|---|---:|")
    for (round, seconds) in updateSeconds.enumerated() {
      print("| update \(round + 1) (then \(round + 2) segments) | \(String(format: "%.3f", seconds)) |")
    }
    print("\nLatency in ms, p50 / p95 (200 queries, top 10, warm, in process):\n")
    print("| kind | \(index.segmentCount) segments | 1 segment |")
    print("|---|---:|---:|")
    for kind in ["all"] + QueryGenerator.kinds {
      func cell(_ samples: [String: [Double]]) -> String {
        let values = samples[kind] ?? []
        return String(
          format: "%.3f / %.3f", Latencies.percentile(values, 0.5), Latencies.percentile(values, 0.95))
      }
      print("| \(kind) | \(cell(segmentedLatencies)) | \(cell(singleLatencies)) |")
    }
  }

  /// Milliseconds per query by kind (and "all"), each query run five times after a warm-up.
  func measure(_ index: SearchIndex, _ queries: [GeneratedQuery]) -> [String: [Double]] {
    var samples: [String: [Double]] = [:]
    for query in queries { _ = try? index.search(query.ours, limit: 10) }
    for _ in 0..<5 {
      for query in queries {
        let start = now()
        _ = try? index.search(query.ours, limit: 10)
        let milliseconds = Double(now() - start) / 1e6
        samples[query.kind, default: []].append(milliseconds)
        samples["all", default: []].append(milliseconds)
      }
    }
    return samples
  }
}
