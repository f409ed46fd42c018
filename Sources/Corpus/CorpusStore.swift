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
      throw .malformed(path: url.path, reason: "cannot encode: \(error)")
    }
    try AtomicFile.write(data, to: url)
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
          modifiedNanoseconds: Int64(modified * 1_000_000_000)))
    }
    return files.sorted { $0.id < $1.id }
  }

  /// Changes whenever a document is added, removed or rewritten: a hash of every
  /// document file's id, size and modification time. Cheap: no file is read.
  public func fingerprint() throws(CorpusError) -> String {
    var hasher = FNV1a64()
    for file in try documentFiles() {
      hasher.combine(file.id)
      hasher.combine(String(file.size))
      hasher.combine(String(file.modifiedNanoseconds))
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
      throw .malformed(path: url.path, reason: "not a duo-kb document: \(error)")
    }
  }
}
