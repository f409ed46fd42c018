import Corpus
import Foundation
import Normalize

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Corpus/changelog.jsonl`: one short JSON line per refresh, appended.
///
/// Appends are one `write` of a whole line to a file opened with O_APPEND, then fsync.
/// A refresh killed mid-write can leave a torn last line; readers skip lines that do not
/// parse (leniency), and the next append starts on a fresh line.
public struct ChangeLog: Sendable {
  public struct Entry: Codable, Sendable, Equatable {
    public struct Failure: Codable, Sendable, Equatable {
      public var source: String
      public var error: String
    }

    /// ISO 8601, UTC: when the refresh started and finished.
    public var startedAt: String
    public var finishedAt: String
    public var added: [String]
    public var changed: [String]
    public var unchanged: Int
    public var gone: [String]
    public var failed: [Failure]
    public var requests: Int
    public var bytes: Int
    public var seconds: Double
    /// Stopped by SIGINT or SIGTERM before every source was done.
    public var interrupted: Bool
    public var deepChecked: Int

    public var isClean: Bool { failed.isEmpty && !interrupted }
  }

  public let url: URL

  public init(corpus: CorpusStore) {
    url = corpus.directory.appendingPathComponent("changelog.jsonl")
  }

  public static func entry(
    for report: RefreshReport, startedAt: Date, finishedAt: Date
  ) -> Entry {
    let ids = { (status: RefreshReport.Status) in
      report.entries.filter { $0.status == status }.map { $0.documentID ?? $0.source }
    }
    return Entry(
      startedAt: RefreshTime.string(startedAt), finishedAt: RefreshTime.string(finishedAt),
      added: ids(.added), changed: ids(.changed), unchanged: report.count(.unchanged),
      gone: ids(.gone),
      failed: report.entries.filter { $0.status == .failed }.map {
        Entry.Failure(source: $0.source, error: $0.error ?? "unknown error")
      },
      requests: report.requests, bytes: report.bytes, seconds: (report.seconds * 1000).rounded() / 1000,
      interrupted: report.isInterrupted, deepChecked: report.entries.filter(\.deepChecked).count)
  }

  public func append(_ entry: Entry) throws(CorpusError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var line: Data
    do {
      line = try encoder.encode(entry)
    } catch {
      throw .malformed(path: url.path, reason: "cannot encode: \(ErrorReason.of(error))")
    }
    line.append(UInt8(ascii: "\n"))
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .io(path: url.path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    // A torn last line (a killed writer) would swallow this one: start on a fresh line.
    if let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int, size > 0,
      lastByte() != UInt8(ascii: "\n")
    {
      line.insert(UInt8(ascii: "\n"), at: 0)
    }
    let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == line.count, fsync(descriptor) == 0 else {
      throw .io(path: url.path, reason: String(cString: strerror(errno)))
    }
  }

  /// Every readable entry, oldest first.
  public func entries() -> [Entry] {
    guard let data = try? Data(contentsOf: url) else { return [] }
    let decoder = JSONDecoder()
    return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(Entry.self, from: Data($0)) }
  }

  private func lastByte() -> UInt8? {
    guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
    defer { try? handle.close() }
    guard let end = try? handle.seekToEnd(), end > 0 else { return nil }
    try? handle.seek(toOffset: end - 1)
    return (try? handle.read(upToCount: 1))?.first
  }
}
