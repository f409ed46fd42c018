import DocumentModel
import Locking
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One segment of an index generation (its three `.dki` files), memory-mapped and
/// read-only; safe to share between threads. Its documents are numbered from 0 within it;
/// `deletedDocuments` are those a later update replaced or removed: no query matches them.
final class IndexSegment: Sendable {
  let name: String
  let analyzerOptions: AnalyzerOptions
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
  let hitCache = HitCache()
  /// Documents (segment numbers, ascending) replaced or removed by later updates.
  let deletedDocuments: Set<Int>
  /// The words of every passage, uncapped (what averages are computed from).
  let totalWords: Int
  /// The generation's statistics, set once by `SearchIndex` before the segment is shared.
  let statisticsBox = CollectionStatistics.Box()
  var statistics: CollectionStatistics { statisticsBox.value }

  /// Passages of the deleted documents.
  let deletedPassageCount: Int

  /// The passages of the deleted documents, ascending (as the generation's statistics
  /// hold them; none before the segment joins a generation).
  var deletedPassages: [Range<UInt32>] {
    let parts = statistics.parts
    return statisticsBox.ordinal < parts.count ? parts[statisticsBox.ordinal].deletedPassages : []
  }

  /// Whether passage `passage` belongs to a deleted document.
  func isDeleted(passage: Int) -> Bool {
    !deletedDocuments.isEmpty && deletedDocuments.contains(store.document(ofPassage: passage))
  }

  var documentCount: Int { store.documentCount }
  var passageCount: Int { store.passageCount }

  init(
    directory: URL, root: URL, entry: IndexManifest.Segment, analyzerOptions: AnalyzerOptions,
    verification: IndexVerification
  ) throws(IndexFormatError) {
    name = entry.name
    self.analyzerOptions = analyzerOptions
    let damage = IndexDamage()
    self.damage = damage
    func open(_ file: String, kind: String) throws(IndexFormatError) -> (MappedFile, IndexFile.Frame) {
      // Named as in a one-segment index: what a report says is damaged stays the file kind.
      let label = file
      let mapped = try MappedFile(url: directory.appendingPathComponent(file), within: root, name: label)
      guard let expected = entry.files[file] else {
        throw .corrupt(file: IndexManifest.fileName, reason: "segment \(entry.name) lists no \(file)")
      }
      if expected.bytes != mapped.bytes.count {
        throw .corrupt(file: label, reason: "\(mapped.bytes.count) bytes, manifest says \(expected.bytes)")
      }
      let checksWhole =
        switch verification {
        case .structure: false
        case .standard: mapped.bytes.count <= SearchIndex.wholeFileChecksumLimitBytes
        case .full: true
        }
      let frame = try IndexFile.frame(of: mapped, kind: kind, verifiesChecksum: checksWhole, damage: damage)
      if verification == .full, frame.chunks.verifyAll() > 0, let found = damage.first { throw found }
      return (mapped, frame)
    }
    let (termsFile, termsFrame) = try open("terms.dki", kind: "TERM")
    let (postingsFile, postingsFrame) = try open("postings.dki", kind: "POST")
    let (storeFile, storeFrame) = try open("store.dki", kind: "STOR")
    dictionary = try TermDictionary(termsFrame)
    postings = postingsFrame.body
    postingsChunks = postingsFrame.chunks
    store = try Store(storeFrame, file: storeFile)
    guard store.documentCount == entry.documents, store.passageCount == entry.passages else {
      throw .corrupt(file: "store.dki", reason: "counts differ from the manifest (segment \(entry.name))")
    }
    guard entry.deleted.allSatisfy({ $0 >= 0 && $0 < entry.documents }) else {
      throw .corrupt(file: IndexManifest.fileName, reason: "segment \(entry.name) deletes a document it lacks")
    }
    deletedDocuments = Set(entry.deleted)
    var deletedPassages = 0
    for document in entry.deleted {
      let count = store.documentField(document, 6)
      if count != StoreWriter.none { deletedPassages += Int(count) }
    }
    deletedPassageCount = deletedPassages
    totalWords = entry.totalWords
    if verification == .full { try store.checkTables() }
    files = [termsFile, postingsFile, storeFile]
    // What a whole-file check read need not stay resident.
    if verification == .full { for file in files { file.releasePages() } }
  }

  func releasePostingsPages() {
    files[1].releasePages()
    // What the process holds now is what the next growth is measured from.
    releaseBudget.released()
  }
  var postingsFile: MappedFile { files[1] }

  /// Checks the CRC-32 of every file and of every chunk, and the structure that the open
  /// does not read; `.corrupt` names the first damaged file.
  func verify() throws(IndexFormatError) {
    for (file, kind) in zip(files, ["TERM", "POST", "STOR"]) {
      let frame = try IndexFile.frame(of: file, kind: kind, verifiesChecksum: true, damage: damage)
      if frame.chunks.verifyAll() > 0, let found = damage.first { throw found }
      file.releasePages()
    }
    try store.checkTables()
    try throwIfDamaged()
  }

