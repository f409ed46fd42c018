#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file of the tool's own could not be opened, read or written.
public enum OwnedFileError: Error, Sendable, Equatable {
  /// A symbolic link where the tool keeps its files: never followed, so that nothing
  /// outside the home is written, or read as its own.
  case symbolicLink(path: String)
  /// Something other than a regular file is where a file should be (a folder, a pipe).
  case notARegularFile(path: String)
  /// Something other than a folder is where a folder should be.
  case notADirectory(path: String)
  /// A path that does not lie inside the folder it must be in.
  case outside(path: String, root: String)
  /// A system call failed: `code` is its errno (`ENOSPC`, `EROFS`, `EACCES`, ...).
  case system(path: String, operation: String, code: Int32)

  /// The errno of a failed system call, if that is what this is.
  public var systemCode: Int32? {
    if case .system(_, _, let code) = self { return code }
    return nil
  }

  /// The path this error is about.
  public var path: String {
    switch self {
    case .symbolicLink(let path), .notARegularFile(let path), .notADirectory(let path),
      .outside(let path, _), .system(let path, _, _):
      path
    }
  }
}

extension OwnedFileError: CustomStringConvertible {
  /// What is wrong with `path`, without the path.
  public var reason: String {
    switch self {
    case .symbolicLink: "a symbolic link, which duo-kb does not follow in its home"
    case .notARegularFile: "not a regular file"
    case .notADirectory: "not a folder"
    case .outside(_, let root): "not inside \(root)"
    case .system(_, let operation, let code): "cannot \(operation): \(String(cString: strerror(code)))"
    }
  }

  public var description: String {
    if case .symbolicLink(let path) = self {
      return "\(path) is a symbolic link, which duo-kb does not follow in its home"
    }
    return "\(path): \(reason)"
  }
}
