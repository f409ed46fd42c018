import DocumentModel
import DuoKBTestSupport
import Foundation
import SearchIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `duo-kb-bench cjk --talks N`: what Japanese, Chinese and Korean text costs the index
/// against English of the same size. The English corpus is `CorpusGenerator`'s; each CJK
/// corpus is it rewritten passage by passage into as many UTF-8 bytes of that script
/// (`CJKCorpusGenerator`). Each index is built three times; the fastest build counts, in
/// wall-clock and in CPU seconds (the latter steadier on a machine shared with other work).
struct CJKBench {
  var talks: Int
  var work: URL

  func run() throws {
    var generator = CorpusGenerator(seed: 2026, vocabularySize: 50_000)
    let english = generator.documents(talks: talks, pages: 0)
    var corpora: [(name: String, documents: [Document])] = [("en", english)]
    for script in CJKCorpusGenerator.Script.allCases {
      corpora.append((script.rawValue, CJKCorpusGenerator(script: script, seed: 2026).rewriting(english, seed: 7)))
    }
    print(
      "| corpus | passages | text MB | characters | terms | postings | index MB | index / text | build s | build CPU s | text MB/CPU s |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for corpus in corpora {
      let textBytes = corpus.documents.reduce(0) { $0 + $1.passages.reduce(0) { $0 + $1.text.utf8.count } }
      let characters = corpus.documents.reduce(0) { $0 + $1.passages.reduce(0) { $0 + $1.text.count } }
      var best = Double.infinity
      var bestCPU = Double.infinity
      var summary: IndexBuildSummary?
      for attempt in 0..<3 {
        let directory = work.appendingPathComponent("\(corpus.name)-\(attempt)", isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let start = now()
        let startCPU = clock()
        summary = try IndexBuilder().build(documents: corpus.documents, corpusFingerprint: "bench", into: directory)
        best = min(best, Double(now() - start) / 1e9)
        bestCPU = min(bestCPU, Double(clock() - startCPU) / Double(CLOCKS_PER_SEC))
        try? FileManager.default.removeItem(at: directory)
      }
      guard let summary else { continue }
      let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_048_576) }
      print(
        "| \(corpus.name) | \(summary.passageCount) | \(megabytes(textBytes)) | \(characters) | \(summary.termCount) "
          + "| \(summary.postingCount) | \(megabytes(summary.byteCount)) "
          + "| \(String(format: "%.2f", Double(summary.byteCount) / Double(max(1, textBytes)))) "
          + "| \(String(format: "%.2f", best)) | \(String(format: "%.2f", bestCPU)) "
          + "| \(String(format: "%.1f", Double(textBytes) / 1_048_576 / bestCPU)) |")
    }
  }
}
