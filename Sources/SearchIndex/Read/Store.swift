/// The document and passage tables, strings and passage entries of `store.dki`.
///
/// Nothing is read at open but the header: every table is fixed-width and addressed by id,
/// read from the map (the records and entries of hits and the headings of ranked
/// candidates with `pread`, so that they map no large folio of the file), and each read is
/// checked against the file's chunk checksums first, so a damaged table reads as absent
/// (`StoreWriter.none`, nil) and is reported to the index's damage, never as other data.
/// Word counts, read for every candidate of every query, are the exception: ranking data
/// like the postings, bounds-checked but checked against their checksums only by
/// `duo-kb check` (or a small index's whole-file check at open).
struct Store: Sendable {
  static let documentRecordLength = 36
  static let passageRecordLength = 24
  static let attributeRecordLength = 20
  static let headerLength = 36
  /// A passage has at most this many cue starts read (a damaged table cannot make more).
  static let maximumCueStarts = 4_096

  /// A table of the store and where it lies in the file.
  struct Table: Sendable {
    let reader: ByteReader
    let fileOffset: Int
    var count: Int { reader.count }
  }

  let documentCount: Int
  let passageCount: Int
  let averageWords: Double
  let documents: Table
  let passages: Table
  let attributes: Table
  let attributeCount: Int
  let wordCounts: WordCounts
  let stringOffsets: Table
  let stringCount: Int
  let strings: Table
  /// Each passage's text and then its cue starts, in passage order.
  let entries: Table
  let file: MappedFile
  let chunks: ChunkChecksums

  init(_ frame: IndexFile.Frame, file: MappedFile) throws(IndexFormatError) {
    self.file = file
    let body = frame.body
    chunks = frame.chunks
    try body.require(body.count >= Self.headerLength, "store header truncated")
    documentCount = Int(body.u32(at: 0))
    passageCount = Int(body.u32(at: 4))
    stringCount = Int(body.u32(at: 8))
    let stringBytes = Int(body.u32(at: 12))
    let entryBytes = Int(clamping: body.u64(at: 16))
    let average = Double(body.f32(at: 24))
    averageWords = average.isFinite && average > 0 ? average : 1
    attributeCount = Int(body.u32(at: 28))
    let longWordCounts = Int(body.u32(at: 32))
    var offset = Self.headerLength
    // Counts are u32, so no size below overflows; `slice` bounds each by the body.
    func table(_ length: Int, _ what: String) throws(IndexFormatError) -> Table {
      let table = Table(reader: try body.slice(offset, length, what), fileOffset: IndexFile.headerLength + offset)
      offset += length
      return table
    }
    documents = try table(documentCount * Self.documentRecordLength, "document table")
    attributes = try table(attributeCount * Self.attributeRecordLength, "passage attributes")
    passages = try table(passageCount * Self.passageRecordLength, "passage table")
    wordCounts = WordCounts(
      short: try table(passageCount, "word counts").reader,
      long: try table(longWordCounts * WordCounts.longRecordLength, "long word counts").reader,
      longCount: longWordCounts)
    stringOffsets = try table((stringCount + 1) * 4, "string offsets")
    strings = try table(stringBytes, "strings")
    entries = try table(entryBytes, "passage entries")
    try body.require(offset == body.count, "store has trailing bytes")
  }

  /// Whether the tables that the open does not read are as this build writes them: the
  /// documents cover the passages in order, and the long word counts are those of the
  /// marked passages. Checked by `verify()` and `duo-kb check` (it reads the document and
  /// word count tables whole); lookups stay in bounds without it.
  func checkTables() throws(IndexFormatError) {
    try checkDocumentsCoverPassages()
    try wordCounts.check(file: file.name)
  }

  /// Whether documents cover the passages in order, as every lookup relies on.
  private func checkDocumentsCoverPassages() throws(IndexFormatError) {
    var expected = 0
    for index in 0..<documentCount {
      let first = Int(documentField(index, 5))
      let count = Int(documentField(index, 6))
      guard first == expected else {
        throw .corrupt(file: file.name, reason: "document \(index) does not start at passage \(expected)")
      }
      expected += count
    }
    guard expected == passageCount else {
      throw .corrupt(file: file.name, reason: "documents cover \(expected) of \(passageCount) passages")
    }
  }

