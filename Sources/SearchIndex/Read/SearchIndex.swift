import DocumentModel
import Foundation
import OwnedFiles

/// A passage as stored in the index: its text is exactly the corpus passage text.
public struct StoredPassage: Sendable, Equatable {
  public var documentIndex: Int
  public var passageIndex: Int
  public var kind: PassageKind
  public var text: String
  public var startMilliseconds: Int?
  public var endMilliseconds: Int?
  public var anchor: String?
  public var heading: String?
  public var speaker: String?
}

/// A document as stored in the index.
public struct StoredDocument: Sendable, Equatable {
  public var id: String
  public var kind: DocumentKind
  public var title: String
  public var url: String
  public var event: String?
  public var year: Int?
  public var passageCount: Int
  /// BCP 47 (`en`, `ja`, `zh-Hans`), as the corpus records it.
  public var language: String = "en"
}

/// How much `SearchIndex.open` checks before answering.
public enum IndexVerification: Sendable {
  /// Headers, versions, sizes, table structure, and the CRC-32 of the dictionary;
  /// postings are bounds-checked as read (a damaged byte there can give a wrong hit but
  /// never a crash), and every passage text is checked against its own CRC-32 when read
  /// (a damaged text is reported, never quoted).
  case structure
  /// `structure`, plus the CRC-32 of postings and store when they are small enough
  /// (`wholeFileChecksumLimitBytes` each) that reading them costs under a millisecond.
  /// The default.
  case standard
  /// Also the CRC-32 of every file (reads everything once).
  case full
}

/// An opened index generation, memory-mapped and read-only; safe to share between threads.
public final class SearchIndex: Sendable {
  public let corpusFingerprint: String
  /// The generation directory that was opened.
  public let generation: URL
  public let analyzerOptions: AnalyzerOptions
  /// Corpus documents the build left out because it could not read them.
  public let skippedDocuments: [SkippedDocument]
  let dictionary: TermDictionary
  let postings: ByteReader
  let store: Store
  private let files: [MappedFile]
  /// Postings bytes read (an estimate) since their pages were last released.
  let releaseBudget = ReleaseBudget()
  let passageCounters = PassageCounterPool()

  public var documentCount: Int { store.documentCount }
  public var passageCount: Int { store.passageCount }

  /// Files up to this size are checked whole by `.standard` verification.
  public static let wholeFileChecksumLimitBytes = 1 << 20

  public static func open(
    at indexDirectory: URL, verification: IndexVerification = .standard
  ) throws(IndexFormatError) -> SearchIndex {
    let generation = try IndexDirectory.currentGeneration(in: indexDirectory)
    return try SearchIndex(generation: generation, verification: verification)
  }

  init(generation: URL, verification: IndexVerification) throws(IndexFormatError) {
    self.generation = generation
    // The home: no link below it is followed, the index folder's own included.
    let root = generation.deletingLastPathComponent().deletingLastPathComponent()
    let manifestURL = generation.appendingPathComponent(IndexManifest.fileName)
    let read: Data?
    do {
      read = try OwnedFile.read(manifestURL, within: root, limit: 16 << 20)
    } catch {
      throw IndexFormatError(error, file: IndexManifest.fileName)
    }
    guard let manifestData = read else {
      throw .unreadable(file: IndexManifest.fileName, reason: "missing in \(generation.lastPathComponent)")
    }
    guard let manifest = try? JSONDecoder().decode(IndexManifest.self, from: manifestData),
      manifest.format == IndexManifest.formatName
    else {
      throw .corrupt(file: IndexManifest.fileName, reason: "not an index manifest")
    }
    guard manifest.version == Int(IndexFile.version) else {
      throw .unsupportedVersion(
        file: IndexManifest.fileName, found: UInt32(clamping: manifest.version), supported: IndexFile.version)
    }
    func map(_ name: String) throws(IndexFormatError) -> MappedFile {
      let file = try MappedFile(url: generation.appendingPathComponent(name), within: root, name: name)
      if let expected = manifest.files[name], expected.bytes != file.bytes.count {
        throw .corrupt(file: name, reason: "\(file.bytes.count) bytes, manifest says \(expected.bytes)")
      }
      return file
    }
    let termsFile = try MappedFile(
      url: generation.appendingPathComponent("terms.dki"), within: root, name: "terms.dki", loadsIntoMemory: true)
    if let expected = manifest.files["terms.dki"], expected.bytes != termsFile.bytes.count {
      throw .corrupt(file: "terms.dki", reason: "\(termsFile.bytes.count) bytes, manifest says \(expected.bytes)")
    }
    let postingsFile = try map("postings.dki")
    let storeFile = try map("store.dki")
    func checksWhole(_ file: MappedFile) -> Bool {
      switch verification {
      case .structure: false
      case .standard: file.bytes.count <= Self.wholeFileChecksumLimitBytes
      case .full: true
      }
    }
    dictionary = try TermDictionary(IndexFile.body(of: termsFile, kind: "TERM", verifiesChecksum: true))
    postings = try IndexFile.body(of: postingsFile, kind: "POST", verifiesChecksum: checksWhole(postingsFile))
    store = try Store(
      IndexFile.body(of: storeFile, kind: "STOR", verifiesChecksum: checksWhole(storeFile)), file: storeFile)
    guard store.documentCount == manifest.documents, store.passageCount == manifest.passages else {
      throw .corrupt(file: "store.dki", reason: "counts differ from the manifest")
    }
    files = [termsFile, postingsFile, storeFile]
    // The store was read for its tables (and maybe its checksum): give those pages back.
    storeFile.releasePages()
    if checksWhole(postingsFile) { postingsFile.releasePages() }
    corpusFingerprint = manifest.corpusFingerprint
    analyzerOptions = manifest.analyzer
    skippedDocuments = manifest.skipped ?? []
  }

