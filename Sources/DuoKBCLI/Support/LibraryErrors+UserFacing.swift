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
  package static let symbolicLinkHint =
    "put the file or folder itself in its place: duo-kb writes and reads its files only inside its home"
}

extension HelperExecutableError: UserFacingError {
  var summary: String {
    switch self {
    case .notFound(let command, let path):
      "'duo-kb \(command)' runs \(HelperExecutable.name), which is not beside duo-kb (no \(path))"
    case .cannotRun(let command, let path, let reason):
      "'duo-kb \(command)' cannot run \(path): \(reason)"
    case .unknownLocation(let command):
      "'duo-kb \(command)' runs \(HelperExecutable.name) from duo-kb's folder, which cannot be told"
    case .notInThisProcess(let command):
      "'duo-kb \(command)' runs in \(HelperExecutable.name), not inside this program"
    }
  }
  var hint: String? {
    if case .notInThisProcess = self { return "run it through DuoKBHarvestCLI.run, which has every command" }
    return "install \(HelperExecutable.name) in the same folder as duo-kb (scripts/install and the release archive do)"
  }
  var exitStatus: ExitStatus { .usage }
}
