import Dispatch
import DocumentModel
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// Corpus documents left out because they could not be read (recorded in the manifest).
  public var skipped: [SkippedDocument] = []
}

/// Builds an index from documents into a new generation of `indexDirectory` and swaps it
/// in atomically (see `IndexDirectory`).
public struct IndexBuilder: Sendable {
  public var options: AnalyzerOptions
  /// The words whose pairs a segment stores as runs (`PartPhrases.CommonWords`).
  var commonWords = PartPhrases.CommonWords.standard

  public init(options: AnalyzerOptions = .standard) { self.options = options }

  /// Builds into a new generation of `indexDirectory`, one segment of all `documents`.
  /// Nothing below `root` (by default the folder holding `indexDirectory`, the home) is
  /// followed if it is a symbolic link. `skipped` (documents the caller could not read) is
  /// recorded in the manifest; `sourceStamps` (the caller's note of each document's
  /// version, for later updates) in `stamps.json`.
  public func build(
    documents: [Document], skipped: [SkippedDocument] = [], corpusFingerprint: String,
    sourceStamps: [String: String]? = nil, into indexDirectory: URL, within root: URL? = nil
  ) throws(IndexBuildError) -> IndexBuildSummary {
    let root = root ?? indexDirectory.deletingLastPathComponent()
    let claim = try makeStaging(in: indexDirectory, within: root)
    defer { claim.end() }
    let staging = claim.url
    do throws(IndexBuildError) {
      let written = try writeSegment(documents, impactHeadroom: Self.fullBuildHeadroom, into: staging, within: root)
      return try publish(
        segments: [written.entry], newSegments: [written.entry.name], reused: [], written: written,
        skipped: skipped, corpusFingerprint: corpusFingerprint, sourceStamps: sourceStamps,
        staging: staging, into: indexDirectory, within: root)
    } catch {
      try? OwnedFile.removeTree(staging, within: root)
      throw error
    }
  }

  /// Impacts of a full build are computed with its average length times this: updates that
  /// lengthen the average a little keep its bounds safe (FORMAT.md, "Segments").
  static let fullBuildHeadroom = 1.02

  /// Sweeps what killed builds left and claims a staging folder; the caller ends the claim
  /// once the folder is published or removed.
  func makeStaging(in indexDirectory: URL, within root: URL) throws(IndexBuildError) -> BuildStaging {
    do { try OwnedFile.createDirectory(indexDirectory, within: root) } catch { throw IndexBuildError(error) }
    IndexDirectory.sweepAbandoned(in: indexDirectory, within: root)
    return try BuildStaging.begin(in: indexDirectory, within: root)
  }

  /// One segment written into `staging`, and what it holds.
  struct WrittenSegment {
    var entry: IndexManifest.Segment
    var byteCount: Int
    var postingCount: Int
  }

  /// Writes `documents` as a new segment folder of `staging`. Its impacts are computed
  /// with its average length times `impactHeadroom`, or at least `minimumImpactAverage`.
  func writeSegment(
    _ documents: [Document], impactHeadroom: Double, minimumImpactAverage: Double = 0, into staging: URL,
    within root: URL
  ) throws(IndexBuildError) -> WrittenSegment {
    let name = "segment-\(UUID().uuidString.lowercased())"
    let folder = staging.appendingPathComponent(name)
    do { try OwnedFile.createDirectory(folder, within: root) } catch { throw IndexBuildError(error) }
    let files = try buildFiles(
      documents: documents, impactHeadroom: impactHeadroom, minimumImpactAverage: minimumImpactAverage)
    var byteCount = 0
    var manifestFiles: [String: IndexManifest.FileEntry] = [:]
    for (file, bytes) in [("terms.dki", files.terms), ("postings.dki", files.postings), ("store.dki", files.store)] {
      let url = folder.appendingPathComponent(file)
      do { try OwnedFile.write(bytes, to: url, within: root, synced: false) } catch { throw IndexBuildError(error) }
      byteCount += bytes.count
      // The file's own trailer is the CRC-32 of everything before it.
      let crc = bytes.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      manifestFiles[file] = .init(bytes: bytes.count, crc32: crc)
    }
    let entry = IndexManifest.Segment(
      name: name, documents: documents.count, passages: files.passageCount, terms: files.termCount,
      totalWords: files.totalWords, files: manifestFiles, deleted: [])
    return WrittenSegment(entry: entry, byteCount: byteCount, postingCount: files.postingCount)
  }

