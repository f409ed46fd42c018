/// The document and passage tables, strings and texts of `store.dki`.
///
/// Tables read at random on every query (documents, attributes, word counts, strings) are
/// copied into memory at open; passage records and texts of hits are read with `pread`;
/// only filters on passage kind or speaker walk the mapped passage table.
struct Store: Sendable {
  static let documentRecordLength = 36
  static let passageRecordLength = 20
  static let attributeRecordLength = 20
  static let headerLength = 36
  /// A passage has at most this many cue starts read (a damaged table cannot make more).
  static let maximumCueStarts = 4_096

  let documentCount: Int
  let passageCount: Int
  let averageWords: Double
  let documents: ByteReader
  let passages: ByteReader
  let attributes: ByteReader
  let attributeCount: Int
  let wordCounts: ByteReader
  let stringOffsets: ByteReader
  let stringCount: Int
  let strings: ByteReader
  /// (P + 1) offsets into `cueStarts`, and the varint pairs they delimit.
  let cueStartOffsets: ByteReader
  let cueStarts: ByteReader
  let texts: ByteReader
  let file: MappedFile
  private let owned: [OwnedBytes]
  /// File offsets of the passage table and the texts, for `pread`.
  private let passagesFileOffset: Int
  private let textsFileOffset: Int

  init(_ body: ByteReader, file: MappedFile) throws(IndexFormatError) {
    self.file = file
    try body.require(body.count >= Self.headerLength, "store header truncated")
    documentCount = Int(body.u32(at: 0))
    passageCount = Int(body.u32(at: 4))
    stringCount = Int(body.u32(at: 8))
    let stringBytes = Int(body.u32(at: 12))
    let textBytes = Int(clamping: body.u64(at: 16))
    let average = Double(body.f32(at: 24))
    averageWords = average.isFinite && average > 0 ? average : 1
    attributeCount = Int(body.u32(at: 28))
    let cueStartBytes = Int(body.u32(at: 32))
    var offset = Self.headerLength
    var owned: [OwnedBytes] = []
    func copy(_ reader: ByteReader) -> ByteReader {
      let copy = OwnedBytes(copying: reader.bytes)
      owned.append(copy)
      return ByteReader(copy.bytes, file: reader.file)
    }
    documents = copy(try body.slice(offset, documentCount * Self.documentRecordLength, "document table"))
    offset += documents.count
    attributes = copy(try body.slice(offset, attributeCount * Self.attributeRecordLength, "passage attributes"))
    offset += attributes.count
    passages = try body.slice(offset, passageCount * Self.passageRecordLength, "passage table")
    passagesFileOffset = IndexFile.headerLength + offset
    offset += passages.count
    wordCounts = copy(try body.slice(offset, passageCount * 2, "word counts"))
    offset += wordCounts.count
    stringOffsets = copy(try body.slice(offset, (stringCount + 1) * 4, "string offsets"))
    offset += stringOffsets.count
    strings = copy(try body.slice(offset, stringBytes, "strings"))
    offset += stringBytes
    cueStartOffsets = try body.slice(offset, (passageCount + 1) * 4, "cue start offsets")
    offset += cueStartOffsets.count
    cueStarts = try body.slice(offset, cueStartBytes, "cue starts")
    offset += cueStartBytes
    texts = try body.slice(offset, textBytes, "passage texts")
    textsFileOffset = IndexFile.headerLength + offset
    self.owned = owned
    try body.require(offset + textBytes == body.count, "store has trailing bytes")
    // Documents must cover the passages in order: checked once, as every lookup relies on it.
    var expected = 0
    for index in 0..<documentCount {
      let record = index * Self.documentRecordLength
      let first = Int(documents.u32(at: record + 20))
      let count = Int(documents.u32(at: record + 24))
      try body.require(first == expected, "document \(index) does not start at passage \(expected)")
      expected += count
    }
    try body.require(expected == passageCount, "documents cover \(expected) of \(passageCount) passages")
  }

  func string(_ id: UInt32) -> String? {
    guard id != StoreWriter.none, Int(id) < stringCount else { return nil }
    let start = Int(stringOffsets.u32(at: Int(id) * 4))
    let end = Int(stringOffsets.u32(at: Int(id) * 4 + 4))
    guard start <= end, end <= strings.count else { return nil }
    return String(decoding: UnsafeRawBufferPointer(rebasing: strings.bytes[start..<end]), as: UTF8.self)
  }

  @inline(__always)
  func wordCount(_ passage: Int) -> Int { Int(wordCounts.u16(at: passage * 2)) }

  /// Field of a passage: 0 document, 1 text offset, 2 text length, 3 start ms, 4 end ms,
  /// 5 anchor, 6 heading, 7 speaker (string ids; `StoreWriter.none` when absent).
  @inline(__always)
  func passageField(_ passage: Int, _ field: Int) -> UInt32 {
    let record = passage * Self.passageRecordLength
    switch field {
    case 1: return passages.u32(at: record)
    case 2:
      let start = passages.u32(at: record)
      let end =
        passage + 1 < passageCount ? passages.u32(at: record + Self.passageRecordLength) : UInt32(clamping: texts.count)
      return end >= start ? end - start : 0
    case 3: return passages.u32(at: record + 4)
    case 4: return passages.u32(at: record + 8)
    default:
      let attribute = Int(passages.u32(at: record + 12))
      guard attribute < attributeCount else { return field == 0 ? UInt32.max : StoreWriter.none }
      let attributeRecord = attribute * Self.attributeRecordLength
      return attributes.u32(at: attributeRecord + (field == 0 ? 0 : (field - 4) * 4))
    }
  }

