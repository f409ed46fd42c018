import Corpus

extension CorpusError: UserFacingError {
  var summary: String { description }
  var hint: String? {
    switch self {
    case .duplicateSource: "see Corpus/sources.json"
    case .unrecognizedSource: "see 'duo-kb help add'"
    case .symbolicLink: Self.symbolicLinkHint
    default: nil
    }
  }
  var exitStatus: ExitStatus { .usage }
}

// Files in the home: a symbolic link there is refused, never followed.
extension CorpusError {
  static let symbolicLinkHint =
    "put the file or folder itself in its place: duo-kb writes and reads its files only inside its home"
}