  /// Writes the manifest (last) and `stamps.json` into `staging` and publishes it.
  func publish(
    segments: [IndexManifest.Segment], newSegments: [String], reused: [String], written: WrittenSegment?,
    skipped: [SkippedDocument], corpusFingerprint: String, sourceStamps: [String: String]?, staging: URL,
    into indexDirectory: URL, within root: URL
  ) throws(IndexBuildError) -> IndexBuildSummary {
    let documents = segments.reduce(0) { $0 + $1.documents - $1.deleted.count }
    // Live passages are counted by the reader from the stores; the builder knows them for
    // new segments and is told them for kept ones (`livePassages`).
    let passages = segments.reduce(0) { $0 + ($1.livePassages ?? $1.passages) }
    let manifest = IndexManifest(
      format: IndexManifest.formatName, version: Int(IndexFile.version),
      corpusFingerprint: corpusFingerprint, documents: documents, passages: passages,
      terms: segments.reduce(0) { $0 + $1.terms }, analyzer: options,
      segments: segments.map { $0.withoutLivePassages }, skipped: skipped.isEmpty ? nil : skipped)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var byteCount = segments.filter { newSegments.contains($0.name) }.reduce(0) { total, segment in
      total + segment.files.values.reduce(0) { $0 + $1.bytes }
    }
    if let sourceStamps {
      let url = staging.appendingPathComponent(IndexManifest.stampsFileName)
      do {
        let data = try encoder.encode(sourceStamps)
        try OwnedFile.write(data, to: url, within: root, synced: false)
        byteCount += data.count
      } catch {
        throw IndexBuildError.io(path: url.path, reason: "cannot write: \(ErrorReason.of(error))")
      }
    }
    let manifestURL = staging.appendingPathComponent(IndexManifest.fileName)
    let data: Data
    do {
      data = try encoder.encode(manifest)
    } catch {
      throw IndexBuildError.io(path: manifestURL.path, reason: "cannot encode: \(ErrorReason.of(error))")
    }
    do { try OwnedFile.write(data, to: manifestURL, within: root, synced: false) } catch {
      throw IndexBuildError(error)
    }
    byteCount += data.count
    let generation = try IndexDirectory.publish(
      staging, newSegments: newSegments, reusedSegments: reused, in: indexDirectory, within: root)
    return IndexBuildSummary(
      documentCount: documents, passageCount: passages, termCount: manifest.terms,
      postingCount: written?.postingCount ?? 0, byteCount: byteCount, generation: generation, skipped: skipped)
  }

  struct Files {
    var terms: [UInt8]
    var postings: [UInt8]
    var store: [UInt8]
    var passageCount: Int
    var termCount: Int
    var postingCount: Int
    /// Words of all passages, each counted as stored (at most 65,535).
    var totalWords: Int
  }

  /// The terms and occurrences of a run of passages, analyzed on one thread with term ids
  /// of its own.
  struct AnalyzedPart {
    var table = TermTable()
    var occurrences = Occurrences()
    var wordCounts: [UInt32] = []
    var partPhrases = PartPhrases()

    /// Marks the occurrences from `start` on whose term is one of `fieldTerms` (a title's
    /// or heading's) with `flag`: the postings writer then knows a passage term's field
    /// boosts without looking its passage up.
    mutating func flag(from start: Int, _ fieldTerms: [[UInt8]], _ flag: UInt32) {
      // A field term that no passage term equals cannot mark one.
      let ids = fieldTerms.compactMap { table.find($0) }
      guard !ids.isEmpty, start < occurrences.count else { return }
      for index in start..<occurrences.count where ids.contains(occurrences.terms[index]) {
        occurrences.ids[index] |= flag << Occurrences.flagShift
      }
    }
  }

  /// The distinct terms of a title or heading (none for nil).
  func fieldTerms(_ text: String?, _ analyzer: Analyzer) -> [[UInt8]] {
    guard let text else { return [] }
    var seen = Set<[UInt8]>()
    return analyzer.tokens(text).compactMap { token in
      !token.term.isEmpty && seen.insert(token.term).inserted ? token.term : nil
    }
  }

