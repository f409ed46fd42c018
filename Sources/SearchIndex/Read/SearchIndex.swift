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

/// How much `SearchIndex.open` checks before answering. Whatever is chosen, the open reads
/// only headers and the chunks they lie in (`wholeFileChecksumLimitBytes` aside), and every
/// later read of the dictionary and of the store's tables is checked against its chunk's
/// CRC-32 the first time it touches that chunk: damage found there fails the search
/// (`SearchError.index(.corrupt)`) rather than answer from it.
public enum IndexVerification: Sendable {
  /// Headers, versions, sizes and the chunk holding each header; postings and word counts
  /// are bounds-checked as read (a damaged byte there can give a wrong hit but never a
  /// crash), and every passage text is checked against its own CRC-32 when read (a damaged
  /// text is reported, never quoted).
  case structure
  /// `structure`, plus the CRC-32 of each file small enough (`wholeFileChecksumLimitBytes`)
  /// that reading it whole costs a few microseconds. The default.
  case standard
  /// Also the CRC-32 of every file and of each of its chunks, and that the documents cover
  /// the passages (reads everything once).
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
  let postingsChunks: ChunkChecksums
  let store: Store
  private let files: [MappedFile]
  /// The first damage a read found in a chunk of any file (nil while none).
  let damage: IndexDamage
  /// Postings bytes read (an estimate) since their pages were last released.
  let releaseBudget = ReleaseBudget()
  let passageCounters = PassageCounterPool()

  public var documentCount: Int { store.documentCount }
  public var passageCount: Int { store.passageCount }

  /// Files up to this size are checked whole by `.standard` verification (at most a few
  /// tens of microseconds each).
  public static let wholeFileChecksumLimitBytes = 64 << 10

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
    let damage = IndexDamage()
    self.damage = damage
    func open(_ name: String, kind: String) throws(IndexFormatError) -> (MappedFile, IndexFile.Frame) {
      let file = try MappedFile(url: generation.appendingPathComponent(name), within: root, name: name)
      if let expected = manifest.files[name], expected.bytes != file.bytes.count {
        throw .corrupt(file: name, reason: "\(file.bytes.count) bytes, manifest says \(expected.bytes)")
      }
      let checksWhole =
        switch verification {
        case .structure: false
        case .standard: file.bytes.count <= Self.wholeFileChecksumLimitBytes
        case .full: true
        }
      let frame = try IndexFile.frame(of: file, kind: kind, verifiesChecksum: checksWhole, damage: damage)
      if verification == .full, frame.chunks.verifyAll() > 0, let found = damage.first { throw found }
      return (file, frame)
    }
    let (termsFile, termsFrame) = try open("terms.dki", kind: "TERM")
    let (postingsFile, postingsFrame) = try open("postings.dki", kind: "POST")
    let (storeFile, storeFrame) = try open("store.dki", kind: "STOR")
    dictionary = try TermDictionary(termsFrame)
    postings = postingsFrame.body
    postingsChunks = postingsFrame.chunks
    store = try Store(storeFrame, file: storeFile)
    guard store.documentCount == manifest.documents, store.passageCount == manifest.passages else {
      throw .corrupt(file: "store.dki", reason: "counts differ from the manifest")
    }
    if verification == .full { try store.checkDocumentsCoverPassages() }
    files = [termsFile, postingsFile, storeFile]
    // What a whole-file check read need not stay resident.
    if verification == .full { for file in files { file.releasePages() } }
    corpusFingerprint = manifest.corpusFingerprint
    analyzerOptions = manifest.analyzer
    skippedDocuments = manifest.skipped ?? []
  }

  func releasePostingsPages() { files[1].releasePages() }
  var postingsFile: MappedFile { files[1] }

  /// Checks the CRC-32 of every file and of every chunk, and the structure that the open
  /// does not read; `.corrupt` names the first damaged file.
  public func verify() throws(IndexFormatError) {
    for (file, kind) in zip(files, ["TERM", "POST", "STOR"]) {
      let frame = try IndexFile.frame(of: file, kind: kind, verifiesChecksum: true, damage: damage)
      if frame.chunks.verifyAll() > 0, let found = damage.first { throw found }
      file.releasePages()
    }
    try store.checkDocumentsCoverPassages()
    try throwIfDamaged()
  }

  /// The damage an earlier read found, if any: the index must not be answered from.
  public func throwIfDamaged() throws(IndexFormatError) {
    if let found = damage.first { throw found }
  }

  /// The document at `index`; an empty placeholder when out of range or damaged (the
  /// damage is then reported by `throwIfDamaged` and the next search).
  public func document(_ index: Int) -> StoredDocument {
    guard store.hasIntactDocument(index) else {
      return StoredDocument(id: "", kind: .talk, title: "", url: "", event: nil, year: nil, passageCount: 0)
    }
    let year = Int32(bitPattern: store.documentField(index, 4))
    let passageCount = store.documentField(index, 6)
    return StoredDocument(
      id: store.string(store.documentField(index, 0)) ?? "",
      kind: store.documentKind(index) == 0 ? .talk : .hig,
      title: store.string(store.documentField(index, 1)) ?? "",
      url: store.string(store.documentField(index, 2)) ?? "",
      event: store.string(store.documentField(index, 3)),
      year: year == -1 ? nil : Int(year),
      passageCount: passageCount == StoreWriter.none ? 0 : Int(passageCount),
      language: store.string(store.documentField(index, 8)) ?? "en")
  }

  /// The global id of passage `passage` of document `doc`, if both exist.
  func passageId(doc: Int, passage: Int) -> Int? {
    guard store.hasIntactDocument(doc), passage >= 0, passage < Int(store.documentField(doc, 6)) else { return nil }
    let id = Int(store.documentField(doc, 5)) + passage
    return id < store.passageCount ? id : nil
  }

  /// Passage `passage` of document `doc`; an empty placeholder when out of range, and an
  /// empty text when the stored text or its record does not match its checksum (never a
  /// damaged quote). `verifiedPassage` says which.
  public func passage(doc: Int, passage: Int) -> StoredPassage {
    guard let id = passageId(doc: doc, passage: passage) else {
      return StoredPassage(documentIndex: doc, passageIndex: passage, kind: .speech, text: "")
    }
    let record = store.record(id)
    let text = (try? store.verifiedTextBytes(id, record: record)) ?? []
    return stored(doc: doc, passage: passage, record: record, text: text)
  }

  /// Passage `passage` of document `doc`, its text checked against its CRC-32 and its
  /// record and strings against their chunks': `.corrupt` when out of range or damaged.
  public func verifiedPassage(doc: Int, passage: Int) throws(IndexFormatError) -> StoredPassage {
    guard let id = passageId(doc: doc, passage: passage) else {
      try throwIfDamaged()
      throw .corrupt(file: "store.dki", reason: "no passage \(passage) in document \(doc)")
    }
    let record = store.record(id)
    let stored = stored(
      doc: doc, passage: passage, record: record, text: try store.verifiedTextBytes(id, record: record))
    try throwIfDamaged()
    return stored
  }

  private func stored(doc: Int, passage: Int, record: Store.PassageRecord, text: [UInt8]) -> StoredPassage {
    func milliseconds(_ value: UInt32) -> Int? { value == StoreWriter.none ? nil : Int(value) }
    let kindIndex = Int(store.attributeKind(record.attribute) ?? 0)
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
    let first = store.documentField(doc, 5)
    return (doc, first == StoreWriter.none ? 0 : id - Int(first))
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
