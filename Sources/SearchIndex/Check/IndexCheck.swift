import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A full check of the current index generation: `CURRENT`, the manifest, and for every
/// file its size, header and the CRC-32 of every byte (against its own trailer and the
/// manifest), then the structure (`.full` open) and every passage text against its own
/// CRC-32. Reads the whole index once; never throws: what it finds is in the report.
public enum IndexCheck {
  /// One index file as checked.
  public struct CheckedFile: Codable, Sendable, Equatable {
    public var name: String
    public var bytes: Int
    /// The CRC-32 its trailer records, hex (nil when the file could not be read).
    public var crc32: String?
    public var isIntact: Bool
  }

  public struct Report: Codable, Sendable, Equatable {
    /// The generation `CURRENT` names (nil when there is none).
    public var generation: String?
    public var files: [CheckedFile] = []
    public var documents = 0
    public var passages = 0
    /// The corpus fingerprint the index was built from.
    public var corpusFingerprint: String?
    /// Documents the build left out (from the manifest).
    public var skipped: [SkippedDocument] = []
    public var findings: [CheckFinding] = []
  }

  /// Damaged passages reported one by one before the rest are counted.
  static let listedPassages = 20
  static let fileKinds = [("terms.dki", "TERM"), ("postings.dki", "POST"), ("store.dki", "STOR")]

  /// Checks the index in `indexDirectory`; the opened index too when it checks out whole.
  /// `onlySegments`: check the files and passages of these segments alone (those a build
  /// just wrote: the others were checked when they were written), the rest opened with
  /// `.structure` verification.
  public static func check(
    indexDirectory: URL, onlySegments: Set<String>? = nil
  ) -> (report: Report, index: SearchIndex?) {
    var report = Report()
    let generation: URL
    do {
      generation = try IndexDirectory.currentGeneration(in: indexDirectory)
    } catch {
      let kind: CheckFinding.Kind = if case .unreadable = error { .missing } else { .damaged }
      report.findings.append(CheckFinding(subject: IndexDirectory.pointerName, kind: kind, detail: "\(error)"))
      return (report, nil)
    }
    report.generation = generation.lastPathComponent
    let root = generation.deletingLastPathComponent().deletingLastPathComponent()
    guard let manifest = readManifest(generation, within: root, into: &report) else { return (report, nil) }
    report.documents = manifest.documents
    report.passages = manifest.passages
    report.corpusFingerprint = manifest.corpusFingerprint
    report.skipped = manifest.skipped ?? []
    for segment in manifest.segments {
      guard IndexManifest.isSegmentName(segment.name) else {
        report.findings.append(
          CheckFinding(subject: IndexManifest.fileName, kind: .damaged, detail: "segment name \(segment.name)"))
        return (report, nil)
      }
      if let onlySegments, !onlySegments.contains(segment.name) { continue }
      let folder = IndexDirectory.segmentDirectory(segment.name, in: generation.deletingLastPathComponent())
      for (name, kind) in fileKinds {
        report.files.append(
          checkFile(name, kind: kind, in: folder, within: root, segment: segment, into: &report))
      }
    }
    guard report.findings.isEmpty else { return (report, nil) }
    let index: SearchIndex
    do {
      index = try SearchIndex(generation: generation, verification: onlySegments == nil ? .full : .structure)
    } catch {
      report.findings.append(CheckFinding(subject: Self.subject(of: error), kind: .damaged, detail: "\(error)"))
      return (report, nil)
    }
    for segment in index.segments where onlySegments?.contains(segment.name) ?? true {
      if onlySegments != nil {
        // What a `.full` open checks of every segment.
        do throws(IndexFormatError) {
          try segment.store.checkTables()
        } catch {
          report.findings.append(CheckFinding(subject: Self.subject(of: error), kind: .damaged, detail: "\(error)"))
        }
      }
      checkPassages(segment, into: &report)
    }
    return (report, report.findings.isEmpty ? index : nil)
  }

  static func readManifest(_ generation: URL, within root: URL, into report: inout Report) -> IndexManifest? {
    let name = IndexManifest.fileName
    let data: Data?
    do {
      data = try OwnedFile.read(generation.appendingPathComponent(name), within: root, limit: 16 << 20)
    } catch {
      report.findings.append(CheckFinding(subject: name, kind: .unreadable, detail: error.description))
      return nil
    }
    guard let data else {
      report.findings.append(
        CheckFinding(subject: name, kind: .missing, detail: "not in \(generation.lastPathComponent)"))
      return nil
    }
    switch IndexManifest.read(data) {
    case .manifest(let manifest): return manifest
    case .version(let found):
      report.findings.append(
        CheckFinding(
          subject: name, kind: .damaged, detail: "index format \(found); this build reads format \(IndexFile.version)"))
    case .notAManifest:
      report.findings.append(CheckFinding(subject: name, kind: .damaged, detail: "not an index manifest"))
    }
    return nil
  }

