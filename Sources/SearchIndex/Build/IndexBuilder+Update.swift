import DocumentModel
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension IndexBuilder {
  /// Brings `previous` (an open generation of `indexDirectory`) up to date with a change of
  /// the corpus: `documents` added or changed, `removed` ids gone. Writes one segment of
  /// `documents` only, marks the documents they replace (and the removed ones) deleted in
  /// the segments that hold them, and reuses every other segment's files by name; then
  /// `policy` may fold the tail, or everything, into one segment, reading the documents it
  /// needs through `documentsOf` (ids in index order; the documents in that order).
  public func update(
    _ previous: SearchIndex, adding documents: [Document], removing removed: Set<String>,
    skipped: [SkippedDocument] = [], corpusFingerprint: String, sourceStamps: [String: String]? = nil,
    policy: MergePolicy = .standard, into indexDirectory: URL, within root: URL? = nil,
    documentsOf: ([String]) throws(IndexBuildError) -> [Document]
  ) throws(IndexBuildError) -> IndexBuildSummary {
    let root = root ?? indexDirectory.deletingLastPathComponent()
    let replaced = removed.union(documents.map(\.id))
    // Each kept segment with its deletions, and the ids of its live documents in order.
    var kept: [IndexManifest.Segment] = []
    var liveIds: [[String]] = []
    for (ordinal, segment) in previous.segments.enumerated() {
      var entry = previous.manifest.segments[ordinal]
      var deleted = segment.deletedDocuments
      var ids: [String] = []
      var livePassages = 0
      for local in 0..<segment.documentCount where !deleted.contains(local) {
        let document = segment.document(local)
        if replaced.contains(document.id) {
          deleted.insert(local)
        } else {
          ids.append(document.id)
          livePassages += document.passageCount
        }
      }
      try previous.throwIfDamagedForUpdate()
      entry.deleted = deleted.sorted()
      entry.livePassages = livePassages
      kept.append(entry)
      liveIds.append(ids)
    }
    let newPassages = documents.reduce(0) { $0 + $1.passages.count }
    let base = kept[0]
    let baseImpactAverage = previous.segments[0].store.averageWords
    let decision = policy.decide(
      baseDocuments: base.documents, baseDeleted: base.deleted.count, baseLivePassages: base.livePassages ?? 0,
      tailLivePassages: kept.dropFirst().reduce(0) { $0 + ($1.livePassages ?? 0) },
      segmentCount: kept.count, newPassages: newPassages,
      averageExceedsBase: averageAfter(previous, kept, documents) > baseImpactAverage)
    if decision == .rebuild {
      let all = try documentsOf(liveIds.flatMap { $0 }) + documents
      return try build(
        documents: all, skipped: skipped, corpusFingerprint: corpusFingerprint, sourceStamps: sourceStamps,
        into: indexDirectory, within: root)
    }
    let claim = try makeStaging(in: indexDirectory, within: root)
    defer { claim.end() }
    let staging = claim.url
    do throws(IndexBuildError) {
      var segments = kept
      var newDocuments = documents
      if decision == .mergeTail {
        newDocuments = try documentsOf(liveIds.dropFirst().flatMap { $0 }) + documents
        segments = [kept[0]]
      }
      // Dropped segments with nothing live (every document replaced) need not be read.
      segments = segments.enumerated().filter { $0.offset == 0 || $0.element.documents > $0.element.deleted.count }
        .map(\.element)
      var written: WrittenSegment?
      if !newDocuments.isEmpty {
        // Bounds of a small segment stay safe while the average grows a good deal.
        let segment = try writeSegment(
          newDocuments, impactHeadroom: Self.updateHeadroom, minimumImpactAverage: baseImpactAverage,
          into: staging, within: root)
        segments.append(segment.entry)
        written = segment
      }
      return try publish(
        segments: segments, newSegments: written.map { [$0.entry.name] } ?? [],
        reused: segments.map(\.name).filter { $0 != written?.entry.name }, written: written, skipped: skipped,
        corpusFingerprint: corpusFingerprint, sourceStamps: sourceStamps, staging: staging,
        into: indexDirectory, within: root)
    } catch {
      try? OwnedFile.removeTree(staging, within: root)
      throw error
    }
  }

  /// Impacts of an update's segment: its own average times this (and at least the base's).
  static let updateHeadroom = 1.5

  /// The live average length once `documents` are added to `kept` (as the reader computes it).
  private func averageAfter(_ previous: SearchIndex, _ kept: [IndexManifest.Segment], _ documents: [Document]) -> Double
  {
    var passages = 0
    var words = 0
    for (ordinal, entry) in kept.enumerated() {
      let segment = previous.segments[ordinal]
      passages += entry.livePassages ?? 0
      words += entry.totalWords
      for document in entry.deleted {
        let first = Int(segment.store.documentField(document, 5))
        let count = Int(segment.store.documentField(document, 6))
        guard first + count <= segment.passageCount else { continue }
        for passage in first..<(first + count) { words -= segment.store.wordCount(passage) }
      }
    }
    let analyzer = Analyzer(options: options)
    for document in documents {
      for passage in document.passages {
        var text = passage.text
        let counts = text.withUTF8 { analyzer.analyze($0, firstSlot: 0) { _ in } }
        words += min(counts.words, Int(UInt16.max))
        passages += 1
      }
    }
    return CollectionStatistics(parts: [], passageCount: passages, totalWords: max(0, words)).averageWords
  }
}

extension SearchIndex {
  /// Damage found while an update read the generation: it must rebuild instead.
  func throwIfDamagedForUpdate() throws(IndexBuildError) {
    do { try throwIfDamaged() } catch { throw .io(path: generation.path, reason: "\(error)") }
  }

  /// The stamps the build was given for its documents (`IndexBuilder.build`'s
  /// `sourceStamps`); nil when it had none or they cannot be read.
  public func sourceStamps() -> [String: String]? {
    let root = generation.deletingLastPathComponent().deletingLastPathComponent()
    guard
      let data = try? OwnedFile.read(
        generation.appendingPathComponent(IndexManifest.stampsFileName), within: root, limit: 64 << 20)
    else { return nil }
    return try? JSONDecoder().decode([String: String].self, from: data)
  }
}
