extension IndexFormatError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unreadable(let file, let reason): "\(file): \(reason)"
    case .corrupt(let file, let reason): "\(file) is damaged: \(reason)"
    case .unsupportedVersion(let file, let found, let supported):
      "\(file) is index format \(found); this build reads format \(supported)"
    }
  }
}

extension IndexBuildError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .tooLarge(let reason): "the corpus is too large for the index format: \(reason)"
    case .io(let path, let reason): "\(path): \(reason)"
    case .symbolicLink(let path): "\(path) is a symbolic link; duo-kb does not follow links in its home"
    }
  }
}
