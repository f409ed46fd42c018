import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One index file, read-only and memory-mapped. Keeps its descriptor for `read(at:count:)`.
///
/// Immutable after `init`, so it may be shared between threads.
final class MappedFile: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
  let name: String
  private let mappedLength: Int
  private let descriptor: Int32

  /// Opens `url`, a file below `root` (the index folder), without following a link.
  init(url: URL, within root: URL, name: String) throws(IndexFormatError) {
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
    // Darwin: no O_NOATIME; APFS updates access times lazily (strictatime is off by default).
    #if os(Linux) && (arch(x86_64) || arch(arm64))
      // A search `pread`s a hit's record and entry: no access time to update for each
      // (allowed to the file's owner; others keep the mount's own atime policy). Glibc
      // declares O_NOATIME (0o1000000 on these architectures) only to GNU sources.
      let noAccessTime: Int32 = 0o1000000
      let flags = fcntl(descriptor, F_GETFL)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | noAccessTime) }
    #endif
    let length = Int(status.st_size)
    guard length > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      mappedLength = 0
      return
    }
    guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else {
      close(descriptor)
      throw .unreadable(file: name, reason: "cannot map (errno \(errno))")
    }
    // Reads jump about the file (skip records, blocks, records by id): a fault reads no
    // further ahead than the page it needs.
    _ = madvise(address, length, Int32(MADV_RANDOM))
    bytes = UnsafeRawBufferPointer(start: address, count: length)
    mappedLength = length
  }

  /// Reads `count` bytes at `offset` with `pread`, without touching the map (a fault on a
  /// file map can make a whole large folio resident). Short at the end of the file.
  func read(at offset: Int, count: Int) -> [UInt8] {
    guard offset >= 0, count > 0, offset < mappedLength else { return [] }
    let wanted = min(count, mappedLength - offset)
    return [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
      initialized = read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
    }
  }

  /// `read(at:count:)` into `buffer` (as many bytes as it holds), without an allocation:
  /// how many bytes were read.
  func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard offset >= 0, offset < mappedLength else { return 0 }
    let wanted = min(buffer.count, mappedLength - offset)
    return Self.read(descriptor, at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
  }

  /// The file's descriptor, for reads that must not hold the file (`LeapReads`): valid
  /// while it is.
  var readDescriptor: Int32 { descriptor }

  /// Reads `buffer.count` bytes at `offset` of the file open as `descriptor` with `pread`;
  /// how many were read (fewer at its end or on an error).
  static func read(_ descriptor: Int32, at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard offset >= 0, let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < buffer.count {
      let result = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
      if result <= 0 { break }
      done += result
    }
    return done
  }

  /// How a map's pages leave the process.
  enum PageRelease {
    /// `madvise(MADV_DONTNEED)`: Linux drops a private file map's pages at once.
    case discard
    /// The same file mapped again over the same addresses (`MAP_FIXED`), which replaces the
    /// old map and its pages in one step: readers on other threads see the same bytes
    /// throughout. Darwin needs it: there `MADV_DONTNEED` is a hint that leaves a file
    /// map's clean pages resident.
    case remap
  }

  /// This platform's way of releasing pages.
  static var pageRelease: PageRelease {
    #if canImport(Darwin)
      .remap
    #else
      .discard
    #endif
  }

  /// Drops this process's pages of the map (they stay in the page cache and come back on
  /// the next read), so a long-running searcher's resident memory does not grow with every
  /// list it ever read.
  func releasePages(_ way: PageRelease = MappedFile.pageRelease) {
    guard mappedLength > 0, let base = bytes.baseAddress else { return }
    let address = UnsafeMutableRawPointer(mutating: base)
    switch way {
    case .discard:
      _ = madvise(address, mappedLength, Int32(MADV_DONTNEED))
    case .remap:
      // Darwin puts the old map back when a MAP_FIXED map fails; the bytes stay readable.
      let remapped = mmap(address, mappedLength, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0)
      if remapped == address { _ = madvise(address, mappedLength, Int32(MADV_RANDOM)) }
    }
  }

  deinit {
    if mappedLength > 0, let base = bytes.baseAddress {
      munmap(UnsafeMutableRawPointer(mutating: base), mappedLength)
    }
    close(descriptor)
  }
}