  /// Analyzes the passages of `documents[range]`, numbering them from `firstPassage`.
  func analyze(_ documents: ArraySlice<Document>, firstPassage: UInt32) -> AnalyzedPart {
    let analyzer = Analyzer(options: options)
    var part = AnalyzedPart()
    // About one occurrence per five bytes of text: reserved once, not grown by copying.
    let textBytes = documents.reduce(0) { total, document in
      total + document.passages.reduce(0) { $0 + $1.text.utf8.count }
    }
    part.occurrences.reserve(textBytes / 5 + 1_024)
    part.wordCounts.reserveCapacity(documents.reduce(0) { $0 + $1.passages.count })
    var passageId = firstPassage
    for document in documents {
      let documentStart = part.occurrences.count
      // Passages in a row under one heading share its field terms.
      var runStart = documentStart
      var runHeading: String?
      for passage in document.passages {
        if passage.heading != runHeading {
          part.flag(from: runStart, fieldTerms(runHeading, analyzer), PostingFlags.inHeading)
          runStart = part.occurrences.count
          runHeading = passage.heading
        }
        var text = passage.text
        let counts = text.withUTF8 { bytes in
          analyzer.analyze(
            bytes, firstSlot: 0,
            emit: { token in
              guard !token.term.isEmpty else { return }
              let termId = part.table.id(token.term)
              part.occurrences.append(
                termId, passageId, UInt32(token.startSlot),
                UInt32(token.endSlot - token.startSlot))
            },
            identifier: { part.partPhrases.add(identifier: $0) })
        }
        part.wordCounts.append(UInt32(counts.words))
        passageId &+= 1
      }
      part.flag(from: runStart, fieldTerms(runHeading, analyzer), PostingFlags.inHeading)
      part.flag(from: documentStart, fieldTerms(document.title, analyzer), PostingFlags.inTitle)
    }
    return part
  }

  /// What one thread fills in, read after the threads are joined.
  private final class Box<Value>: @unchecked Sendable {
    var value: Value?
  }

