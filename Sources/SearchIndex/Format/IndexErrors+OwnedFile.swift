import OwnedFiles

extension IndexBuildError {
  /// A refused or failed file operation of a build.
  init(_ error: OwnedFileError) {
    if case .symbolicLink(let path) = error {
      self = .symbolicLink(path: path)
    } else {
      self = .io(path: error.path, reason: error.reason)
    }
  }
}

extension IndexFormatError {
  /// A file of the index that could not be opened or read (a link is refused, not followed).
  init(_ error: OwnedFileError, file: String) {
    self = .unreadable(file: file, reason: error.description)
  }
}
