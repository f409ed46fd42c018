import Corpus
import DuoKBTestSupport
import Foundation
import Harvest
import Testing

@Suite struct ChangeLogTests {
  @Test func appendsOneLinePerRefreshAndSkipsATornLine() throws {
    let scratch = try ScratchFolder("change-log")
    let directory = scratch.appending("Corpus")
    let log = ChangeLog(corpus: .init(directory: directory))
    let report = RefreshReport(
      entries: [
        .init(source: "a", documentID: "wwdc2020/1", status: .added),
        .init(source: "b", documentID: "wwdc2020/2", status: .failed, error: "HTTP 500"),
      ], requests: 9, bytes: 100, seconds: 1.23456)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    try log.append(ChangeLog.entry(for: report, startedAt: start, finishedAt: start.addingTimeInterval(2)))
    // A writer killed mid-line.
    let handle = try FileHandle(forWritingTo: log.url)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"startedAt\": \"2027".utf8))
    try handle.close()
    try log.append(ChangeLog.entry(for: RefreshReport(), startedAt: start, finishedAt: start))
    let entries = log.entries()
    #expect(entries.count == 2)
    #expect(entries[0].added == ["wwdc2020/1"])
    #expect(entries[0].failed.map(\.source) == ["b"] && entries[0].failed.map(\.error) == ["HTTP 500"])
    #expect(entries[0].seconds == 1.235)
    #expect(entries[0].startedAt == "2027-01-15T08:00:00Z")
    #expect(!entries[0].isClean && entries[1].isClean)
    #expect(try String(contentsOf: log.url, encoding: .utf8).split(separator: "\n").count == 3)
  }

  @Test func aLinkedLogIsRefusedAndItsTargetLeftAlone() throws {
    let scratch = try ScratchFolder("change-log")
    let base = scratch.url
    let corpus = base.appendingPathComponent("home/Corpus")
    try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
    let target = base.appendingPathComponent("target.txt")
    try Data("keep\n".utf8).write(to: target)
    let log = ChangeLog(corpus: .init(directory: corpus))
    try FileManager.default.createSymbolicLink(at: log.url, withDestinationURL: target)
    #expect(throws: CorpusError.symbolicLink(path: log.url.path)) {
      try log.append(ChangeLog.entry(for: RefreshReport(), startedAt: Date(), finishedAt: Date()))
    }
    #expect(log.entries().isEmpty, "nothing is read through the link either")
    #expect(try String(contentsOf: target, encoding: .utf8) == "keep\n")
  }
}
