/// The frame every index file shares: a 32-byte header (magic `DUOKBIDX`, a four-letter
/// kind, a big-endian version, the body's length and the checksum chunk size), the body, a
/// CRC-32 of every chunk of header and body (read lazily, `ChunkChecksums`), and a CRC-32
/// of everything before it at the end (checked whole by `duo-kb check`).
enum IndexFile {
  static let magic: [UInt8] = Array("DUOKBIDX".utf8)
  static let version: UInt32 = 14
  static let headerLength = 32
  static let trailerLength = 4
  /// The writer's chunk size; a reader takes any power of two in `chunkBytesRange`.
  static let chunkBytes = 1_024
  static let chunkBytesRange = 64...(1 << 20)

  static func header(kind: String) -> ByteWriter {
    var writer = ByteWriter()
    writer.append(magic)
    writer.append(kind)
    writer.u32(version)
    writer.u64(0)  // the body length, set by `finish`
    writer.u32(UInt32(chunkBytes))
    writer.u32(0)
    return writer
  }

  /// Sets the body length, then appends the chunk checksums and the whole file's CRC-32.
  static func finish(_ writer: inout ByteWriter) {
    let covered = writer.count
    let body = UInt64(covered - headerLength)
    for (index, shift) in stride(from: 56, through: 0, by: -8).enumerated() {
      writer.bytes[16 + index] = UInt8(truncatingIfNeeded: body >> UInt64(shift))
    }
    var checksums = ByteWriter(capacity: (covered / chunkBytes + 1) * 4)
    writer.bytes.withUnsafeBytes { bytes in
      for start in stride(from: 0, to: covered, by: chunkBytes) {
        let chunk = UnsafeRawBufferPointer(rebasing: bytes[start..<min(covered, start + chunkBytes)])
        checksums.u32(CRC32.checksum(chunk))
      }
    }
    writer.append(checksums.bytes)
    let checksum = writer.bytes.withUnsafeBytes { CRC32.checksum($0) }
    writer.u32(checksum)
  }

  /// A file's frame read: its body and the checksums of its chunks.
  struct Frame {
    var body: ByteReader
    var chunks: ChunkChecksums
  }

  /// Checks magic, kind, version, that the sizes of the header agree with the file's, the
  /// checksum of the chunk holding the headers, and (when `verifiesChecksum`) the CRC-32 of
  /// the whole file; returns the body between header and chunk checksums.
  static func frame(
    of file: MappedFile, kind: String, verifiesChecksum: Bool, damage: IndexDamage
  ) throws(IndexFormatError) -> Frame {
    let bytes = file.bytes
    guard bytes.count >= 16 else {
      throw .corrupt(file: file.name, reason: "truncated: \(bytes.count) bytes")
    }
    guard bytes[0..<8].elementsEqual(magic) else {
      throw .corrupt(file: file.name, reason: "not an index file (bad magic)")
    }
    guard bytes[8..<12].elementsEqual(kind.utf8) else {
      throw .corrupt(file: file.name, reason: "wrong file kind (expected \(kind))")
    }
    let whole = ByteReader(bytes, file: file.name)
    let found = whole.u32(at: 12)
    guard found == version else {
      throw .unsupportedVersion(file: file.name, found: found, supported: version)
    }
    guard let layout = Layout(whole) else {
      throw .corrupt(file: file.name, reason: "truncated: \(bytes.count) bytes do not hold the sizes its header gives")
    }
    let chunks = ChunkChecksums(file: file, layout: layout, damage: damage)
    guard chunks.verify(0, headerLength) else {
      throw .corrupt(file: file.name, reason: "header checksum mismatch")
    }
    if verifiesChecksum {
      let stored = whole.u32(at: bytes.count - trailerLength)
      let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - trailerLength)]))
      guard stored == computed else {
        throw .corrupt(file: file.name, reason: "checksum mismatch")
      }
    }
    return Frame(body: try whole.slice(headerLength, layout.bodyBytes, "body"), chunks: chunks)
  }

  /// Where header, body and chunk checksums lie, from the header's sizes; nil unless they
  /// add up to the file's size exactly.
  struct Layout {
    var bodyBytes: Int
    var chunkBytes: Int
    /// Header and body: the bytes the chunk checksums cover, and where those begin.
    var coveredBytes: Int
    var chunkCount: Int

    init?(_ whole: ByteReader) {
      guard whole.count >= IndexFile.headerLength + IndexFile.trailerLength,
        let body = Int(exactly: whole.u64(at: 16)), let chunk = Int(exactly: whole.u32(at: 24)),
        IndexFile.chunkBytesRange.contains(chunk), chunk.nonzeroBitCount == 1,
        body <= whole.count
      else { return nil }
      let covered = IndexFile.headerLength + body
      let count = (covered + chunk - 1) / chunk
      let total = covered.addingReportingOverflow(count * 4 + IndexFile.trailerLength)
      guard !total.overflow, total.partialValue == whole.count else { return nil }
      (bodyBytes, chunkBytes, coveredBytes, chunkCount) = (body, chunk, covered, count)
    }
  }
}

/// Bounds-checked big-endian reads from a mapped region. Reads past the end yield 0;
/// structure checks use `require` to turn bad values into `.corrupt`.
struct ByteReader: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
  let file: String

  init(_ bytes: UnsafeRawBufferPointer, file: String) {
    self.bytes = bytes
    self.file = file
  }

  var count: Int { bytes.count }

  @inline(__always)
  func u8(at offset: Int) -> UInt8 {
    offset >= 0 && offset < bytes.count ? bytes[offset] : 0
  }

  @inline(__always)
  func u16(at offset: Int) -> UInt16 {
    guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  @inline(__always)
  func u32(at offset: Int) -> UInt32 {
    guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
    return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
      | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
  }

  @inline(__always)
  func u64(at offset: Int) -> UInt64 { UInt64(u32(at: offset)) << 32 | UInt64(u32(at: offset + 4)) }

  @inline(__always)
  func f32(at offset: Int) -> Float { Float(bitPattern: u32(at: offset)) }

  /// Unsigned LEB128 at `offset`, advancing it; at most five bytes, 0 past the end.
  @inline(__always)
  func varint(_ offset: inout Int) -> UInt32 { Self.varint(bytes, &offset) }

  /// `varint(_:)` of any bytes (a cursor's copy of a block's positions, as of the map).
  @inline(__always)
  static func varint(_ bytes: UnsafeRawBufferPointer, _ offset: inout Int) -> UInt32 {
    var result: UInt32 = 0
    var shift: UInt32 = 0
    while offset < bytes.count && shift < 35 {
      let byte = bytes[offset]
      offset += 1
      result |= UInt32(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
    }
    return result
  }

  /// A sub-range, or `.corrupt` when it lies outside.
  func slice(_ offset: Int, _ length: Int, _ what: String) throws(IndexFormatError) -> ByteReader {
    guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
      throw .corrupt(file: file, reason: "\(what) out of bounds (\(offset)+\(length) > \(bytes.count))")
    }
    return ByteReader(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), file: file)
  }

  func require(_ condition: Bool, _ reason: @autoclosure () -> String) throws(IndexFormatError) {
    if !condition { throw .corrupt(file: file, reason: reason()) }
  }
}
