#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What went wrong with the corpus on disk, and where.
public enum CorpusError: Error, Sendable, Equatable {
  /// The document id would not make a safe file name (`../../etc`, empty segments, …).
  case invalidDocumentID(String)
  /// An id a source may not give itself: the shape of a talk's localized ids
  /// (`…/ja`) or of a HIG page's (`hig/…`), so that no two documents can share one.
  case reservedDocumentID(String)
  /// A file could not be read or written.
  case io(path: String, reason: String)
  /// A symbolic link inside the home, where the corpus keeps its files: refused, never
  /// followed, so that nothing outside the home is written or read as corpus.
  case symbolicLink(path: String)
  /// A file is not what it should be (bad JSON, wrong shape).
  case malformed(path: String, reason: String)
  /// A document file whose stored id is not the id its path names
  /// (`Corpus/documents/<id>.json`): a copy or a hand edit, refused so that no document is
  /// read twice or under another name.
  case documentIDMismatch(path: String, stored: String, expected: String)
  /// A source is already listed in sources.json.
  case duplicateSource(String)
  case unsupportedSourcesVersion(path: String, found: Int, supported: Int)
  /// A URL that is none of the kinds duo-kb harvests, or lacks what its kind needs.
  case unrecognizedSource(url: String, reason: String)
}

extension CorpusError: CustomStringConvertible {
  /// An id read from a damaged file, as an error shows it: controls as U+FFFD, at most 80
  /// characters.
  static func shown(_ id: String) -> String {
    let scalars = id.unicodeScalars.map { scalar -> Unicode.Scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value) ? "\u{FFFD}" : scalar
    }
    return String(String.UnicodeScalarView(scalars.prefix(80))) + (scalars.count > 80 ? "…" : "")
  }

  public var description: String {
    switch self {
    case .invalidDocumentID(let id):
      "'\(id)' is not a valid document id (lowercase segments of a-z, 0-9, '.', '-', '_', joined by '/')"
    case .reservedDocumentID(let id):
      "'\(id)' is reserved: ids ending in a language tag (…/ja) name a talk's other languages, and hig/… names HIG pages"
    case .io(let path, let reason): "\(path): \(reason)"
    case .symbolicLink(let path): "\(path) is a symbolic link; duo-kb does not follow links in its home"
    case .malformed(let path, let reason): "\(path): \(reason)"
    case .documentIDMismatch(let path, let stored, let expected):
      "\(path): its id is '\(Self.shown(stored))', not '\(expected)' as its path says"
    case .duplicateSource(let url): "\(url) is already in sources.json"
    case .unsupportedSourcesVersion(let path, let found, let supported):
      "\(path): version \(found); this build reads version \(supported)"
    case .unrecognizedSource(let url, let reason): "\(url): \(reason)"
    }
  }
}