  func buildFiles(
    documents: [Document], impactHeadroom: Double = 1, minimumImpactAverage: Double = 0
  ) throws(IndexBuildError) -> Files {
    let analyzer = Analyzer(options: options)
    let passageTotal = documents.reduce(0) { $0 + $1.passages.count }
    guard passageTotal <= Int(Occurrences.idMask) else { throw .tooLarge(reason: "too many passages") }
    // Two halves by passages, analyzed at once on two threads; the second half's term ids
    // are then mapped into the first half's table. Occurrences stay in passage order.
    var split = 0
    var passagesBefore = 0
    while split < documents.count && passagesBefore * 2 < passageTotal {
      passagesBefore += documents[split].passages.count
      split += 1
    }
    let parts = [Box<AnalyzedPart>(), Box<AnalyzedPart>()]
    let builder = self
    let middle = split
    let firstOfSecond = UInt32(passagesBefore)
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      parts[half].value =
        half == 0
        ? builder.analyze(documents[0..<middle], firstPassage: 0)
        : builder.analyze(documents[middle...], firstPassage: firstOfSecond)
    }
    var table = parts[0].value!.table
    var occurrences = parts[0].value!.occurrences
    var wordCounts = parts[0].value!.wordCounts
    var partPhrases = parts[0].value!.partPhrases
    parts[0].value = nil
    if let second = parts[1].value {
      parts[1].value = nil
      partPhrases.merge(second.partPhrases)
      var remap = [UInt32](repeating: 0, count: second.table.count)
      for id in 0..<second.table.count {
        remap[id] = second.table.term(id).withUnsafeBufferPointer { table.id($0) }
      }
      occurrences.reserve(occurrences.count + second.occurrences.count)
      for index in 0..<second.occurrences.count {
        occurrences.terms.append(remap[Int(second.occurrences.terms[index])])
      }
      occurrences.ids.append(contentsOf: second.occurrences.ids)
      occurrences.packed.append(contentsOf: second.occurrences.packed)
      wordCounts.append(contentsOf: second.wordCounts)
    }
    partPhrases.append(
      to: &occurrences, passageOccurrences: occurrences.count, passageCount: passageTotal, table: &table,
      foldsPlurals: options.foldsPlurals, common: commonWords)
    var store = StoreWriter()
    var headingIds: [UInt32] = []
    headingIds.reserveCapacity(passageTotal)
    for document in documents {
      for passage in document.passages { headingIds.append(store.intern(passage.heading)) }
    }
    var scratch: [UInt8] = []
    // Title and description fields: postings over document indices; heading field: over
    // heading string ids.
    for (documentIndex, document) in documents.enumerated() {
      fieldTokens(document.title, marker: TermSpace.titleMarker, analyzer, &scratch) { term in
        occurrences.append(table.id(term), UInt32(documentIndex), 0, 0)
      }
      if let summary = document.summary {
        fieldTokens(summary, marker: TermSpace.descriptionMarker, analyzer, &scratch) { term in
          occurrences.append(table.id(term), UInt32(documentIndex), 0, 0)
        }
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
    // Lengths as stored (capped), so that a reader's statistics over segments add up to
    // the same totals; the average as a reader computes it (`CollectionStatistics`).
    let totalWords = wordCounts.reduce(0) { $0 + Int(min($1, UInt32(UInt16.max))) }
    let own = wordCounts.isEmpty ? Float(1) : Float(Double(totalWords) / Double(wordCounts.count))
    let ownAverage = own.isFinite && own > 0 ? Double(own) : 1
    // Exactly an f32, as the store records it: a reader compares its average to it.
    let average = Double(Float(max(ownAverage * impactHeadroom, minimumImpactAverage, 1)))
    // The store is written while the postings are prepared, then the postings' runs of
    // terms are encoded at once: two threads throughout (nested concurrent work would run
    // serially).
    let storeOutput = Box<Result<[UInt8], IndexBuildError>>()
    let preparedOutput = Box<PostingsWriter.Prepared>()
    let storedPrefixes = StoredPrefixes.select(table: &table, occurrences: occurrences, passageCount: passageTotal)
    let writer = PostingsWriter(
      table: table, wordCounts: wordCounts, averageWords: average, storedPrefixes: storedPrefixes)
    let finishedOccurrences = occurrences
    let finishedWordCounts = wordCounts
    let finishedHeadingIds = headingIds
    let finishedStore = store
    DispatchQueue.concurrentPerform(iterations: 2) { task in
      if task == 0 {
        var store = finishedStore
        storeOutput.value = Result { () throws(IndexBuildError) in
          try store.write(
            documents: documents, wordCounts: finishedWordCounts, headingIds: finishedHeadingIds,
            impactAverage: Float(average))
        }
      } else {
        preparedOutput.value = writer.prepare(finishedOccurrences)
      }
    }
    let storeBytes = try storeOutput.value!.get()
    let prepared = preparedOutput.value!
    preparedOutput.value = nil
    let runs = (0..<PostingsWriter.partCount).map { _ in Box<PostingsWriter.Part>() }
    DispatchQueue.concurrentPerform(iterations: PostingsWriter.partCount) { run in
      runs[run].value = writer.encode(run: run, of: prepared)
    }
    let encoded = runs.map { $0.value! }
    let written = try writer.assemble(encoded, termCount: table.count)
    return Files(
      terms: written.terms, postings: written.postings, store: storeBytes, passageCount: passageTotal,
      termCount: table.count, postingCount: encoded.reduce(0) { $0 + $1.postingCount }, totalWords: totalWords)
  }

  /// Distinct terms of a title or heading, each prefixed with the field's marker.
  private func fieldTokens(
    _ text: String, marker: UInt8, _ analyzer: Analyzer, _ scratch: inout [UInt8],
    _ body: ([UInt8]) -> Void
  ) {
    for term in fieldTerms(text, analyzer) {
      scratch = [marker] + term
      body(scratch)
    }
  }
}

/// Term occurrences as parallel arrays, in the order the analyzer produced them. Slot and
/// span share one word: `slot << 8 | span`.
struct Occurrences {
  /// Slots past this in one passage are not indexed (a passage of 16 million words).
  static let maximumSlot: UInt32 = 1 << 24 - 1
  /// A passage id takes the low 30 bits of an occurrence's id; `PostingFlags` the top two
  /// (field occurrences, which number documents or headings, carry none).
  static let flagShift: UInt32 = 30
  static let idMask: UInt32 = 1 << 30 - 1
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
