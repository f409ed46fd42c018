/// What the document model rejects: an id that is unsafe as a file name, or a document file
/// that cannot be read as a document (see `DocumentFormat`).
public enum DocumentModelError: Error, Sendable, Equatable {
  /// `id` cannot name a corpus file; `reason` says which rule it breaks.
  case invalidDocumentID(id: String, reason: String)
  /// A document file that is not strict JSON (RFC 8259) or not the shape of a document;
  /// `offset` is the byte where reading stopped.
  case malformedDocument(offset: Int, problem: DocumentProblem)
  /// A document file larger than `DocumentFormat.maximumByteCount`.
  case documentTooLarge(byteCount: Int, limit: Int)
  /// A document file written by a newer duo-kb.
  case unsupportedDocumentFormat(found: Int, supported: Int)
}

/// Why a document file could not be read, for `DocumentModelError.malformedDocument`.
public enum DocumentProblem: Sendable, Equatable {
  /// The file ends inside a value.
  case truncated
  /// A byte that cannot stand where it does.
  case unexpected(found: UInt8, expected: String)
  /// Bytes after the document's closing brace.
  case trailingBytes
  case invalidUTF8
  /// A control character inside a string, where JSON requires an escape.
  case unescapedControlCharacter
  case invalidEscape
  /// A `\uD800`-`\uDFFF` escape without its other half.
  case loneSurrogate
  /// A number that is not a whole number within the range of `Int`.
  case numberOutOfRange
  /// Nesting deeper than `DocumentFormat.maximumDepth` (only unknown fields nest freely).
  case tooDeep
  /// A key given twice in one object: refused rather than one of them silently winning.
  case duplicateKey(String)
  case missingField(String)
  /// A field whose value has the wrong JSON type (or is not one of its allowed values).
  case wrongType(field: String)
  /// A passage's cue start that cannot be where a cue's words begin in it; says why.
  case invalidCueStart(String)
}

extension DocumentModelError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidDocumentID(let id, let reason):
      let shown = id.unicodeScalars.count > 80 ? String(id.unicodeScalars.prefix(80)) + "…" : id
      return "document id '\(shown)' is not usable: \(reason)"
    case .malformedDocument(let offset, let problem):
      return "\(problem) at byte \(offset)"
    case .documentTooLarge(let byteCount, let limit):
      return "\(byteCount) bytes, more than the \(limit) a document may have"
    case .unsupportedDocumentFormat(let found, let supported):
      return "document format \(found); this build reads formats up to \(supported)"
    }
  }
}

extension DocumentProblem: CustomStringConvertible {
  public var description: String {
    switch self {
    case .truncated: "the file ends too early"
    case .unexpected(let found, let expected):
      "byte 0x\(String(found, radix: 16, uppercase: true)) where \(expected) should be"
    case .trailingBytes: "more bytes after the document"
    case .invalidUTF8: "not valid UTF-8"
    case .unescapedControlCharacter: "a control character in a string"
    case .invalidEscape: "an invalid escape in a string"
    case .loneSurrogate: "a lone UTF-16 surrogate in a string"
    case .numberOutOfRange: "a number that is not a whole number in range"
    case .tooDeep: "nested too deeply"
    case .duplicateKey(let key): "the key '\(key)' twice in one object"
    case .missingField(let field): "missing field '\(field)'"
    case .wrongType(let field): "field '\(field)' has the wrong type"
    case .invalidCueStart(let reason): "a cue start \(reason)"
    }
  }
}
