import DocumentModel
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// A documentation page's framework (its first module: `UIKit`); nil for others.
  public var framework: String?
  /// A documentation page deprecated upstream (`DocumentationMetadata.isDeprecated`):
  /// whatever quotes it must say so.
  public var isDeprecated = false
  public var isBeta = false
  /// A documentation page's platforms, one bit each (`PlatformAvailability.indexedPlatforms`).
  public var platforms: UInt16 = 0
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

/// An opened index generation: its segments in order (FORMAT.md), read as one index whose
/// documents are numbered across them, deleted ones skipped. Memory-mapped and read-only;
/// safe to share between threads.
public final class SearchIndex: Sendable {
  public let corpusFingerprint: String
  /// The generation directory that was opened.
  public let generation: URL
  public let analyzerOptions: AnalyzerOptions
  /// Corpus documents the build left out because it could not read them.
  public let skippedDocuments: [SkippedDocument]
  let segments: [IndexSegment]
  /// Per segment: the live documents before it, and its deleted documents, ascending.
  let documentOffsets: [Int]
  let deletedSorted: [[Int]]
  let statistics: CollectionStatistics
  let manifest: IndexManifest

  public let documentCount: Int
  public let passageCount: Int
  /// Segments of this generation (FORMAT.md, "Segments").
  public var segmentCount: Int { segments.count }

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
    let indexDirectory = generation.deletingLastPathComponent()
    let root = indexDirectory.deletingLastPathComponent()
    let manifest = try Self.readManifest(generation, within: root)
    self.manifest = manifest
    var segments: [IndexSegment] = []
    for entry in manifest.segments {
      let directory = IndexDirectory.segmentDirectory(entry.name, in: indexDirectory)
      segments.append(
        try IndexSegment(
          directory: directory, root: root, entry: entry, analyzerOptions: manifest.analyzer,
          verification: verification))
    }
    var offsets: [Int] = []
    var live = 0
    var livePassages = 0
    var words = 0
    var parts: [CollectionStatistics.Part] = []
    for segment in segments {
      offsets.append(live)
      live += segment.documentCount - segment.deletedDocuments.count
      var ranges: [Range<UInt32>] = []
      var deletedWords = 0
      for document in segment.deletedDocuments.sorted() {
        let first = Int(segment.store.documentField(document, 5))
        let count = Int(segment.store.documentField(document, 6))
        guard first + count <= segment.passageCount else {
          throw .corrupt(
            file: "store.dki", reason: "deleted document \(document) out of range (segment \(segment.name))")
        }
        ranges.append(UInt32(first)..<UInt32(first + count))
        for passage in first..<(first + count) { deletedWords += segment.store.wordCount(passage) }
      }
      livePassages += segment.passageCount - ranges.reduce(0) { $0 + $1.count }
      words += segment.totalWords - deletedWords
      parts.append(
        .init(
          dictionary: segment.dictionary, postings: segment.postings, passageLimit: segment.passageCount,
          deletedPassages: ranges))
    }
    guard live == manifest.documents, livePassages == manifest.passages else {
      throw .corrupt(file: IndexManifest.fileName, reason: "live counts differ from the segments'")
    }
    statistics = CollectionStatistics(parts: parts, passageCount: livePassages, totalWords: max(0, words))
    for (ordinal, segment) in segments.enumerated() {
      segment.statisticsBox.value = statistics
      segment.statisticsBox.ordinal = ordinal
    }
    self.segments = segments
    documentOffsets = offsets
    deletedSorted = segments.map { $0.deletedDocuments.sorted() }
    documentCount = live
    passageCount = livePassages
    corpusFingerprint = manifest.corpusFingerprint
    analyzerOptions = manifest.analyzer
    skippedDocuments = manifest.skipped ?? []
  }

  static func readManifest(_ generation: URL, within root: URL) throws(IndexFormatError) -> IndexManifest {
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
    // The version first: an older manifest has other fields, and is refused as such.
    let manifest: IndexManifest
    switch IndexManifest.read(manifestData) {
    case .manifest(let read): manifest = read
    case .version(let found):
      throw .unsupportedVersion(
        file: IndexManifest.fileName, found: UInt32(clamping: found), supported: IndexFile.version)
    case .notAManifest:
      throw .corrupt(file: IndexManifest.fileName, reason: "not an index manifest")
    }
    for segment in manifest.segments where !IndexManifest.isSegmentName(segment.name) {
      throw .corrupt(file: IndexManifest.fileName, reason: "segment name \(segment.name) is not one of ours")
    }
    guard !manifest.segments.isEmpty else {
      throw .corrupt(file: IndexManifest.fileName, reason: "no segments")
    }
    return manifest
  }

  /// Checks the CRC-32 of every file and of every chunk, and the structure that the open
  /// does not read; `.corrupt` names the first damaged file.
  public func verify() throws(IndexFormatError) {
    for segment in segments { try segment.verify() }
  }

  /// The damage an earlier read found, if any: the index must not be answered from.
  public func throwIfDamaged() throws(IndexFormatError) {
    for segment in segments { try segment.throwIfDamaged() }
  }

  /// The segment and its own number of live document `index`; nil when out of range.
  func locate(document index: Int) -> (segment: Int, local: Int)? {
    guard index >= 0, index < documentCount else { return nil }
    var ordinal = segments.count - 1
    while ordinal > 0 && documentOffsets[ordinal] > index { ordinal -= 1 }
    // The k-th live document: step over the deleted ones before it.
    var local = index - documentOffsets[ordinal]
    for deleted in deletedSorted[ordinal] {
      if deleted <= local { local += 1 } else { break }
    }
    return (ordinal, local)
  }

  /// The global number of live document `local` of segment `ordinal`.
  func globalDocument(segment ordinal: Int, local: Int) -> Int {
    let deleted = deletedSorted[ordinal]
    var low = 0
    var high = deleted.count
    while low < high {
      let middle = (low + high) / 2
      if deleted[middle] < local { low = middle + 1 } else { high = middle }
    }
    return documentOffsets[ordinal] + local - low
  }

  /// The document at `index`; an empty placeholder when out of range or damaged (the
  /// damage is then reported by `throwIfDamaged` and the next search).
  public func document(_ index: Int) -> StoredDocument {
    guard let (ordinal, local) = locate(document: index) else {
      return StoredDocument(id: "", kind: .talk, title: "", url: "", event: nil, year: nil, passageCount: 0)
    }
    return segments[ordinal].document(local)
  }

  /// Passage `passage` of document `doc`; an empty placeholder when out of range, and an
  /// empty text when the stored text or its record does not match its checksum (never a
  /// damaged quote). `verifiedPassage` says which.
  public func passage(doc: Int, passage: Int) -> StoredPassage {
    guard let (ordinal, local) = locate(document: doc) else {
      return StoredPassage(documentIndex: doc, passageIndex: passage, kind: .speech, text: "")
    }
    var stored = segments[ordinal].passage(doc: local, passage: passage)
    stored.documentIndex = doc
    return stored
  }

  /// Passage `passage` of document `doc`, its text checked against its CRC-32 and its
  /// record and strings against their chunks': `.corrupt` when out of range or damaged.
  public func verifiedPassage(doc: Int, passage: Int) throws(IndexFormatError) -> StoredPassage {
    guard let (ordinal, local) = locate(document: doc) else {
      try throwIfDamaged()
      throw .corrupt(file: "store.dki", reason: "no passage \(passage) in document \(doc)")
    }
    var stored = try segments[ordinal].verifiedPassage(doc: local, passage: passage)
    stored.documentIndex = doc
    return stored
  }

  /// The first segment's parts, for tests of one-segment indexes.
  var store: Store { segments[0].store }
  var dictionary: TermDictionary { segments[0].dictionary }
  var postings: ByteReader { segments[0].postings }
  var first: IndexSegment { segments[0] }
  func passageId(doc: Int, passage: Int) -> Int? { segments[0].passageId(doc: doc, passage: passage) }
  func location(ofPassage id: Int) -> (doc: Int, passage: Int) { segments[0].location(ofPassage: id) }
}
