/// The frame every index file shares: a 16-byte header (magic `DUOKBIDX`, a four-letter
/// kind, a big-endian version) and a big-endian CRC-32 of everything before it at the end.
enum IndexFile {
  static let magic: [UInt8] = Array("DUOKBIDX".utf8)
  static let version: UInt32 = 3
  static let headerLength = 16
  static let trailerLength = 4

  static func header(kind: String) -> ByteWriter {
    var writer = ByteWriter()
    writer.append(magic)
    writer.append(kind)
    writer.u32(version)
    return writer
  }

  static func appendChecksum(_ writer: inout ByteWriter) {
    let checksum = writer.bytes.withUnsafeBytes { CRC32.checksum($0) }
    writer.u32(checksum)
  }

  /// Checks magic, kind, version and (when `verifiesChecksum`) the CRC; returns the body
  /// between header and trailer.
  static func body(
    of file: MappedFile, kind: String, verifiesChecksum: Bool
  ) throws(IndexFormatError) -> ByteReader {
    let bytes = file.bytes
    guard bytes.count >= headerLength + trailerLength else {
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
    if verifiesChecksum {
      let stored = whole.u32(at: bytes.count - 4)
      let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 4)]))
      guard stored == computed else {
        throw .corrupt(file: file.name, reason: "checksum mismatch")
      }
    }
    return ByteReader(
      UnsafeRawBufferPointer(rebasing: bytes[headerLength..<(bytes.count - trailerLength)]),
      file: file.name)
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
  func varint(_ offset: inout Int) -> UInt32 {
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
