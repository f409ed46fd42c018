import Foundation
import Normalize

/// What a build produced.
public struct IndexBuildSummary: Sendable, Equatable {
  public var documentCount: Int
  public var passageCount: Int
  public var termCount: Int
  public var postingCount: Int
  /// Bytes of all files of the new generation.
  public var byteCount: Int
  /// The generation directory now current.
  public var generation: URL
}

/// Builds an index from documents into a new generation of `indexDirectory` and swaps it
/// in atomically (see `IndexDirectory`).
public struct IndexBuilder: Sendable {
  public var options: AnalyzerOptions

  public init(options: AnalyzerOptions = .standard) { self.options = options }

  public func build(
    documents: [Document], corpusFingerprint: String, into indexDirectory: URL
  ) throws(IndexBuildError) -> IndexBuildSummary {
    let fileManager = FileManager.default
    do {
      try fileManager.createDirectory(at: indexDirectory, withIntermediateDirectories: true)
    } catch {
      throw .io(path: indexDirectory.path, reason: "cannot create: \(error)")
    }
    let staging = indexDirectory.appendingPathComponent(".build-\(UUID().uuidString)")
    do {
      try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
    } catch {
      throw .io(path: staging.path, reason: "cannot create: \(error)")
    }
    do throws(IndexBuildError) {
      let files = try buildFiles(documents: documents)
      var byteCount = 0
      var manifestFiles: [String: IndexManifest.FileEntry] = [:]
      for (name, bytes) in [("terms.dki", files.terms), ("postings.dki", files.postings),
                            ("store.dki", files.store)] {
        let url = staging.appendingPathComponent(name)
        try Self.write(bytes, to: url)
        byteCount += bytes.count
        let crc = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0.dropLast(4))) }
        manifestFiles[name] = .init(bytes: bytes.count, crc32: crc)
      }
      let manifest = IndexManifest(
        format: IndexManifest.formatName, version: Int(IndexFile.version),
        corpusFingerprint: corpusFingerprint, documents: documents.count,
        passages: files.passageCount, terms: files.termCount, analyzer: options,
        files: manifestFiles)
      let manifestURL = staging.appendingPathComponent(IndexManifest.fileName)
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(manifest)
        try data.write(to: manifestURL)
        byteCount += data.count
      } catch {
        throw IndexBuildError.io(path: manifestURL.path, reason: "cannot write: \(error)")
      }
      let generation = try IndexDirectory.publish(staging, in: indexDirectory)
      return IndexBuildSummary(
        documentCount: documents.count, passageCount: files.passageCount,
        termCount: files.termCount, postingCount: files.postingCount, byteCount: byteCount,
        generation: generation)
    } catch {
      try? fileManager.removeItem(at: staging)
      throw error
    }
  }

  /// Writes without copying the bytes into a `Data` first.
  static func write(_ bytes: [UInt8], to url: URL) throws(IndexBuildError) {
    guard FileManager.default.createFile(atPath: url.path, contents: nil),
      let handle = FileHandle(forWritingAtPath: url.path)
    else { throw .io(path: url.path, reason: "cannot create") }
    defer { try? handle.close() }
    do {
      try bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let end = min(buffer.count, offset + (16 << 20))
          try handle.write(contentsOf: Data(
            bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress! + offset),
            count: end - offset, deallocator: .none))
          offset = end
        }
      }
    } catch {
      throw .io(path: url.path, reason: "cannot write: \(error)")
    }
  }

  struct Files {
    var terms: [UInt8]
    var postings: [UInt8]
    var store: [UInt8]
    var passageCount: Int
    var termCount: Int
    var postingCount: Int
  }

  func buildFiles(documents: [Document]) throws(IndexBuildError) -> Files {
    let analyzer = Analyzer(options: options)
    var table = TermTable()
    var occurrences = Occurrences()
    var store = StoreWriter()
    var wordCounts: [UInt32] = []
    var headingIds: [UInt32] = []
    var passageId: UInt32 = 0
    var scratch: [UInt8] = []
    // About one occurrence per five bytes of text: reserved once, not grown by copying.
    let textBytes = documents.reduce(0) { total, document in
      total + document.passages.reduce(0) { $0 + $1.text.utf8.count }
    }
    occurrences.reserve(textBytes / 5 + 1_024)
    wordCounts.reserveCapacity(documents.reduce(0) { $0 + $1.passages.count })
    for document in documents {
      for passage in document.passages {
        var text = passage.text
        let counts = text.withUTF8 { bytes in
          analyzer.analyze(bytes, firstSlot: 0) { token in
            guard !token.term.isEmpty else { return }
            let termId = table.id(token.term)
            occurrences.append(termId, passageId, UInt32(token.startSlot),
                               UInt32(token.endSlot - token.startSlot))
          }
        }
        wordCounts.append(UInt32(counts.words))
        headingIds.append(store.intern(passage.heading))
        guard passageId < UInt32.max - 1 else { throw .tooLarge(reason: "too many passages") }
        passageId += 1
      }
    }
    // Title field: postings over document indices; heading field: over heading string ids.
    for (documentIndex, document) in documents.enumerated() {
      fieldTokens(document.title, marker: TermSpace.titleMarker, analyzer, &scratch) { term in
        occurrences.append(table.id(term), UInt32(documentIndex), 0, 0)
      }
    }
    let strings = store.internedStrings
    var isHeading = [Bool](repeating: false, count: strings.count)
    for id in headingIds where id != StoreWriter.none { isHeading[Int(id)] = true }
    for (id, heading) in strings.enumerated() where isHeading[id] {
      fieldTokens(heading, marker: TermSpace.headingMarker, analyzer, &scratch) { term in
        occurrences.append(table.id(term), UInt32(id), 0, 0)
      }
    }
    let storeBytes = try store.write(
      documents: documents, wordCounts: wordCounts, headingIds: headingIds)
    let average = wordCounts.isEmpty
      ? 1 : Double(wordCounts.reduce(0) { $0 + UInt64($1) }) / Double(wordCounts.count)
    var passageDocuments: [UInt32] = []
    passageDocuments.reserveCapacity(wordCounts.count)
    for (number, document) in documents.enumerated() {
      passageDocuments.append(contentsOf: repeatElement(UInt32(number), count: document.passages.count))
    }
    var writer = PostingsWriter(
      table: table, wordCounts: wordCounts, averageWords: max(average, 1),
      passageDocuments: passageDocuments, headingIds: headingIds)
    let (terms, postings) = try writer.write(occurrences)
    return Files(
      terms: terms, postings: postings, store: storeBytes, passageCount: Int(passageId),
      termCount: table.count, postingCount: writer.postingCount)
  }

  /// Distinct terms of a title or heading, each prefixed with the field's marker.
  private func fieldTokens(
    _ text: String, marker: UInt8, _ analyzer: Analyzer, _ scratch: inout [UInt8],
    _ body: ([UInt8]) -> Void
  ) {
    var seen = Set<[UInt8]>()
    for token in analyzer.tokens(text) where !token.term.isEmpty && seen.insert(token.term).inserted {
      scratch = [marker] + token.term
      body(scratch)
    }
  }
}

/// Term occurrences as parallel arrays, in the order the analyzer produced them. Slot and
/// span share one word: `slot << 8 | span`.
struct Occurrences {
  /// Slots past this in one passage are not indexed (a passage of 16 million words).
  static let maximumSlot: UInt32 = 1 << 24 - 1
  /// Longer spans (a compound of more than 255 words) are not indexed whole.
  static let maximumSpan: UInt32 = 255

  var terms: [UInt32] = []
  var ids: [UInt32] = []
  var packed: [UInt32] = []

  @inline(__always)
  mutating func append(_ term: UInt32, _ id: UInt32, _ slot: UInt32, _ span: UInt32) {
    guard slot <= Self.maximumSlot, span <= Self.maximumSpan else { return }
    terms.append(term)
    ids.append(id)
    packed.append(slot << 8 | span)
  }

  var count: Int { terms.count }

  mutating func reserve(_ capacity: Int) {
    terms.reserveCapacity(capacity)
    ids.reserveCapacity(capacity)
    packed.reserveCapacity(capacity)
  }
}
