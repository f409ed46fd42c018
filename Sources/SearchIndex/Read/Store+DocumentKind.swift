import DocumentModel

/// The document record's kind and flags (FORMAT.md, `store.dki`).
extension Store {
  static func kindCode(_ kind: DocumentKind) -> UInt8 {
    switch kind {
    case .talk: 0
    case .hig: 1
    case .doc: 2
    }
  }

  static func kind(code: UInt8?) -> DocumentKind {
    switch code {
    case 1: .hig
    case 2: .doc
    default: .talk
    }
  }

  static func flags(of document: Document) -> UInt8 {
    guard let metadata = document.documentation else { return 0 }
    return (metadata.isDeprecated ? 1 : 0) | (metadata.isBeta ? 2 : 0)
  }
}