  func releasePostingsPages() { files[1].releasePages() }
  var postingsFile: MappedFile { files[1] }

  /// Checks the CRC-32 of every file; `.corrupt` names the first damaged one.
  public func verify() throws(IndexFormatError) {
    for (file, kind) in zip(files, ["TERM", "POST", "STOR"]) {
      _ = try IndexFile.body(of: file, kind: kind, verifiesChecksum: true)
      file.releasePages()
    }
  }

  /// The document at `index`; an empty placeholder when out of range.
  public func document(_ index: Int) -> StoredDocument {
    guard index >= 0, index < store.documentCount else {
      return StoredDocument(id: "", kind: .talk, title: "", url: "", event: nil, year: nil, passageCount: 0)
    }
    let year = Int32(bitPattern: store.documentField(index, 4))
    return StoredDocument(
      id: store.string(store.documentField(index, 0)) ?? "",
      kind: store.documentKind(index) == 0 ? .talk : .hig,
      title: store.string(store.documentField(index, 1)) ?? "",
      url: store.string(store.documentField(index, 2)) ?? "",
      event: store.string(store.documentField(index, 3)),
      year: year == -1 ? nil : Int(year),
      passageCount: Int(store.documentField(index, 6)),
      language: store.string(store.documentField(index, 8)) ?? "en")
  }

  /// The global id of passage `passage` of document `doc`, if both exist.
  func passageId(doc: Int, passage: Int) -> Int? {
    guard doc >= 0, doc < store.documentCount, passage >= 0,
      passage < Int(store.documentField(doc, 6))
    else { return nil }
    return Int(store.documentField(doc, 5)) + passage
  }

  /// Passage `passage` of document `doc`; an empty placeholder when out of range, and an
  /// empty text when the stored text does not match its checksum (never a damaged quote).
  /// `verifiedPassage` says which.
  public func passage(doc: Int, passage: Int) -> StoredPassage {
    guard let id = passageId(doc: doc, passage: passage) else {
      return StoredPassage(documentIndex: doc, passageIndex: passage, kind: .speech, text: "")
    }
    let record = store.record(id)
    let text = (try? store.verifiedTextBytes(id, record: record)) ?? []
    return stored(doc: doc, passage: passage, record: record, text: text)
  }

  /// Passage `passage` of document `doc`, its text checked against its CRC-32:
  /// `.corrupt` when out of range or damaged.
  public func verifiedPassage(doc: Int, passage: Int) throws(IndexFormatError) -> StoredPassage {
    guard let id = passageId(doc: doc, passage: passage) else {
      throw .corrupt(file: "store.dki", reason: "no passage \(passage) in document \(doc)")
    }
    let record = store.record(id)
    return stored(doc: doc, passage: passage, record: record, text: try store.verifiedTextBytes(id, record: record))
  }

  private func stored(doc: Int, passage: Int, record: Store.PassageRecord, text: [UInt8]) -> StoredPassage {
    func milliseconds(_ value: UInt32) -> Int? { value == StoreWriter.none ? nil : Int(value) }
    let kindIndex = Int(store.attributeKind(record.attribute))
    return StoredPassage(
      documentIndex: doc, passageIndex: passage,
      kind: kindIndex < PassageKind.allCases.count ? PassageKind.allCases[kindIndex] : .speech,
      text: String(decoding: text, as: UTF8.self),
      startMilliseconds: milliseconds(record.startMilliseconds),
      endMilliseconds: milliseconds(record.endMilliseconds),
      anchor: store.string(store.attributeField(record.attribute, 5)),
      heading: store.string(store.attributeField(record.attribute, 6)),
      speaker: store.string(store.attributeField(record.attribute, 7)))
  }

  /// The (document, passage) of a global passage id.
  func location(ofPassage id: Int) -> (doc: Int, passage: Int) {
    let doc = store.document(ofPassage: id)
    return (doc, id - Int(store.documentField(doc, 5)))
  }
}

/// Counts postings bytes read by the queries of all threads since the last release of the
/// postings pages; says when to release them again.
final class ReleaseBudget: @unchecked Sendable {
  private let lock = NSLock()
  private var spent = 0

  /// Adds `bytes`; true (and starts over) once more than `limit` has been spent.
  func spend(_ bytes: Int, limit: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    spent += bytes
    guard spent > limit else { return false }
    spent = 0
    return true
  }
}

/// Zeroed byte-per-passage counters for merging prefix postings, reused between queries
/// (a user zeroes what it touched before giving it back); safe to share between threads.
final class PassageCounterPool: @unchecked Sendable {
  private let lock = NSLock()
  private var free: [UnsafeMutableBufferPointer<UInt8>] = []

  /// Counters kept for reuse at most: queries take a few sizes (a byte or a bit per passage).
  static let kept = 4

  func take(count: Int) -> UnsafeMutableBufferPointer<UInt8> {
    let size = max(count, 8)
    lock.lock()
    if let index = free.lastIndex(where: { $0.count == size }) {
      let found = free.remove(at: index)
      lock.unlock()
      return found
    }
    lock.unlock()
    let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    return UnsafeMutableBufferPointer(start: raw.assumingMemoryBound(to: UInt8.self), count: size)
  }

  /// Takes back counters that are all zero again; the least recently given go first.
  func give(_ counters: UnsafeMutableBufferPointer<UInt8>) {
    lock.lock()
    defer { lock.unlock() }
    free.append(counters)
    if free.count > Self.kept { free.removeFirst().deallocate() }
  }

  deinit { for counters in free { counters.deallocate() } }
}
