#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read-only memory map of one file, unmapped when released.
///
/// Immutable after `init`, so it may be shared between threads.
final class MappedFile: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer
  let name: String
  private let mappedLength: Int

  init(path: String, name: String) throws(IndexFormatError) {
    self.name = name
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .unreadable(file: name, reason: "cannot open (errno \(errno))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .unreadable(file: name, reason: "cannot stat (errno \(errno))")
    }
    let length = Int(status.st_size)
    guard length > 0 else {
      bytes = UnsafeRawBufferPointer(start: nil, count: 0)
      mappedLength = 0
      return
    }
    guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else {
      throw .unreadable(file: name, reason: "cannot map (errno \(errno))")
    }
    bytes = UnsafeRawBufferPointer(start: address, count: length)
    mappedLength = length
  }

  /// Drops this process's pages of the map (they stay in the page cache and come back on
  /// the next read), so a long-running searcher's resident memory does not grow with every
  /// list it ever read.
  func releasePages() {
    guard mappedLength > 0, let base = bytes.baseAddress else { return }
    _ = madvise(UnsafeMutableRawPointer(mutating: base), mappedLength, Int32(MADV_DONTNEED))
  }

  deinit {
    if mappedLength > 0, let base = bytes.baseAddress {
      munmap(UnsafeMutableRawPointer(mutating: base), mappedLength)
    }
  }
}
