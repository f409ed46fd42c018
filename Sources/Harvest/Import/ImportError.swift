/// Why a file could not be imported, with the file and line.
public enum ImportError: Error, Sendable, Equatable {
  case unreadable(file: String, reason: String)
  case malformedLine(file: String, line: Int, reason: String)
  case invalidDocumentID(file: String, line: Int, id: String)
  case webVTT(file: String, reason: String)
  case missingOption(file: String, option: String)
  /// A `url` (or `--url`) that is not an `http://` or `https://` address (`WebAddress`);
  /// `line` is nil for an option.
  case notWebAddress(file: String, line: Int?, url: String)
  case empty(file: String)
}

extension ImportError: CustomStringConvertible {
  /// `url` as an error shows it: on one line, controls as U+FFFD, at most 80 characters.
  static func shown(_ url: String) -> String {
    let scalars = url.unicodeScalars.map { scalar -> Unicode.Scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value) ? "\u{FFFD}" : scalar
    }
    var shown = String(String.UnicodeScalarView(scalars.prefix(80)))
    if scalars.count > 80 { shown += "…" }
    return shown
  }

  public var description: String {
    switch self {
    case .unreadable(let file, let reason): "\(file): \(reason)"
    case .malformedLine(let file, let line, let reason): "\(file):\(line): \(reason)"
    case .invalidDocumentID(let file, let line, let id): "\(file):\(line): '\(id)' is not a valid document id"
    case .webVTT(let file, let reason): "\(file): \(reason)"
    case .missingOption(let file, let option): "\(file): a .vtt file needs \(option)"
    case .empty(let file): "\(file): no passages"
    case .notWebAddress(let file, let line, let url):
      "\(file)\(line.map { ":\($0)" } ?? ""): url '\(Self.shown(url))' is not an http:// or https:// address"
    }
  }
}