  func passageKind(_ passage: Int) -> UInt8 {
    let attribute = Int(passages.u32(at: passage * Self.passageRecordLength + 12))
    return attributes.u8(at: attribute * Self.attributeRecordLength + 16)
  }

  @inline(__always)
  func documentField(_ document: Int, _ field: Int) -> UInt32 {
    documents.u32(at: document * Self.documentRecordLength + field * 4)
  }

  func documentKind(_ document: Int) -> UInt8 {
    documents.u8(at: document * Self.documentRecordLength + 28)
  }

  /// A passage record read with `pread`: text offset and length, start and end ms,
  /// attribute id.
  struct PassageRecord {
    var textOffset: Int
    var textLength: Int
    var startMilliseconds: UInt32
    var endMilliseconds: UInt32
    var attribute: Int
    /// CRC-32 of the passage's text bytes.
    var textChecksum: UInt32
  }

  func record(_ passage: Int) -> PassageRecord {
    // This record and the next one's text offset, where this text ends.
    let bytes = file.read(
      at: passagesFileOffset + passage * Self.passageRecordLength, count: Self.passageRecordLength + 4)
    func u32(_ at: Int) -> UInt32 {
      at + 4 <= bytes.count
        ? UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        : 0
    }
    let start = Int(u32(0))
    let end = passage + 1 < passageCount ? Int(u32(Self.passageRecordLength)) : texts.count
    return PassageRecord(
      textOffset: start, textLength: end >= start && end <= texts.count ? end - start : 0,
      startMilliseconds: bytes.count >= 8 ? u32(4) : StoreWriter.none,
      endMilliseconds: bytes.count >= 12 ? u32(8) : StoreWriter.none,
      attribute: Int(u32(12)), textChecksum: u32(16))
  }

  /// Field of an attribute record: 0 document, 5 anchor, 6 heading, 7 speaker.
  func attributeField(_ attribute: Int, _ field: Int) -> UInt32 {
    guard attribute < attributeCount else { return field == 0 ? UInt32.max : StoreWriter.none }
    return attributes.u32(at: attribute * Self.attributeRecordLength + (field == 0 ? 0 : (field - 4) * 4))
  }

  func attributeKind(_ attribute: Int) -> UInt8 {
    attributes.u8(at: attribute * Self.attributeRecordLength + 16)
  }

  /// The UTF-8 bytes of a passage's text, read with `pread` and checked against the CRC-32
  /// of its passage record: `.corrupt` rather than a damaged quote.
  func verifiedTextBytes(_ passage: Int) throws(IndexFormatError) -> [UInt8] {
    guard passage >= 0, passage < passageCount else {
      throw .corrupt(file: file.name, reason: "passage \(passage) out of range (\(passageCount) passages)")
    }
    return try verifiedTextBytes(passage, record: record(passage))
  }

  func verifiedTextBytes(_ passage: Int, record: PassageRecord) throws(IndexFormatError) -> [UInt8] {
    let bytes = file.read(at: textsFileOffset + record.textOffset, count: record.textLength)
    let computed = bytes.withUnsafeBytes { CRC32.checksum($0) }
    guard bytes.count == record.textLength, computed == record.textChecksum else {
      throw .corrupt(file: file.name, reason: "text of passage \(passage) does not match its checksum")
    }
    return bytes
  }

  /// Where each further cue's words begin in a passage: UTF-8 offsets into its text
  /// (increasing) and the cue starts. Damaged bytes give fewer or wrong starts, never a trap.
  func cueStarts(_ passage: Int) -> [(utf8Offset: Int, startMilliseconds: Int)] {
    guard passage >= 0, passage < passageCount else { return [] }
    let start = Int(cueStartOffsets.u32(at: passage * 4))
    let end = Int(cueStartOffsets.u32(at: passage * 4 + 4))
    guard start < end, end <= cueStarts.count else { return [] }
    var result: [(utf8Offset: Int, startMilliseconds: Int)] = []
    var offset = start
    var utf8Offset = 0
    while offset < end, result.count < Self.maximumCueStarts {
      utf8Offset += Int(cueStarts.varint(&offset))
      let milliseconds = cueStarts.varint(&offset)
      guard milliseconds != StoreWriter.none else { continue }
      result.append((utf8Offset, Int(milliseconds)))
    }
    return result
  }

  /// The document whose passages include `passage` (binary search over first passages).
  func document(ofPassage passage: Int) -> Int {
    var low = 0
    var high = documentCount
    while low + 1 < high {
      let middle = (low + high) / 2
      if Int(documentField(middle, 5)) <= passage { low = middle } else { high = middle }
    }
    return low
  }
}
