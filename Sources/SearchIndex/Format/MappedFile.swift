import Foundation
import OwnedFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One index file, read-only: memory-mapped, or (`loadsIntoMemory`) read whole into memory
/// of its own. Keeps its descriptor for `read(at:count:)`.
///
/// Immutable after `init`, so it may be shared between threads.
final class MappedFile: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
  let name: String
  private let mappedLength: Int
  private let isLoaded: Bool
  private let descriptor: Int32

  /// Opens `url`, a file below `root` (the index folder), without following a link.
  init(url: URL, within root: URL, name: String, loadsIntoMemory: Bool = false) throws(IndexFormatError) {
    self.name = name
    let descriptor: Int32
    do {
      descriptor = try OwnedFile.open(url, within: root, for: .reading)
    } catch {
      throw IndexFormatError(error, file: name)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      throw .unreadable(file: name, reason: "cannot stat (errno \(errno))")
    }
    self.descriptor = descriptor
    isLoaded = loadsIntoMemory
    let length = Int(status.st_size)
    guard length > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      mappedLength = 0
      return
    }
    if loadsIntoMemory {
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 16)
      var done = 0
      while done < length {
        let count = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(done))
        if count <= 0 { break }
        done += count
      }
      guard done == length else {
        buffer.deallocate()
        close(descriptor)
        throw .unreadable(file: name, reason: "short read (\(done) of \(length) bytes)")
      }
      bytes = UnsafeRawBufferPointer(buffer)
      mappedLength = length
      return
    }
    guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else {
      close(descriptor)
      throw .unreadable(file: name, reason: "cannot map (errno \(errno))")
    }
    bytes = UnsafeRawBufferPointer(start: address, count: length)
    mappedLength = length
  }

  /// Reads `count` bytes at `offset` with `pread`, without touching the map (a fault on a
  /// file map can make a whole large folio resident). Short at the end of the file.
  func read(at offset: Int, count: Int) -> [UInt8] {
    guard offset >= 0, count > 0, offset < mappedLength else { return [] }
    let wanted = min(count, mappedLength - offset)
    if isLoaded {
      return Array(bytes[offset..<(offset + wanted)])
    }
    return [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
      var done = 0
      while done < wanted {
        let result = pread(descriptor, buffer.baseAddress! + done, wanted - done, off_t(offset + done))
        if result <= 0 { break }
        done += result
      }
      initialized = done
    }
  }

  /// Drops this process's pages of the map (they stay in the page cache and come back on
  /// the next read), so a long-running searcher's resident memory does not grow with every
  /// list it ever read.
  func releasePages() {
    guard !isLoaded, mappedLength > 0, let base = bytes.baseAddress else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base), mappedLength, Int32(MADV_DONTNEED))
  }

  deinit {
    if mappedLength > 0, let base = bytes.baseAddress {
      if isLoaded {
        UnsafeMutableRawPointer(mutating: base).deallocate()
      } else {
        munmap(UnsafeMutableRawPointer(mutating: base), mappedLength)
      }
    }
    close(descriptor)
  }
}

/// A private copy of some bytes, for tables read at random on every query.
final class OwnedBytes: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer

  init(copying source: UnsafeRawBufferPointer) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
    if source.count > 0 { buffer.copyMemory(from: source) }
    bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<source.count])
  }

  deinit { UnsafeMutableRawPointer(mutating: bytes.baseAddress!).deallocate() }
}
