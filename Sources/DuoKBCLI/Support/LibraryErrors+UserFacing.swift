import Corpus

extension CorpusError: UserFacingError {
  var summary: String { description }
  var hint: String? {
    switch self {
    case .duplicateSource: "see Corpus/sources.json"
    case .unrecognizedSource: "see 'duo-kb help add'"
    default: nil
    }
  }
  var exitStatus: ExitStatus { .usage }
}
