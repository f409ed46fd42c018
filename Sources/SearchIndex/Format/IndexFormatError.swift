/// An index on disk that cannot be read as this build's format.
public enum IndexFormatError: Error, Equatable, Sendable {
  /// Missing, unreadable, or not an index.
  case unreadable(file: String, reason: String)
  /// Damaged: checksum, bounds or structure. `file` is the file name inside the index.
  case corrupt(file: String, reason: String)
  /// Written by another version of the format.
  case unsupportedVersion(file: String, found: UInt32, supported: UInt32)
}

/// Why an index could not be built.
public enum IndexBuildError: Error, Equatable, Sendable {
  /// The corpus is too large for the format (limits in FORMAT.md).
  case tooLarge(reason: String)
  /// Writing or swapping in the files failed.
  case io(path: String, reason: String)
  /// A symbolic link where the index keeps its files: refused, never followed.
  case symbolicLink(path: String)
}
