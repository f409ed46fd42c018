import DocumentModel
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Corpus/changelog.jsonl`: one short JSON line per refresh, appended (by Harvest's
/// refresh), read by `status` and the servers.
///
/// Appends are one `write` of a whole line to a file opened with O_APPEND, then fsync.
/// A refresh killed mid-write can leave a torn last line; readers skip lines that do not
/// parse (leniency), and the next append starts on a fresh line.
public struct ChangeLog: Sendable {
  public struct Entry: Codable, Sendable, Equatable {
    public struct Failure: Codable, Sendable, Equatable {
      public var source: String
      public var error: String

      public init(source: String, error: String) {
        self.source = source
        self.error = error
      }
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

    public init(
      startedAt: String, finishedAt: String, added: [String], changed: [String], unchanged: Int, gone: [String],
      failed: [Failure], requests: Int, bytes: Int, seconds: Double, interrupted: Bool, deepChecked: Int
    ) {
      self.startedAt = startedAt
      self.finishedAt = finishedAt
      self.added = added
      self.changed = changed
      self.unchanged = unchanged
      self.gone = gone
      self.failed = failed
      self.requests = requests
      self.bytes = bytes
      self.seconds = seconds
      self.interrupted = interrupted
      self.deepChecked = deepChecked
    }
  }

  public let url: URL
  /// The folder the log must not leave (the home): a symbolic link below it is refused.
  public let home: URL

  public init(corpus: CorpusStore) {
    url = corpus.directory.appendingPathComponent("changelog.jsonl")
    home = corpus.home
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
