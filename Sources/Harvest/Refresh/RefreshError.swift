import Corpus
import Foundation

/// Why a refresh as a whole could not run, or its bookkeeping failed.
public enum RefreshError: Error, Sendable, Equatable {
  /// Another refresh holds the lock; `pid` is the one written in the lock file.
  case locked(path: String, pid: Int32?)
  /// The lock file could not be opened or written.
  case lockFile(path: String, reason: String)
  /// The lock file is a symbolic link: refused, never followed (it would truncate its target).
  case symbolicLink(path: String)
  case corpus(CorpusError)
}

extension RefreshError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .locked(let path, let pid):
      "another refresh is running" + (pid.map { " (pid \($0))" } ?? "") + "; it holds \(path)"
    case .lockFile(let path, let reason): "\(path): \(reason)"
    case .symbolicLink(let path): "\(path) is a symbolic link; duo-kb does not follow links in its home"
    case .corpus(let error): error.description
    }
  }
}
