import Citations
import Corpus
import DocumentModel
import JSON
import SearchIndex

/// The corpus as MCP resources (server/resources): one per document, at
/// `duokb://document/<document id>`, read as Markdown.
enum DocumentResources {
  static let scheme = "duokb://document/"
  static let mimeType = "text/markdown"
  static let pageSize = 500

  static func uri(documentID: String) -> String { scheme + documentID }

  /// The document id a URI names, when it is one of ours and a valid id.
  static func documentID(uri: String) -> String? {
    guard uri.hasPrefix(scheme) else { return nil }
    let id = String(uri.dropFirst(scheme.count))
    return CorpusStore.isValidDocumentID(id) ? id : nil
  }

  static func listing(_ document: StoredDocument) -> JSONValue {
    var about =
      switch document.kind {
      case .talk: "Talk transcript"
      case .hig: "Human Interface Guidelines page"
      case .doc: "Apple Developer Documentation page"
      }
    if let framework = document.framework { about += ", \(framework)" }
    if document.isDeprecated { about += ", deprecated API (not to be cited as current)" }
    if let event = document.event { about += ", \(event)" }
    if let year = document.year { about += " (\(year))" }
    about += "; Apple's exact words with \(document.kind == .talk ? "timestamps" : "section anchors") and deep links"
    return [
      "uri": .string(uri(documentID: document.id)), "name": .string(document.id), "title": .string(document.title),
      "description": .string(about), "mimeType": .string(mimeType),
    ]
  }

  /// One page of the listing; the cursor is the offset of the next page (opaque to clients).
  static func list(_ index: SearchIndex?, cursor: String?) throws(ProtocolError) -> JSONValue {
    var offset = 0
    if let cursor {
      guard let value = Int(cursor), value >= 0 else { throw .invalidParams("unknown cursor '\(cursor)'") }
      offset = value
    }
    let count = index?.documentCount ?? 0
    // `count - offset` first: an offset near Int.max plus the page size would overflow.
    let end = offset < count ? offset + min(pageSize, count - offset) : count
    var resources: [JSONValue] = []
    if let index, offset < end { resources = (offset..<end).map { listing(index.document($0)) } }
    var result: [String: JSONValue] = ["resources": .array(resources)]
    if end < count { result["nextCursor"] = .string(String(end)) }
    return .object(result)
  }

  static let templates: JSONValue = [
    "resourceTemplates": [
      [
        "uriTemplate": "duokb://document/{+id}", "name": "document", "title": "A talk or HIG page by document id",
        "description": "A document of the corpus by id, e.g. duokb://document/tech-talks/111466",
        "mimeType": "text/markdown",
      ]
    ]
  ]
}
