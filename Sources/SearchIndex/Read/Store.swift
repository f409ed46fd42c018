/// The document and passage tables, strings and texts of `store.dki`.
struct Store: Sendable {
  static let documentRecordLength = 32
  static let passageRecordLength = 16
  static let attributeRecordLength = 20

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
  let texts: ByteReader

  init(_ body: ByteReader) throws(IndexFormatError) {
    try body.require(body.count >= 32, "store header truncated")
    documentCount = Int(body.u32(at: 0))
    passageCount = Int(body.u32(at: 4))
    stringCount = Int(body.u32(at: 8))
    let stringBytes = Int(body.u32(at: 12))
    let textBytes = Int(clamping: body.u64(at: 16))
    let average = Double(body.f32(at: 24))
    averageWords = average.isFinite && average > 0 ? average : 1
    attributeCount = Int(body.u32(at: 28))
    var offset = 32
    documents = try body.slice(offset, documentCount * Self.documentRecordLength, "document table")
    offset += documents.count
    attributes = try body.slice(offset, attributeCount * Self.attributeRecordLength, "passage attributes")
    offset += attributes.count
    passages = try body.slice(offset, passageCount * Self.passageRecordLength, "passage table")
    offset += passages.count
    wordCounts = try body.slice(offset, passageCount * 2, "word counts")
    offset += wordCounts.count
    stringOffsets = try body.slice(offset, (stringCount + 1) * 4, "string offsets")
    offset += stringOffsets.count
    strings = try body.slice(offset, stringBytes, "strings")
    offset += stringBytes
    texts = try body.slice(offset, textBytes, "passage texts")
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
      let end = passage + 1 < passageCount ? passages.u32(at: record + Self.passageRecordLength) : UInt32(clamping: texts.count)
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

  /// The UTF-8 bytes of a passage's text (empty when its record points outside).
  func textBytes(_ passage: Int) -> UnsafeRawBufferPointer {
    let offset = Int(passageField(passage, 1))
    let length = Int(passageField(passage, 2))
    guard offset <= texts.count, length <= texts.count - offset else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(rebasing: texts.bytes[offset..<(offset + length)])
  }
}
