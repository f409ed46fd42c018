import Dispatch
import DocumentModel
import JSON
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The corpus on disk: `Corpus/documents/<id>.json`, one human-readable JSON file per
/// document (`DocumentFormat`), written atomically; `Corpus/sources.json` lists what to
/// harvest.
///
/// Every file is opened without following symbolic links below `home` (see `OwnedFile`):
/// a link found there is refused with `.symbolicLink`, so nothing outside the home is
/// written, or read as corpus.
public struct CorpusStore: Sendable {
  public let directory: URL
  /// The folder the corpus's files must not leave: the home, which holds `Corpus/`.
  public let home: URL

  /// `home` defaults to the folder that holds `directory`.
  public init(directory: URL, home: URL? = nil) {
    self.directory = directory
    self.home = home ?? directory.deletingLastPathComponent()
  }

  public var documentsDirectory: URL { directory.appendingPathComponent("documents", isDirectory: true) }
  public var sourcesFile: URL { directory.appendingPathComponent("sources.json") }

  /// The file of a document, or an error when the id is not a safe file name.
  public func fileURL(forDocument id: String) throws(CorpusError) -> URL {
    guard Self.isValidDocumentID(id) else { throw .invalidDocumentID(id) }
    return documentsDirectory.appendingPathComponent(id + ".json")
  }

  /// Writes a document atomically (temporary file, fsync, rename), in the newest format.
  public func write(_ document: Document) throws(CorpusError) {
    let url = try fileURL(forDocument: document.id)
    try AtomicFile.write(DocumentFormat.encode(document), to: url, within: home)
    markChanged()
  }

  /// The file whose random contents change with every write and removal, so that two
  /// changes within one tick of the file system's clock still change the fingerprint.
  var changeStampFile: URL { documentsDirectory.appendingPathComponent(".change-stamp") }

  /// Best effort and not synced: the folder times back it up.
  private func markChanged() {
    try? OwnedFile.write(Data(UUID().uuidString.utf8), to: changeStampFile, within: home, synced: false)
  }

  /// Reads one document; nil when it is not in the corpus.
  public func read(id: String) throws(CorpusError) -> Document? {
    let url = try fileURL(forDocument: id)
    guard let data = try readFile(url) else { return nil }
    return try Self.decodeDocument(data, path: url.path, id: id)
  }

  /// The head of the document with `id` (`DocumentHead`), nil when there is none. Its
  /// members are picked out of the file by `JSONMembers` and only they are decoded: the
  /// passages and cues are skipped, not built, and in a file of format 2 or 3, which write
  /// the head first, not even walked.
  public func readHead(id: String) throws(CorpusError) -> DocumentHead? {
    let url = try fileURL(forDocument: id)
    guard let data = try readFile(url) else { return nil }
    let head: DocumentHead
    do {
      head = try JSONDecoder().decode(
        DocumentHead.self, from: JSONMembers.selecting(DocumentHead.keys, from: data, stoppingOnceFound: true))
    } catch {
      throw .malformed(path: url.path, reason: "not a duo-kb document: \(ErrorReason.of(error))")
    }
    guard head.id == id else { throw .documentIDMismatch(path: url.path, stored: head.id, expected: id) }
    return head
  }

  /// Every document, sorted by id; the first that cannot be read is an error.
  public func readAll() throws(CorpusError) -> [Document] {
    try readInParallel(documentFiles()).map { result throws(CorpusError) in try result.get() }
  }

  /// A document file (or a link in its place) that could not be read, and why.
  public struct UnreadableDocument: Sendable, Equatable {
    /// The document id its path names (a path below `documents/` for a link to a folder).
    public var id: String
    public var error: CorpusError

    public init(id: String, error: CorpusError) {
      self.id = id
      self.error = error
    }
  }

