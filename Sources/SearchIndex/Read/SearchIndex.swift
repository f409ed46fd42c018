import Foundation
import Normalize

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
}

/// How much `SearchIndex.open` checks before answering.
public enum IndexVerification: Sendable {
  /// Headers, versions, sizes, table structure, and the CRC-32 of the dictionary and
  /// tables; postings and texts are bounds-checked as read (a damaged byte there can give
  /// a wrong answer but never a crash). Fast: the default.
  case structure
  /// Also the CRC-32 of every file (reads everything once).
  case full
}

/// An opened index generation, memory-mapped and read-only; safe to share between threads.
public final class SearchIndex: Sendable {
  public let corpusFingerprint: String
  /// The generation directory that was opened.
  public let generation: URL
  public let analyzerOptions: AnalyzerOptions
  let dictionary: TermDictionary
  let postings: ByteReader
  let store: Store
  private let files: [MappedFile]

  public var documentCount: Int { store.documentCount }
  public var passageCount: Int { store.passageCount }

  public static func open(
    at indexDirectory: URL, verification: IndexVerification = .structure
  ) throws(IndexFormatError) -> SearchIndex {
    let generation = try IndexDirectory.currentGeneration(in: indexDirectory)
    return try SearchIndex(generation: generation, verification: verification)
  }

  init(generation: URL, verification: IndexVerification) throws(IndexFormatError) {
    self.generation = generation
    let manifestURL = generation.appendingPathComponent(IndexManifest.fileName)
    guard let manifestData = try? Data(contentsOf: manifestURL) else {
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
      let file = try MappedFile(path: generation.appendingPathComponent(name).path, name: name)
      if let expected = manifest.files[name], expected.bytes != file.bytes.count {
        throw .corrupt(file: name, reason: "\(file.bytes.count) bytes, manifest says \(expected.bytes)")
      }
      return file
    }
    let termsFile = try MappedFile(
      path: generation.appendingPathComponent("terms.dki").path, name: "terms.dki", loadsIntoMemory: true)
    if let expected = manifest.files["terms.dki"], expected.bytes != termsFile.bytes.count {
      throw .corrupt(file: "terms.dki", reason: "\(termsFile.bytes.count) bytes, manifest says \(expected.bytes)")
    }
    let postingsFile = try map("postings.dki")
    let storeFile = try map("store.dki")
    let full = verification == .full
    dictionary = try TermDictionary(IndexFile.body(of: termsFile, kind: "TERM", verifiesChecksum: true))
    postings = try IndexFile.body(of: postingsFile, kind: "POST", verifiesChecksum: full)
    store = try Store(IndexFile.body(of: storeFile, kind: "STOR", verifiesChecksum: full), file: storeFile)
    guard store.documentCount == manifest.documents, store.passageCount == manifest.passages else {
      throw .corrupt(file: "store.dki", reason: "counts differ from the manifest")
    }
    files = [termsFile, postingsFile, storeFile]
    // The store was read for its tables (and maybe its checksum): give those pages back.
    storeFile.releasePages()
    if full { postingsFile.releasePages() }
    corpusFingerprint = manifest.corpusFingerprint
    analyzerOptions = manifest.analyzer
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
      passageCount: Int(store.documentField(index, 6)))
  }

  /// The global id of passage `passage` of document `doc`, if both exist.
  func passageId(doc: Int, passage: Int) -> Int? {
    guard doc >= 0, doc < store.documentCount, passage >= 0,
      passage < Int(store.documentField(doc, 6))
    else { return nil }
    return Int(store.documentField(doc, 5)) + passage
  }

  /// Passage `passage` of document `doc`; an empty placeholder when out of range.
  public func passage(doc: Int, passage: Int) -> StoredPassage {
    guard let id = passageId(doc: doc, passage: passage) else {
      return StoredPassage(documentIndex: doc, passageIndex: passage, kind: .speech, text: "")
    }
    func milliseconds(_ value: UInt32) -> Int? { value == StoreWriter.none ? nil : Int(value) }
    let record = store.record(id)
    let kindIndex = Int(store.attributeKind(record.attribute))
    return StoredPassage(
      documentIndex: doc, passageIndex: passage,
      kind: kindIndex < PassageKind.allCases.count ? PassageKind.allCases[kindIndex] : .speech,
      text: String(decoding: store.textBytes(id), as: UTF8.self),
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
