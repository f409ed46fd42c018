import Citations
import Corpus
import DocumentModel
import SearchIndex

/// What `duo-kb check` found: the index checked whole, the corpus read whole, and how
/// the two agree.
public struct CheckReport: Codable, Sendable, Equatable {
  public var index: IndexCheck.Report
  /// Corpus documents read, and those that could not be.
  public var corpusDocuments: Int
  public var unreadableDocuments: Int
  /// Every problem, the index's first; empty when all is well.
  public var findings: [CheckFinding]

  public var isClean: Bool { findings.isEmpty }
}

extension KnowledgeBase {
  /// Checks the index and the corpus whole: every index file's checksums and structure
  /// (`IndexCheck`), that each document decodes and matches the content hash it carries,
  /// that the index was built from this corpus (its fingerprint), and, when it was, that
  /// it holds every document with exactly its passage texts (which also finds a document
  /// edited in place, which the fingerprint does not see). Throws only when the corpus
  /// cannot be listed at all; a refresh calls this after it rebuilt the index.
  public func check() throws(CitationsError) -> CheckReport {
    let (indexReport, index) = IndexCheck.check(indexDirectory: indexDirectory)
    var findings = indexReport.findings
    let documents: [Document]
    let unreadable: [CorpusStore.UnreadableDocument]
    do { (documents, unreadable) = try corpus.readReadable() } catch { throw .corpus(error) }
    for document in unreadable {
      findings.append(CheckFinding(subject: document.id, kind: .unreadable, detail: document.error.description))
    }
    findings += Self.contentHashFindings(documents)
    let unreadableIDs = Set(unreadable.map(\.id))
    for skipped in indexReport.skipped where !unreadableIDs.contains(skipped.id) {
      findings.append(CheckFinding(subject: skipped.id, kind: .leftOut, detail: skipped.reason))
    }
    if let built = indexReport.corpusFingerprint {
      if !corpus.matchesFingerprint(built) {
        findings.append(
          CheckFinding(
            subject: "Index", kind: .stale,
            detail: "built from an older state of the corpus; 'duo-kb index' rebuilds it"))
      } else if let index {
        findings += Self.compare(index, with: documents, skipped: indexReport.skipped, unreadable: unreadable)
      }
    }
    return CheckReport(
      index: indexReport, corpusDocuments: documents.count, unreadableDocuments: unreadable.count,
      findings: findings)
  }

  /// The check a refresh runs after it updated the index: `check()` narrowed to what the
  /// update wrote. The segments the generation before did not have are checked whole (files,
  /// structure, every passage text), and so are the documents they hold against the corpus;
  /// every other corpus document is listed, not read, and must be in the index (older
  /// segments were checked when they were written). Falls back to `check()` when there is
  /// no earlier generation to compare with or every segment is new (a rebuild).
  public func checkLatestUpdate() throws(CitationsError) -> CheckReport {
    guard let fresh = SearchIndex.segmentsNewInCurrentGeneration(of: indexDirectory),
      let opened = try? SearchIndex.open(at: indexDirectory, verification: .structure),
      fresh.count < opened.segmentCount
    else { return try check() }
    let (indexReport, index) = IndexCheck.check(indexDirectory: indexDirectory, onlySegments: fresh)
    var findings = indexReport.findings
    let files: [CorpusStore.DocumentFile]
    do { files = try corpus.documentFiles() } catch { throw .corpus(error) }
    guard let index else {
      return CheckReport(index: indexReport, corpusDocuments: files.count, unreadableDocuments: 0, findings: findings)
    }
    let written = Set(index.liveDocuments(inSegments: fresh).map { index.document($0).id })
    var documents: [Document] = []
    var unreadable: [CorpusStore.UnreadableDocument] = []
    for file in files where written.contains(file.id) {
      do throws(CorpusError) {
        if let document = try corpus.read(id: file.id) { documents.append(document) }
      } catch {
        unreadable.append(CorpusStore.UnreadableDocument(id: file.id, error: error))
      }
    }
    for document in unreadable {
      findings.append(CheckFinding(subject: document.id, kind: .unreadable, detail: document.error.description))
    }
    findings += Self.contentHashFindings(documents)
    if let built = indexReport.corpusFingerprint, !corpus.matchesFingerprint(built) {
      findings.append(
        CheckFinding(
          subject: "Index", kind: .stale, detail: "built from an older state of the corpus; 'duo-kb index' rebuilds it")
      )
    } else {
      findings += Self.compare(
        index, with: documents, skipped: indexReport.skipped, unreadable: unreadable,
        listed: Set(files.map(\.id)), readOnly: written)
    }
    return CheckReport(
      index: indexReport, corpusDocuments: files.count, unreadableDocuments: unreadable.count, findings: findings)
  }

  /// Documents whose passages and cues no longer give the content hash they record.
  static func contentHashFindings(_ documents: [Document]) -> [CheckFinding] {
    documents.compactMap { document in
      guard let recorded = document.fetch?.contentHash, recorded != ContentHash.of(document) else { return nil }
      return CheckFinding(
        subject: document.id, kind: .damaged,
        detail: "its passages and cues do not match the content hash it records (damaged, or edited by hand)")
    }
  }

  /// Where the index and the corpus disagree: documents on one side only, and documents
  /// whose passages differ (the first differing passage of each).
  /// `listed` and `readOnly` narrow it (`checkLatestUpdate`): `documents` are then those of
  /// `readOnly`, and the others of `listed` (the corpus's files) need only be in the index.
  static func compare(
    _ index: SearchIndex, with documents: [Document], skipped: [SkippedDocument],
    unreadable: [CorpusStore.UnreadableDocument], listed: Set<String>? = nil, readOnly: Set<String>? = nil
  ) -> [CheckFinding] {
    var findings: [CheckFinding] = []
    var indexed: [String: Int] = [:]
    for number in 0..<index.documentCount { indexed[index.document(number).id] = number }
    let absent = Set(skipped.map(\.id)).union(unreadable.map(\.id))
    for document in documents {
      guard let number = indexed.removeValue(forKey: document.id) else {
        findings.append(
          CheckFinding(subject: document.id, kind: .mismatch, detail: "in the corpus but not in the index"))
        continue
      }
      let stored = index.document(number)
      guard stored.passageCount == document.passages.count else {
        findings.append(
          CheckFinding(
            subject: document.id, kind: .mismatch,
            detail: "\(document.passages.count) passages in the corpus, \(stored.passageCount) in the index"))
        continue
      }
      for (position, passage) in document.passages.enumerated()
      where index.passage(doc: number, passage: position).text != passage.text {
        findings.append(
          CheckFinding(
            subject: document.id, kind: .mismatch,
            detail: "passage \(position) differs between the corpus and the index"))
        break
      }
    }
    if let listed, let readOnly {
      for id in listed.subtracting(readOnly).sorted() where !absent.contains(id) {
        if indexed.removeValue(forKey: id) == nil {
          findings.append(CheckFinding(subject: id, kind: .mismatch, detail: "in the corpus but not in the index"))
        }
      }
    }
    for id in indexed.keys.sorted() where !absent.contains(id) {
      findings.append(CheckFinding(subject: id, kind: .mismatch, detail: "in the index but not in the corpus"))
    }
    return findings
  }
}
