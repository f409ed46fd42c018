import DocumentModel

/// Writes `store.dki`: the document and passage tables, passage word counts, interned
/// strings and the passage entries, each a passage's text and its cue starts (layout in
/// FORMAT.md).
struct StoreWriter {
  private var strings: [String] = []
  private var stringIds: [String: UInt32] = [:]
  static let none = UInt32.max

  mutating func intern(_ text: String?) -> UInt32 {
    guard let text else { return Self.none }
    if let id = stringIds[text] { return id }
    let id = UInt32(strings.count)
    strings.append(text)
    stringIds[text] = id
    return id
  }

  /// Passage heading string ids, for the heading field.
  var internedStrings: [String] { strings }

  static func milliseconds(_ value: Int?) -> UInt32 {
    guard let value, value >= 0 else { return none }
    return UInt32(min(value, Int(UInt32.max - 1)))
  }

  /// What consecutive passages usually share, stored once: document, anchor, heading,
  /// speaker, kind.
  struct Attributes: Hashable {
    var document: UInt32
    var anchor: UInt32
    var heading: UInt32
    var speaker: UInt32
    var kind: UInt8
  }

  mutating func write(
    documents: [Document], wordCounts: [UInt32], headingIds: [UInt32], impactAverage: Float
  ) throws(IndexBuildError) -> [UInt8] {
    var documentTable = ByteWriter(capacity: documents.count * Store.documentRecordLength)
    var passageTable = ByteWriter(capacity: wordCounts.count * Store.passageRecordLength)
    var attributeTable = ByteWriter()
    var attributeIds: [Attributes: UInt32] = [:]
    // Each entry is a passage's text, then its cue starts: a hit reads both at once.
    var entries = ByteWriter(
      capacity: documents.reduce(0) { total, document in
        total + document.passages.reduce(0) { $0 + $1.text.utf8.count }
      })
    var passageIndex = 0
    for (documentNumber, document) in documents.enumerated() {
      let cueStarts = PassageCueStarts.of(document)
      documentTable.u32(intern(document.id))
      documentTable.u32(intern(document.title))
      documentTable.u32(intern(document.url))
      // A documentation page has no event: the slot holds its framework (FORMAT.md).
      documentTable.u32(intern(document.event ?? document.documentation?.modules.first))
      documentTable.u32(document.year.map { UInt32(truncatingIfNeeded: Int32(clamping: $0)) } ?? Self.none)
      documentTable.u32(UInt32(passageIndex))
      documentTable.u32(UInt32(document.passages.count))
      documentTable.u8(Store.kindCode(document.kind))
      documentTable.u8(Store.flags(of: document))
      documentTable.u16(document.documentation?.platformMask ?? 0)
      documentTable.u32(intern(document.language))
      for (passage, starts) in zip(document.passages, cueStarts) {
        let offset = entries.count
        entries.append(passage.text)
        let textLength = entries.count - offset
        var previousOffset = 0
        for start in starts where start.utf8Offset >= previousOffset {
          entries.varint(UInt32(clamping: start.utf8Offset - previousOffset))
          entries.varint(Self.milliseconds(start.startMilliseconds))
          previousOffset = start.utf8Offset
        }
        guard entries.count <= Int(UInt32.max) else {
          throw .tooLarge(reason: "passage texts exceed 4 GiB")
        }
        let attributes = Attributes(
          document: UInt32(documentNumber), anchor: intern(passage.anchor),
          heading: headingIds[passageIndex], speaker: intern(passage.speaker),
          kind: PassageKind.allCases.firstIndex(of: passage.kind).map(UInt8.init) ?? 0)
        let attributeId: UInt32
        if let known = attributeIds[attributes] {
          attributeId = known
        } else {
          attributeId = UInt32(attributeIds.count)
          attributeIds[attributes] = attributeId
          attributeTable.u32(attributes.document)
          attributeTable.u32(attributes.anchor)
          attributeTable.u32(attributes.heading)
          attributeTable.u32(attributes.speaker)
          attributeTable.u8(attributes.kind)
          attributeTable.u8(0)
          attributeTable.u16(0)
        }
        passageTable.u32(UInt32(offset))
        passageTable.u32(Self.milliseconds(passage.startMilliseconds))
        passageTable.u32(Self.milliseconds(passage.endMilliseconds))
        passageTable.u32(attributeId)
        passageTable.u32(
          entries.bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[offset...])) })
        passageTable.u32(UInt32(textLength))
        passageIndex += 1
      }
    }
    var stringOffsets = ByteWriter(capacity: (strings.count + 1) * 4)
    var stringBlob = ByteWriter()
    for string in strings {
      stringOffsets.u32(UInt32(stringBlob.count))
      stringBlob.append(string)
    }
    stringOffsets.u32(UInt32(stringBlob.count))
    guard stringBlob.count <= Int(UInt32.max) else { throw .tooLarge(reason: "strings exceed 4 GiB") }

    let encodedCounts = WordCounts.encode(wordCounts)
    var file = IndexFile.header(kind: "STOR")
    file.bytes.reserveCapacity(
      64 + documentTable.count + attributeTable.count + passageTable.count + encodedCounts.short.count
        + encodedCounts.long.count
        + stringOffsets.count + stringBlob.count + entries.count)
    file.u32(UInt32(documents.count))
    file.u32(UInt32(passageIndex))
    file.u32(UInt32(strings.count))
    file.u32(UInt32(stringBlob.count))
    file.u64(UInt64(entries.count))
    // The average length the postings' impacts were computed with (FORMAT.md).
    file.f32(impactAverage)
    file.u32(UInt32(attributeIds.count))
    file.u32(UInt32(encodedCounts.longCount))
    file.append(documentTable.bytes)
    file.append(attributeTable.bytes)
    file.append(passageTable.bytes)
    file.append(encodedCounts.short)
    file.append(encodedCounts.long)
    file.append(stringOffsets.bytes)
    file.append(stringBlob.bytes)
    file.append(entries.bytes)
    IndexFile.finish(&file)
    return file.bytes
  }
}
