/// Why a file could not be imported, with the file and line.
public enum ImportError: Error, Sendable, Equatable {
  case unreadable(file: String, reason: String)
  case malformedLine(file: String, line: Int, reason: String)
  case invalidDocumentID(file: String, line: Int, id: String)
  case webVTT(file: String, reason: String)
  case missingOption(file: String, option: String)
  case empty(file: String)
}

extension ImportError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unreadable(let file, let reason): "\(file): \(reason)"
    case .malformedLine(let file, let line, let reason): "\(file):\(line): \(reason)"
    case .invalidDocumentID(let file, let line, let id): "\(file):\(line): '\(id)' is not a valid document id"
    case .webVTT(let file, let reason): "\(file): \(reason)"
    case .missingOption(let file, let option): "\(file): a .vtt file needs \(option)"
    case .empty(let file): "\(file): no passages"
    }
  }
}
