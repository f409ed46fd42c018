import Foundation
import Normalize

/// The corpus on disk: `Corpus/documents/<id>.json`, one human-readable JSON file per
/// document, written atomically; `Corpus/sources.json` lists what to harvest.
public struct CorpusStore: Sendable {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  public var documentsDirectory: URL { directory.appendingPathComponent("documents", isDirectory: true) }
  public var sourcesFile: URL { directory.appendingPathComponent("sources.json") }

  /// The file of a document, or an error when the id is not a safe file name.
  public func fileURL(forDocument id: String) throws(CorpusError) -> URL {
    guard Self.isValidDocumentID(id) else { throw .invalidDocumentID(id) }
    return documentsDirectory.appendingPathComponent(id + ".json")
  }

  /// Writes a document atomically (temporary file, fsync, rename).
  public func write(_ document: Document) throws(CorpusError) {
    let url = try fileURL(forDocument: document.id)
    let data: Data
    do {
      data = try Self.encoder.encode(document) + Data("\n".utf8)
    } catch {
      throw .malformed(path: url.path, reason: "cannot encode: \(ErrorReason.of(error))")
    }
    try AtomicFile.write(data, to: url)
    markChanged()
  }

  /// The file whose random contents change with every write and removal, so that two
  /// changes within one tick of the file system's clock still change the fingerprint.
  var changeStampFile: URL { documentsDirectory.appendingPathComponent(".change-stamp") }

  /// Best effort and not synced: the folder times back it up.
  private func markChanged() {
    try? Data(UUID().uuidString.utf8).write(to: changeStampFile, options: .atomic)
  }

  /// Reads one document; nil when it is not in the corpus.
  public func read(id: String) throws(CorpusError) -> Document? {
    let url = try fileURL(forDocument: id)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Self.readDocument(at: url)
  }

  /// Every document, sorted by id.
  public func readAll() throws(CorpusError) -> [Document] {
    try documentFiles().map { file throws(CorpusError) in try Self.readDocument(at: file.url) }
  }

  /// Removes a document's file, when present.
  public func remove(id: String) throws(CorpusError) {
    let url = try fileURL(forDocument: id)
    if unlink(url.path) != 0, errno != ENOENT {
      throw .io(path: url.path, reason: String(cString: strerror(errno)))
    }
    markChanged()
  }

  /// A document file with what a fingerprint needs.
  public struct DocumentFile: Sendable, Equatable {
    public let id: String
    public let url: URL
    public let size: Int
    public let modifiedNanoseconds: Int64
  }

  /// Every document file, sorted by id; temporary files are left out.
  public func documentFiles() throws(CorpusError) -> [DocumentFile] {
    let base = documentsDirectory.standardizedFileURL
    guard FileManager.default.fileExists(atPath: base.path) else { return [] }
    guard let walker = FileManager.default.enumerator(
      at: base, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey],
      options: [.skipsHiddenFiles])
    else { throw .io(path: base.path, reason: "cannot list") }
    var files: [DocumentFile] = []
    let prefixLength = base.path.count + 1
    for case let url as URL in walker where url.pathExtension == "json" {
      let path = url.standardizedFileURL.path
      guard path.count > prefixLength + 5 else { continue }
      let id = String(path.dropFirst(prefixLength).dropLast(5))
      guard Self.isValidDocumentID(id) else { continue }
      let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
      let modified = values?.contentModificationDate?.timeIntervalSince1970 ?? 0
      files.append(
        DocumentFile(
          id: id, url: url, size: values?.fileSize ?? 0,
          // Clamped: a time past the year 2262 has more nanoseconds than Int64 holds.
          modifiedNanoseconds: Int64(min(max(modified * 1e9, -9e18), 9e18))))
    }
    return files.sorted { $0.id < $1.id }
  }

  /// Changes whenever a document is added, removed or rewritten: a hash of the store's
  /// change stamp and of the modification times of `documents/` and every folder below it
  /// (a write renames a file into its folder, which updates that folder's time). No
  /// document file is read or even listed, so a search checks this in well under a
  /// millisecond. A file edited in place by hand is not noticed: `duo-kb index --rebuild`.
  public func fingerprint() throws(CorpusError) -> String {
    var hasher = FNV1a64()
    hasher.combine((try? String(contentsOf: changeStampFile, encoding: .utf8)) ?? "")
    var pending = [documentsDirectory.path]
    var folders: [(path: String, stamp: String)] = []
    while let folder = pending.popLast() {
      guard let stamp = DirectoryStamp.read(folder) else { continue }
      folders.append((folder, stamp))
      guard folders.count < 10_000 else { break }  // bounded, whatever is on disk
      pending += DirectoryStamp.subdirectories(of: folder)
    }
    for folder in folders.sorted(by: { $0.path < $1.path }) {
      hasher.combine(String(folder.path.dropFirst(directory.path.count)))
      hasher.combine(folder.stamp)
    }
    return hasher.hexDigest
  }

  /// Whether an id makes a safe file name: the rules of `DocumentID`.
  public static func isValidDocumentID(_ id: String) -> Bool {
    DocumentID.isValid(id)
  }

  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  static func readDocument(at url: URL) throws(CorpusError) -> Document {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .io(path: url.path, reason: "cannot read: \(error.localizedDescription)")
    }
    do {
      return try JSONDecoder().decode(Document.self, from: data)
    } catch {
      throw .malformed(path: url.path, reason: "not a duo-kb document: \(ErrorReason.of(error))")
    }
  }
}
