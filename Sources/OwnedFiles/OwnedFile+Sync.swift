#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension OwnedFile {
  /// Flushes a file's or a folder's data to stable storage; the errno of a failure, or nil.
  ///
  /// Linux's `fsync` waits for the drive to store the data. Darwin's only hands it to the
  /// drive, whose cache may reorder or lose it on power loss (fsync(2) on macOS says so):
  /// there `fcntl(F_FULLFSYNC)` asks the drive to flush, with `fsync` as the fallback on file
  /// systems that refuse it (network and FAT volumes answer ENOTSUP or EINVAL).
  public static func syncToStorage(_ descriptor: Int32) -> Int32? {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) != -1 { return nil }
    #endif
    return fsync(descriptor) == 0 ? nil : errno
  }
}
