import Corpus
import DocumentModel
import Foundation
import OwnedFiles

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
  /// The folder the log must not leave (the home): a symbolic link below it is refused.
  public let home: URL

  public init(corpus: CorpusStore) {
    url = corpus.directory.appendingPathComponent("changelog.jsonl")
    home = corpus.home
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
    let descriptor: Int32
    do { descriptor = try OwnedFile.open(url, within: home, for: .appending) } catch { throw CorpusError(error) }
    defer { close(descriptor) }
    // A torn last line (a killed writer) would swallow this one: start on a fresh line.
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_size > 0, lastByte() != UInt8(ascii: "\n") {
      line.insert(UInt8(ascii: "\n"), at: 0)
    }
    if let code = OwnedFile.writeAll(line, to: descriptor, syncing: true) {
      throw .io(path: url.path, reason: String(cString: strerror(code)))
    }
  }

  /// Every readable entry, oldest first.
  public func entries() -> [Entry] {
    guard let data = (try? OwnedFile.read(url, within: home)) ?? nil else { return [] }
    let decoder = JSONDecoder()
    return data.split(separator: UInt8(ascii: "\n")).compactMap { try? decoder.decode(Entry.self, from: Data($0)) }
  }

  private func lastByte() -> UInt8? {
    guard let descriptor = try? OwnedFile.open(url, within: home, for: .reading) else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_size > 0 else { return nil }
    var byte: UInt8 = 0
    return pread(descriptor, &byte, 1, info.st_size - 1) == 1 ? byte : nil
  }
}