  /// Every document that can be read, and the files that cannot (each by name, with why):
  /// one damaged or refused file does not hide the others.
  public func readReadable() throws(CorpusError) -> (documents: [Document], unreadable: [UnreadableDocument]) {
    var documents: [Document] = []
    var unreadable: [UnreadableDocument] = []
    let files = try documentFiles()
    for (file, result) in zip(files, readInParallel(files)) {
      switch result {
      case .success(let document): documents.append(document)
      case .failure(let error): unreadable.append(UnreadableDocument(id: file.id, error: error))
      }
    }
    return (documents, unreadable)
  }

  /// Each file read and decoded, on all cores, in the order given.
  private func readInParallel(_ files: [DocumentFile]) -> [Result<Document, CorpusError>] {
    let results = ParallelResults<Result<Document, CorpusError>>(count: files.count)
    DispatchQueue.concurrentPerform(iterations: files.count) { index in
      results.set(
        index, Result { () throws(CorpusError) in try readDocument(at: files[index].url, id: files[index].id) })
    }
    return results.values
  }

  /// Removes a document's file, when present.
  public func remove(id: String) throws(CorpusError) {
    let url = try fileURL(forDocument: id)
    do { try OwnedFile.remove(url, within: home) } catch { throw CorpusError(error) }
    markChanged()
  }

  /// A document file with what a fingerprint needs.
  public struct DocumentFile: Sendable, Equatable {
    public let id: String
    public let url: URL
    public let size: Int
    public let modifiedNanoseconds: Int64
    /// A link in the corpus (to a file or a folder): listed so that it is reported, and
    /// refused (`.symbolicLink`) when read.
    public let isSymbolicLink: Bool
  }

  /// Every document file, sorted by id, and every symbolic link under `documents/`;
  /// temporary (hidden) files are left out, and nothing below a link is listed. An entry
  /// that is not a regular file is listed too, so that reading it says what is wrong.
  public func documentFiles() throws(CorpusError) -> [DocumentFile] {
    let entries: [OwnedFile.Entry]
    do { entries = try OwnedFile.entries(in: documentsDirectory, within: home) } catch { throw CorpusError(error) }
    var files: [DocumentFile] = []
    for entry in entries {
      // A `.json` name that is not a regular file (a folder, a pipe) is listed so that
      // reading it reports it; so is every link.
      let isDocumentName = entry.relativePath.hasSuffix(".json")
      let id = isDocumentName ? String(entry.relativePath.dropLast(5)) : entry.relativePath
      guard entry.kind == .symbolicLink || (isDocumentName && Self.isValidDocumentID(id)) else { continue }
      files.append(
        DocumentFile(
          id: id, url: entry.url, size: entry.size, modifiedNanoseconds: entry.modifiedNanoseconds,
          isSymbolicLink: entry.kind == .symbolicLink))
    }
    return files.sorted { $0.id < $1.id }
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

  /// A file of the corpus's own, read without following links; nil when missing.
  public func readFile(_ url: URL) throws(CorpusError) -> Data? {
    do { return try OwnedFile.read(url, within: home) } catch { throw CorpusError(error) }
  }

  /// The document in the file of `id`, which must be the id it stores.
  func readDocument(at url: URL, id: String) throws(CorpusError) -> Document {
    guard let data = try readFile(url) else { throw .io(path: url.path, reason: "cannot read: no such file") }
    return try Self.decodeDocument(data, path: url.path, id: id)
  }

  /// A document file decoded, and refused when the id it stores is not `id`, the one its
  /// path names: a document copied or edited by hand would otherwise be read under another
  /// name, twice when its own file is there too.
  static func decodeDocument(_ data: Data, path: String, id: String) throws(CorpusError) -> Document {
    let document: Document
    do {
      document = try DocumentFormat.decode(data)
    } catch {
      throw .malformed(path: path, reason: "not a duo-kb document: \(error)")
    }
    guard document.id == id else { throw .documentIDMismatch(path: path, stored: document.id, expected: id) }
    return document
  }
}