  /// The big-endian u32 at `offset` of `table`, or `StoreWriter.none` when out of bounds or
  /// damaged.
  @inline(__always)
  func u32(_ table: Table, _ offset: Int) -> UInt32 {
    guard offset >= 0, offset + 4 <= table.count, chunks.verify(table.fileOffset + offset, 4) else {
      return StoreWriter.none
    }
    return table.reader.u32(at: offset)
  }

  @inline(__always)
  func u8(_ table: Table, _ offset: Int) -> UInt8? {
    guard offset >= 0, offset < table.count, chunks.verify(table.fileOffset + offset, 1) else { return nil }
    return table.reader.u8(at: offset)
  }

  /// String `id`; nil for `StoreWriter.none`, out of range or damaged.
  func string(_ id: UInt32) -> String? {
    guard id != StoreWriter.none, Int(id) < stringCount else { return nil }
    let start = u32(stringOffsets, Int(id) * 4)
    let end = u32(stringOffsets, Int(id) * 4 + 4)
    guard start != StoreWriter.none, end != StoreWriter.none, start <= end, Int(end) <= strings.count,
      chunks.verify(strings.fileOffset + Int(start), Int(end - start))
    else { return nil }
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: strings.reader.bytes[Int(start)..<Int(end)]), as: UTF8.self)
  }

  @inline(__always)
  func wordCount(_ passage: Int) -> Int { wordCounts.count(passage) }

  /// `wordCount(passage)` from the byte a postings block keeps of it: the table is read
  /// only for a count it sends there (255).
  @inline(__always)
  func wordCount(_ passage: Int, stored byte: UInt8) -> Int { wordCounts.count(passage, stored: byte) }

  /// Field of a passage: 0 document, 3 start ms, 4 end ms, 5 anchor, 6 heading, 7 speaker
  /// (string ids; `StoreWriter.none` when absent or damaged).
  @inline(__always)
  func passageField(_ passage: Int, _ field: Int) -> UInt32 {
    let record = passage * Self.passageRecordLength
    switch field {
    case 3: return u32(passages, record + 4)
    case 4: return u32(passages, record + 8)
    default: return attributeField(Int(u32(passages, record + 12)), field)
    }
  }

  /// 0 speech, 1 text, 2 code; nil when damaged.
  func passageKind(_ passage: Int) -> UInt8? {
    attributeKind(Int(u32(passages, passage * Self.passageRecordLength + 12)))
  }

  @inline(__always)
  func documentField(_ document: Int, _ field: Int) -> UInt32 {
    u32(documents, document * Self.documentRecordLength + field * 4)
  }

  func documentKind(_ document: Int) -> UInt8? {
    u8(documents, document * Self.documentRecordLength + 28)
  }

  /// A documentation page's flags (bit 0 deprecated, bit 1 beta); 0 for others.
  func documentFlags(_ document: Int) -> UInt8 {
    u8(documents, document * Self.documentRecordLength + 29) ?? 0
  }

  /// A documentation page's platforms, one bit each (`PlatformAvailability.indexedPlatforms`).
  func documentPlatforms(_ document: Int) -> UInt16 {
    let high = u8(documents, document * Self.documentRecordLength + 30) ?? 0
    let low = u8(documents, document * Self.documentRecordLength + 31) ?? 0
    return UInt16(high) << 8 | UInt16(low)
  }

  /// Whether document `index`'s record is in range and intact.
  func hasIntactDocument(_ index: Int) -> Bool {
    index >= 0 && index < documentCount
      && chunks.verify(documents.fileOffset + index * Self.documentRecordLength, Self.documentRecordLength)
  }

  /// A passage record read with `pread`: where its entry lies and how much of it is text,
  /// start and end ms, attribute id.
  struct PassageRecord {
    var entryOffset: Int
    var entryLength: Int
    var textLength: Int
    var startMilliseconds: UInt32
    var endMilliseconds: UInt32
    var attribute: Int
    /// CRC-32 of the passage's entry: its text bytes and its cue starts.
    var entryChecksum: UInt32
    /// False when the record is out of range, does not match its chunk checksum, or places
    /// its entry outside the entries.
    var isIntact: Bool
  }

  func record(_ passage: Int) -> PassageRecord {
    // This record and the next one's entry offset, where this entry ends (an id out of
    // range reads nothing, its offset not even computed: it could overflow).
    let inRange = passage >= 0 && passage < passageCount
    let offset = inRange ? passage * Self.passageRecordLength : 0
    let length = inRange && passage + 1 < passageCount ? Self.passageRecordLength + 4 : Self.passageRecordLength
    // Read into a buffer of the stack: a hit costs no allocation for its record.
    return withUnsafeTemporaryAllocation(byteCount: Self.passageRecordLength + 4, alignment: 4) { buffer in
      let bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<length])
      let read = inRange && chunks.read(passages.fileOffset + offset, into: bytes)
      func u32(_ at: Int) -> UInt32 {
        read && at + 4 <= bytes.count ? UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) : 0
      }
      let start = Int(u32(0))
      let end = length > Self.passageRecordLength ? Int(u32(Self.passageRecordLength)) : entries.count
      let textLength = Int(u32(20))
      let isIntact = read && start <= end && end <= entries.count && textLength <= end - start
      return PassageRecord(
        entryOffset: start, entryLength: isIntact ? end - start : 0, textLength: isIntact ? textLength : 0,
        startMilliseconds: isIntact ? u32(4) : StoreWriter.none,
        endMilliseconds: isIntact ? u32(8) : StoreWriter.none,
        attribute: isIntact ? Int(u32(12)) : attributeCount, entryChecksum: u32(16), isIntact: isIntact)
    }
  }

  /// A passage's text and where each further cue's words begin in it.
  struct PassageEntry {
    var text: [UInt8]
    /// UTF-8 offsets into `text` (increasing) and the starts of the cues beginning there.
    var cueStarts: [(utf8Offset: Int, startMilliseconds: Int)]
  }

  /// A passage's entry, read with one `pread` and checked against the CRC-32 of its record:
  /// `.corrupt` rather than a damaged quote or time.
  func verifiedEntry(_ passage: Int) throws(IndexFormatError) -> PassageEntry {
    guard passage >= 0, passage < passageCount else {
      throw .corrupt(file: file.name, reason: "passage \(passage) out of range (\(passageCount) passages)")
    }
    return try verifiedEntry(passage, record: record(passage))
  }

  func verifiedEntry(_ passage: Int, record: PassageRecord) throws(IndexFormatError) -> PassageEntry {
    guard record.isIntact else {
      throw .corrupt(file: file.name, reason: "the record of passage \(passage) does not match its checksum")
    }
    var bytes = file.read(at: entries.fileOffset + record.entryOffset, count: record.entryLength)
    let computed = bytes.withUnsafeBytes { CRC32.checksum($0) }
    guard bytes.count == record.entryLength, computed == record.entryChecksum else {
      throw .corrupt(file: file.name, reason: "text or cue starts of passage \(passage) do not match their checksum")
    }
    let cueStarts = bytes.withUnsafeBytes { raw in
      Self.cueStarts(ByteReader(UnsafeRawBufferPointer(rebasing: raw[record.textLength...]), file: file.name))
    }
    // The text is what stays of the bytes read (no copy).
    bytes.removeSubrange(record.textLength...)
    return PassageEntry(text: bytes, cueStarts: cueStarts)
  }

  /// The pairs of varints after an entry's text: each the gap from the previous UTF-8
  /// offset and a cue's start (at most `maximumCueStarts`).
  private static func cueStarts(_ reader: ByteReader) -> [(utf8Offset: Int, startMilliseconds: Int)] {
    var result: [(utf8Offset: Int, startMilliseconds: Int)] = []
    var offset = 0
    var utf8Offset = 0
    while offset < reader.count, result.count < maximumCueStarts {
      utf8Offset += Int(reader.varint(&offset))
      let milliseconds = reader.varint(&offset)
      guard milliseconds != StoreWriter.none else { continue }
      result.append((utf8Offset, Int(milliseconds)))
    }
    return result
  }

  /// The heading (string id, `StoreWriter.none` when absent or damaged) of each of
  /// `passages` (ascending). Records are read with `pread`, one read for each run of
  /// passages close together (candidates come in runs of neighbours), never from the map.
  func headings(of passages: [UInt32]) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(passages.count)
    var index = 0
    while index < passages.count {
      // A run: passages whose records lie at most `runGap` records apart.
      var end = index + 1
      while end < passages.count && passages[end] >= passages[end - 1]
        && passages[end] - passages[end - 1] <= Self.runGap
      {
        end += 1
      }
      let first = Int(passages[index])
      let last = Int(passages[end - 1])
      let records =
        first < passageCount && last < passageCount
        ? chunks.read(
          self.passages.fileOffset + first * Self.passageRecordLength,
          (last - first + 1) * Self.passageRecordLength) : nil
      guard let records else {
        result += repeatElement(StoreWriter.none, count: end - index)
        index = end
        continue
      }
      records.withUnsafeBytes { raw in
        let reader = ByteReader(raw, file: file.name)
        for position in index..<end {
          let attribute = reader.u32(at: (Int(passages[position]) - first) * Self.passageRecordLength + 12)
          result.append(attributeField(Int(attribute), 6))
        }
      }
      index = end
    }
    return result
  }

  /// Passages at most this many apart are read in one run by `headings(of:)` (the
  /// records between are read too: 32 records are 640 bytes, less than a read costs).
  private static let runGap: UInt32 = 32

  /// Field of an attribute record: 0 document, 5 anchor, 6 heading, 7 speaker.
  func attributeField(_ attribute: Int, _ field: Int) -> UInt32 {
    guard attribute >= 0, attribute < attributeCount else { return StoreWriter.none }
    return u32(attributes, attribute * Self.attributeRecordLength + (field == 0 ? 0 : (field - 4) * 4))
  }

  func attributeKind(_ attribute: Int) -> UInt8? {
    guard attribute >= 0, attribute < attributeCount else { return nil }
    return u8(attributes, attribute * Self.attributeRecordLength + 16)
  }

  /// The document whose passages include `passage`.
  ///
  /// Read from the passage's own records: its record (with `pread`) names its attribute
  /// record, which names its document, taken when that document's range holds the
  /// passage. Three records, whatever the corpus's size, where a binary search over the
  /// documents' first passages checks a new chunk of the table at nearly every step (at
  /// 30,000 talks the table is 1 MB: 170 chunks checked for the candidates of one rare
  /// word). The binary search remains for what the records do not settle: a passage out
  /// of range, a damaged record, or a document that does not hold it.
  func document(ofPassage passage: Int) -> Int {
    if passage >= 0, passage < passageCount {
      let named = Int(attributeField(record(passage).attribute, 0))
      if named < documentCount, documentHolds(named, passage) { return named }
    }
    return searchDocument(ofPassage: passage)
  }

  /// Whether document `document`'s passages (intact fields) include `passage`.
  private func documentHolds(_ document: Int, _ passage: Int) -> Bool {
    let first = documentField(document, 5)
    let count = documentField(document, 6)
    guard first != StoreWriter.none, count != StoreWriter.none else { return false }
    return passage >= Int(first) && passage - Int(first) < Int(count)
  }

  /// `document(ofPassage:)` by binary search over first passages (a damaged first passage
  /// reads as none, past every passage).
  func searchDocument(ofPassage passage: Int) -> Int {
    var low = 0
    var high = documentCount
    while low + 1 < high {
      let middle = (low + high) / 2
      if Int(documentField(middle, 5)) <= passage { low = middle } else { high = middle }
    }
    return low
  }
}