  /// Size, header and checksums of one file; what is wrong goes into `report`.
  static func checkFile(
    _ fileName: String, kind: String, in folder: URL, within root: URL, segment: IndexManifest.Segment,
    into report: inout Report
  ) -> CheckedFile {
    let name = fileName
    let file: MappedFile
    do {
      file = try MappedFile(url: folder.appendingPathComponent(fileName), within: root, name: name)
    } catch {
      report.findings.append(CheckFinding(subject: name, kind: .unreadable, detail: "\(error)"))
      return CheckedFile(name: name, bytes: 0, crc32: nil, isIntact: false)
    }
    defer { file.releasePages() }
    let bytes = file.bytes
    var problems: [String] = []
    if let expected = segment.files[fileName], expected.bytes != bytes.count {
      problems.append("\(bytes.count) bytes, the manifest says \(expected.bytes)")
    }
    var stored: UInt32?
    if bytes.count < IndexFile.headerLength + IndexFile.trailerLength {
      problems.append("truncated: \(bytes.count) bytes")
    } else {
      let reader = ByteReader(bytes, file: name)
      if !bytes[0..<8].elementsEqual(IndexFile.magic) { problems.append("not an index file (bad magic)") }
      if !bytes[8..<12].elementsEqual(kind.utf8) { problems.append("wrong file kind (expected \(kind))") }
      if reader.u32(at: 12) != IndexFile.version {
        problems.append("format \(reader.u32(at: 12)), expected \(IndexFile.version)")
      }
      let trailer = reader.u32(at: bytes.count - 4)
      stored = trailer
      let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 4)]))
      let damagedChunks = Self.damagedChunks(file)
      let chunkNote = damagedChunks.map { " (\($0.damaged) of its \($0.count) chunks differ from their checksums)" }
      if computed != trailer {
        problems.append(
          "checksum mismatch: the file records \(hex(trailer)), its bytes give \(hex(computed))\(chunkNote ?? "")")
      } else if let damagedChunks, damagedChunks.damaged > 0 {
        problems.append("\(damagedChunks.damaged) of its \(damagedChunks.count) chunks differ from their checksums")
      } else if damagedChunks == nil {
        problems.append("the sizes in its header do not add up to its size")
      }
      if let expected = segment.files[fileName]?.crc32, expected != trailer {
        problems.append("the manifest records checksum \(hex(expected)), the file \(hex(trailer))")
      }
    }
    if segment.files[fileName] == nil { problems.append("not listed in the manifest") }
    for problem in problems { report.findings.append(CheckFinding(subject: name, kind: .damaged, detail: problem)) }
    return CheckedFile(name: name, bytes: bytes.count, crc32: stored.map(hex), isIntact: problems.isEmpty)
  }

  /// How many chunks of `file` do not match their checksums, of how many; nil when its
  /// header's sizes do not describe the file.
  static func damagedChunks(_ file: MappedFile) -> (damaged: Int, count: Int)? {
    guard let layout = IndexFile.Layout(ByteReader(file.bytes, file: file.name)) else { return nil }
    let chunks = ChunkChecksums(file: file, layout: layout, damage: IndexDamage())
    return (chunks.verifyAll(), layout.chunkCount)
  }

  /// Every passage text against the CRC-32 in its passage record.
  static func checkPassages(_ index: IndexSegment, into report: inout Report) {
    var damaged = 0
    for passage in 0..<index.store.passageCount {
      do throws(IndexFormatError) {
        _ = try index.store.verifiedEntry(passage)
      } catch {
        damaged += 1
        guard damaged <= listedPassages else { continue }
        let (doc, number) = index.location(ofPassage: passage)
        report.findings.append(
          CheckFinding(
            subject: "store.dki", kind: .damaged,
            detail: "passage \(number) of \(index.document(doc).id): \(error)"))
      }
    }
    if damaged > listedPassages {
      report.findings.append(
        CheckFinding(
          subject: "store.dki", kind: .damaged, detail: "\(damaged - listedPassages) more damaged passages"))
    }
    index.store.file.releasePages()
  }

  static func subject(of error: IndexFormatError) -> String {
    switch error {
    case .unreadable(let file, _), .corrupt(let file, _), .unsupportedVersion(let file, _, _): file
    }
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
