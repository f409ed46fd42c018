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

/// Zeroed memory whose pages are touched only where it is used: an open allocates a bit
/// per checksum chunk of each file (160 KB for the store of 30,000 talks), and clearing
/// them would fault every page in, work that grows with the corpus. A large block is an
/// anonymous map, whose pages come zeroed from the system when first touched (calloc
/// clears a block it carves from the heap's free top, which it cannot know is zero); a
/// small one comes from calloc.
enum ZeroedPages {
  /// From this many bytes a block is mapped.
  static let mappedFromBytes = 64 << 10

  static func allocate(bytes: Int) -> UnsafeMutableRawPointer {
    let size = max(bytes, 1)
    if size >= mappedFromBytes {
      // A failed map traps, as a failed Swift allocation does.
      guard let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0),
        address != MAP_FAILED
      else { fatalError("no memory for \(size) zeroed bytes") }
      return address
    }
    guard let address = calloc(size, 1) else { fatalError("no memory for \(size) zeroed bytes") }
    return address
  }

  /// Gives back a block `allocate(bytes:)` returned, with the same `bytes`.
  static func deallocate(_ address: UnsafeMutableRawPointer, bytes: Int) {
    let size = max(bytes, 1)
    if size >= mappedFromBytes {
      munmap(address, size)
    } else {
      free(address)
    }
  }
}
