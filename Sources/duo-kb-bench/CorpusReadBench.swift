import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import SearchIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the corpus: generated talks with their cues written in document format 1 (the
/// toolchain's JSONEncoder, as before format 2), format 2 and format 3, each size against the WebVTT
/// the talks' cues would be; decoding both with JSONDecoder and with `DocumentFormat`; the
/// index built from documents in memory against built from the corpus files; and, given the
/// `duo-kb` executable, whole-process `duo-kb index` on each home with its peak memory.
struct CorpusReadBench {
  var talks: Int
  var work: URL
  var executable: URL?

  func run() throws {
    try? FileManager.default.removeItem(at: work)
    var generator = CorpusGenerator(seed: 2026, vocabularySize: 50_000)
    generator.includesCues = true
    let documents = generator.documents(talks: talks, pages: 200)
    let webVTTBytes = documents.reduce(0) { $0 + Self.webVTT($1.cues).utf8.count }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let formatOne = try documents.map { try encoder.encode($0) + Data("\n".utf8) }
    let formatTwo = documents.map { DocumentFormat.encode($0, formatVersion: 2) }
    let formatThree = documents.map(DocumentFormat.encode)
    let bytesOne = formatOne.reduce(0) { $0 + $1.count }
    let bytesTwo = formatTwo.reduce(0) { $0 + $1.count }
    let bytesThree = formatThree.reduce(0) { $0 + $1.count }

    var start = now()
    let byDecoder = try formatOne.map { try JSONDecoder().decode(Document.self, from: $0) }
    let decoderOne = seconds(since: start)
    start = now()
    let readerOne = try formatOne.map { try DocumentFormat.decode($0) }
    let fastOne = seconds(since: start)
    start = now()
    let readerTwo = try formatTwo.map { try DocumentFormat.decode($0) }
    let fastTwo = seconds(since: start)
    start = now()
    let readerThree = try formatThree.map { try DocumentFormat.decode($0) }
    let fastThree = seconds(since: start)
    guard byDecoder == documents, readerOne == documents, readerTwo == documents, readerThree == documents else {
      throw BenchFailure("a decoder did not give back the documents written")
    }

    start = now()
    _ = try IndexBuilder().build(
      documents: documents, corpusFingerprint: "bench", into: work.appendingPathComponent("memory-index"))
    let inMemory = seconds(since: start)
    let homes = [("format 1", formatOne), ("format 2", formatTwo), ("format 3", formatThree)].map { name, files in
      (name, work.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-")), files)
    }
    var fromCorpus: [(String, Double)] = []
    for (name, home, files) in homes {
      let store = CorpusStore(directory: home.appendingPathComponent("Corpus", isDirectory: true))
      for (document, data) in zip(documents, files) {
        try AtomicFile.write(data, to: try store.fileURL(forDocument: document.id), within: home)
      }
      start = now()
      let read = try store.readReadable().documents
      _ = try IndexBuilder().build(
        documents: read, corpusFingerprint: "bench", into: home.appendingPathComponent("bench-index"))
      fromCorpus.append((name, seconds(since: start)))
    }

    let megabytesOne = Double(bytesOne) / 1_048_576
    let megabytesTwo = Double(bytesTwo) / 1_048_576
    let megabytesThree = Double(bytesThree) / 1_048_576
    func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    print("\nCorpus reading, \(talks) generated talks with cues and 200 pages:\n")
    print("| measure | format 1 (before) | format 2 | format 3 |")
    print("|---|---:|---:|---:|")
    print("| corpus on disk, MB | \(format(megabytesOne)) | \(format(megabytesTwo)) | \(format(megabytesThree)) |")
    let vtt = Double(webVTTBytes)
    print(
      "| against the talks' WebVTT (\(format(vtt / 1_048_576)) MB) | \(format(Double(bytesOne) / vtt))× | \(format(Double(bytesTwo) / vtt))× | \(format(Double(bytesThree) / vtt))× |"
    )
    // The talks alone against their WebVTT: the HIG pages above have no subtitles.
    let talkBytes = [formatOne, formatTwo, formatThree].map { files in
      zip(documents, files).reduce(0) { $0 + ($1.0.kind == .talk ? $1.1.count : 0) }
    }
    print(
      "| the talks alone against their WebVTT | "
        + talkBytes.map { format(Double($0) / vtt) + "×" }.joined(separator: " | ") + " |")
    print(
      "| JSONDecoder, s (ms per MB) | \(format(decoderOne)) (\(format(decoderOne * 1000 / megabytesOne, 1))) | - | - |")
    print(
      "| DocumentFormat.decode, s (ms per MB) | \(format(fastOne)) (\(format(fastOne * 1000 / megabytesOne, 1))) | \(format(fastTwo)) (\(format(fastTwo * 1000 / megabytesTwo, 1))) | \(format(fastThree)) (\(format(fastThree * 1000 / megabytesThree, 1))) |"
    )
    print(
      "| index built from documents in memory, s | \(format(inMemory)) | \(format(inMemory)) | \(format(inMemory)) |")
    print(
      "| read the corpus files (all cores) and build, s | "
        + fromCorpus.map { format($0.1) }.joined(separator: " | ") + " |")
    if let executable {
      var cells: [String] = []
      for (_, home, _) in homes {
        let (wall, peak) = try timed(executable, home: home)
        cells.append("\(format(wall)) s, \(format(peak, 0)) MB")
      }
      print("| whole-process `duo-kb index`, wall and peak RSS | " + cells.joined(separator: " | ") + " |")
    }
  }

  /// `duo-kb index` on `home`: wall seconds and peak resident MB (on Linux under
  /// /usr/bin/time, see `WholeProcessBench.Exit.peakResidentBytes`).
  func timed(_ executable: URL, home: URL) throws -> (Double, Double) {
    #if canImport(Darwin)
      let start = now()
      let exit = WholeProcessBench.spawn([executable.path, "index"], environment: ["DUO_KB_HOME=\(home.path)"])
      guard exit.status == 0 else { throw BenchFailure("duo-kb index exited \(exit.status)") }
      return (seconds(since: start), Double(exit.peakResidentBytes) / 1_048_576)
    #else
      return try timedByTimeTool(executable, home: home)
    #endif
  }

  /// `duo-kb index` under GNU time (`-f`, `-o`), which macOS's BSD time lacks.
  private func timedByTimeTool(_ executable: URL, home: URL) throws -> (Double, Double) {
    let output = home.appendingPathComponent("time.out")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %M", "-o", output.path, executable.path, "index"]
    process.environment = ProcessInfo.processInfo.environment.merging(["DUO_KB_HOME": home.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw BenchFailure("duo-kb index exited \(process.terminationStatus)") }
    let fields = try String(contentsOf: output, encoding: .utf8).split(whereSeparator: \.isWhitespace)
    guard fields.count >= 2, let wall = Double(fields[fields.count - 2]), let kilobytes = Double(fields.last!) else {
      throw BenchFailure("cannot read /usr/bin/time's output")
    }
    return (wall, kilobytes / 1_024)
  }

  /// The cues as the WebVTT file they came from would be: header, then each cue's timings
  /// and payload.
  static func webVTT(_ cues: [StoredCue]) -> String {
    guard !cues.isEmpty else { return "" }
    var text = "WEBVTT\n\n"
    for cue in cues {
      text += "\(timestamp(cue.startMilliseconds)) --> \(timestamp(cue.endMilliseconds))"
      if let settings = cue.settings { text += " " + settings }
      text += "\n\(cue.raw)\n\n"
    }
    return text
  }

  static func timestamp(_ milliseconds: Int) -> String {
    let total = max(0, milliseconds)
    return String(
      format: "%02d:%02d:%02d.%03d", total / 3_600_000, total / 60_000 % 60, total / 1_000 % 60, total % 1_000)
  }

  func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }
}