  /// The damage an earlier read found, if any: the index must not be answered from.
  func throwIfDamaged() throws(IndexFormatError) {
    if let found = damage.first { throw found }
  }

  /// The document at `index`; an empty placeholder when out of range or damaged (the
  /// damage is then reported by `throwIfDamaged` and the next search).
  func document(_ index: Int) -> StoredDocument {
    guard store.hasIntactDocument(index) else {
      return StoredDocument(id: "", kind: .talk, title: "", url: "", event: nil, year: nil, passageCount: 0)
    }
    let year = Int32(bitPattern: store.documentField(index, 4))
    let passageCount = store.documentField(index, 6)
    let kind = Store.kind(code: store.documentKind(index))
    let eventOrFramework = store.string(store.documentField(index, 3))
    var document = StoredDocument(
      id: store.string(store.documentField(index, 0)) ?? "",
      kind: kind,
      title: store.string(store.documentField(index, 1)) ?? "",
      url: store.string(store.documentField(index, 2)) ?? "",
      event: kind == .doc ? nil : eventOrFramework,
      year: year == -1 ? nil : Int(year),
      passageCount: passageCount == StoreWriter.none ? 0 : Int(passageCount),
      language: store.string(store.documentField(index, 8)) ?? "en")
    if kind == .doc {
      let flags = store.documentFlags(index)
      document.framework = eventOrFramework
      document.isDeprecated = flags & 1 != 0
      document.isBeta = flags & 2 != 0
      document.platforms = store.documentPlatforms(index)
    }
    return document
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
  func passage(doc: Int, passage: Int) -> StoredPassage {
    guard let id = passageId(doc: doc, passage: passage) else {
      return StoredPassage(documentIndex: doc, passageIndex: passage, kind: .speech, text: "")
    }
    let record = store.record(id)
    let text = (try? store.verifiedEntry(id, record: record).text) ?? []
    return stored(doc: doc, passage: passage, record: record, text: text)
  }

  /// Passage `passage` of document `doc`, its text checked against its CRC-32 and its
  /// record and strings against their chunks': `.corrupt` when out of range or damaged.
  func verifiedPassage(doc: Int, passage: Int) throws(IndexFormatError) -> StoredPassage {
    try verifiedEntry(doc: doc, passage: passage).passage
  }

  /// `verifiedPassage`, with its text's bytes and cue starts, all from one read of its entry
  /// (none when a recent read kept it).
  func verifiedEntry(doc: Int, passage: Int) throws(IndexFormatError) -> (
    passage: StoredPassage, entry: Store.PassageEntry
  ) {
    guard let id = passageId(doc: doc, passage: passage) else {
      try throwIfDamaged()
      throw .corrupt(file: "store.dki", reason: "no passage \(passage) in document \(doc)")
    }
    if let kept = hitCache.passage(id) {
      // Damage found since is still reported: no answer from a damaged index.
      try throwIfDamaged()
      return (kept.stored, kept.entry)
    }
    let record = store.record(id)
    let entry = try store.verifiedEntry(id, record: record)
    let stored = stored(doc: doc, passage: passage, record: record, text: entry.text)
    try throwIfDamaged()
    hitCache.keep(HitCache.Passage(id: id, stored: stored, entry: entry))
    return (stored, entry)
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

/// Says when the pages of a segment's postings map are to be released. The queries of all
/// threads add what they read (an estimate); past `limit`, the process's resident memory
/// is looked at, and the pages are released when it has grown by more than `kept` since the
/// segment opened or last released them. What else grew in between (the heap, pages of the
/// store) counts too, and is the new base after a release. A query that reads more than
/// `kept` releases what earlier ones left first, so that its pages come on top of the base
/// alone.
final class ReleaseBudget: @unchecked Sendable {
  private let lock = Lock()
  /// Read since the last look at resident memory.
  private var spent = 0
  /// Read since the last release.
  private var unreleased = 0
  private var base = ResidentMemory.bytes()

  /// Adds `bytes`; whether the pages are to be released now (true where resident memory
  /// cannot be read, once more than `limit` has been read).
  func spend(_ bytes: Int, limit: Int, kept: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    spent += bytes
    unreleased += bytes
    guard spent > limit else { return false }
    spent = 0
    guard let now = ResidentMemory.bytes(), let base else { return true }
    return now - base > kept
  }

  /// Whether a query about to read `bytes` is to release the pages first: it reads more
  /// than `kept`, and earlier queries may have left pages mapped.
  func releasesBefore(reading bytes: Int, kept: Int) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return bytes > kept && unreleased > 0
  }

  /// After a release: what the process holds now is the base the next growth is measured from.
  func released() {
    lock.lock()
    defer { lock.unlock() }
    base = ResidentMemory.bytes()
    spent = 0
    unreleased = 0
  }
}
