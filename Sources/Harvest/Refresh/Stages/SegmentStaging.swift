import Corpus
import Foundation

/// The staging cache: `<directory>/<document id>.json`, one `StagedTrack` per talk whose
/// last attempt failed part way. Written atomically; an unreadable or foreign file counts
/// as missing. Entries older than `maxAgeSeconds` are swept at the start of a refresh
/// session, with the temporary files of killed writers.
public struct SegmentStaging: Sendable {
  public let directory: URL
  /// Staged segments are reused without a request, so they are kept only this long.
  public var maxAgeSeconds: Double

  public init(directory: URL, maxAgeSeconds: Double = 2 * 86_400) {
    self.directory = directory
    self.maxAgeSeconds = maxAgeSeconds
  }

  public func fileURL(forDocument id: String) throws(CorpusError) -> URL {
    guard CorpusStore.isValidDocumentID(id) else { throw .invalidDocumentID(id) }
    return directory.appendingPathComponent(id + ".json")
  }

  public func track(forDocument id: String) -> StagedTrack? {
    guard let url = try? fileURL(forDocument: id), let data = try? Data(contentsOf: url),
      let track = try? JSONDecoder().decode(StagedTrack.self, from: data),
      track.version == StagedTrack.currentVersion, track.documentID == id
    else { return nil }
    return track
  }

  public func save(_ track: StagedTrack) throws(CorpusError) {
    let url = try fileURL(forDocument: track.documentID)
    let data: Data
    do {
      data = try JSONEncoder().encode(track)
    } catch {
      throw .malformed(path: url.path, reason: "cannot encode: \(error)")
    }
    try AtomicFile.write(data, to: url)
  }

  public func remove(documentID id: String) throws(CorpusError) {
    let url = try fileURL(forDocument: id)
    if unlink(url.path) != 0, errno != ENOENT {
      throw .io(path: url.path, reason: String(cString: strerror(errno)))
    }
  }

  /// Removes entries older than `maxAgeSeconds` and temporary files of dead writers;
  /// returns how many files went.
  @discardableResult
  public func sweep(now: Date) -> Int {
    var removed = TemporaryFileSweep.sweep(directory)
    guard
      let walker = FileManager.default.enumerator(
        at: directory, includingPropertiesForKeys: [.contentModificationDateKey, .isRegularFileKey])
    else { return removed }
    for case let url as URL in walker where url.pathExtension == "json" {
      let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey])
      guard values?.isRegularFile == true, let modified = values?.contentModificationDate,
        now.timeIntervalSince(modified) > maxAgeSeconds
      else { continue }
      if unlink(url.path) == 0 { removed += 1 }
    }
    return removed
  }
}
