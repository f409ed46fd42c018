import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a file so that readers see the old bytes or the new, never a torn file:
/// a temporary file in the same directory, fsync, rename over the target, fsync the
/// directory. Nothing below `root` is followed if it is a symbolic link (see `OwnedFile`);
/// without a root, the file's own folder is the root.
public enum AtomicFile {
  public static func write(_ data: Data, to url: URL, within root: URL? = nil) throws(CorpusError) {
    do {
      try OwnedFile.write(data, to: url, within: root ?? url.deletingLastPathComponent())
    } catch {
      throw CorpusError(error)
    }
  }
}

extension CorpusError {
  /// The corpus's wording of a refused or failed file operation.
  public init(_ error: OwnedFileError) {
    if case .symbolicLink(let path) = error {
      self = .symbolicLink(path: path)
    } else {
      self = .io(path: error.path, reason: error.reason)
    }
  }
}
