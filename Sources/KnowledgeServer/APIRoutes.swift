import Citations
import Foundation
import HTTPServing
import KnowledgeBase
import SearchIndex

/// The JSON API under `/api/`: the CLI's answers (`search`, `quote`, `cite`, `verify` with
/// `--format json`) and the documents and status of the knowledge base, in the answer model
/// of `AnswerRecords` (schemas in `docs/schema/`). Read-only. docs/API.md describes it.
struct APIRoutes: Sendable {
  let indexes: IndexCache
  let status: @Sendable () throws(APIFailure) -> any Encodable & Sendable

  func answer(_ request: ServerRequest) -> ServerResponse {
    do {
      return try route(request)
    } catch {
      return error.response
    }
  }

  func route(_ request: ServerRequest) throws(APIFailure) -> ServerResponse {
    let path = String(request.path.dropFirst("/api/".count))
    let parameters = APIParameters(request: request)
    if path == "verify" {
      guard request.method == "POST" else { throw .methodNotAllowed(request.method, allowed: ["POST"]) }
      return try verify(request, parameters)
    }
    let routes: [String: (APIParameters) throws(APIFailure) -> any Encodable & Sendable] = [
      "search": search, "quote": quote, "cite": cite, "documents": documents,
      "status": { _ throws(APIFailure) in try status() },
    ]
    let handler: ((APIParameters) throws(APIFailure) -> any Encodable & Sendable)?
    if path.hasPrefix("documents/") {
      let id = String(path.dropFirst("documents/".count))
      handler = { _ throws(APIFailure) in try document(id: id) }
    } else {
      handler = routes[path]
    }
    guard let handler else {
      throw .notFound("no API at \(request.path): there are search, quote, cite, verify, documents and status")
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      throw .methodNotAllowed(request.method, allowed: ["GET"])
    }
    return try Self.json(handler(parameters))
  }

  static func json(_ record: any Encodable) throws(APIFailure) -> ServerResponse {
    guard let data = try? AnswerFormat.data(record, pretty: false) else {
      throw APIFailure(status: 500, "the answer could not be encoded")
    }
    return ServerResponse(
      status: 200, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array(data) + [0x0A])
  }

  func withIndex<Answer>(_ body: (SearchIndex) throws(CitationsError) -> Answer) throws(APIFailure) -> Answer {
    do { return try indexes.withIndex(body) } catch { throw APIFailure(error) }
  }

  /// `GET /api/search?q=…&limit=…&kind=…&event=…&year=…&lang=…`: `duo-kb search --format json`.
  func search(_ parameters: APIParameters) throws(APIFailure) -> any Encodable & Sendable {
    let query = try parameters.required("q", for: "search", example: "/api/search?q=scrolling+content")
    let field = SearchRequest.limit
    let limit =
      try parameters.positiveInteger(field.name, atMost: field.maximum(on: .api)) ?? field.defaultValue(on: .api)
    // Filters go after the query: a column in an error still points into `q`.
    let full = ([query] + (try parameters.filterTerms())).joined(separator: " ")
    let request = SearchRequest(query: full, limit: limit)
    return SearchRecord(try withIndex { index throws(CitationsError) in try request.answer(in: index) })
  }

  /// `GET /api/quote?id=…&context=N`: `duo-kb quote --format json`.
  func quote(_ parameters: APIParameters) throws(APIFailure) -> any Encodable & Sendable {
    let text = try parameters.required("id", for: "quote", example: "/api/quote?id=tech-talks/111466@3:46")
    let field = QuoteRequest.context
    let context = try parameters.integer(field.name, in: field.bounds(on: .api)) ?? field.defaultValue(on: .api)
    guard let reference = MomentReference(parsing: text) else {
      throw .badRequest(
        "'\(text)' is not a citation id or an Apple link",
        hint: "ids look like tech-talks/111466@3:46, tech-talks/111461@3:42-4:51 or hig/layout#anchor")
    }
    if case .document(let id) = reference {
      // The example is one the index holds (a talk's first moment, a page's first section),
      // so the hint works when followed, as the CLI's and MCP's do.
      let example = try withIndex { index throws(CitationsError) in
        _ = try index.overview(documentID: id)
        return index.exampleCitation(documentID: id)
      }
      let what = example?.isSection == true ? "a section" : "a moment"
      throw .badRequest(
        "'\(id)' names a whole document: quote \(what) of it" + (example.map { ", such as \($0.id)" } ?? ""),
        hint: "/api/documents/\(id)")
    }
    let request = QuoteRequest(reference: reference, context: context)
    let answer = try withIndex { index throws(CitationsError) in try request.answer(in: index) }
    // A HIG section keeps its lists and tables (`section`), as `duo-kb quote` and MCP give it.
    let knowledgeBase = indexes.knowledgeBase
    return QuoteRecord(knowledgeBase.withRelatedDocumentation(knowledgeBase.laidOut(answer)))
  }

  /// `GET /api/cite?id=…&format=markdown|text|csl-json|json`: the cite record, its `text`
  /// in that format (`json` gives the Markdown text), byte for byte what `duo-kb cite` prints. An
  /// `id` that is not a citation id is searched and the best hit cited, as `duo-kb cite`
  /// cites it: when it has every word or enough of them (else 404, naming the closest).
  func cite(_ parameters: APIParameters) throws(APIFailure) -> any Encodable & Sendable {
    let input = try parameters.required("id", for: "cite", example: "/api/cite?id=tech-talks/111466@3:46")
    let name = try parameters.choice(
      "format", among: CitationFormat.allCases.map(\.rawValue), default: CitationFormat.markdown.rawValue)
    let format = CitationFormat(rawValue: name) ?? .markdown
    // The same bibliography as `duo-kb cite` and MCP: the documents' dates and speakers too.
    let request = CiteRequest(inputs: [input], format: format)
    let record = try withIndex { index throws(CitationsError) -> CiteRecord? in
      try request.record(from: indexes.knowledgeBase, in: index)
    }
    guard let record else { throw .notFound("nothing matches '\(input)'") }
    return record
  }

  /// `POST /api/verify` (a Markdown or text document): `duo-kb verify --format json`.
  func verify(_ request: ServerRequest, _ parameters: APIParameters) throws(APIFailure) -> ServerResponse {
    let accepted = ["text/markdown", "text/plain", "text/x-markdown"]
    guard let type = request.mediaType, accepted.contains(type) else {
      throw APIFailure(
        status: 415,
        "verify reads a Markdown or text document: send it as text/markdown or text/plain, not \(request.mediaType ?? "no Content-Type")"
      )
    }
    guard let text = String(validating: request.body, as: UTF8.self) else {
      throw .badRequest("the document is not UTF-8")
    }
    let field = VerifyRequest.tolerance
    let tolerance =
      try parameters.integer(field.name(on: .api), in: field.bounds(on: .api)) ?? field.defaultValue(on: .api)
    let allowsUnchecked = try parameters.flag("allowUnchecked")
    let file = request.argument("file").flatMap { $0.isEmpty ? nil : $0 } ?? "document"
    let verification = VerifyRequest(
      text: text, file: file, toleranceSeconds: tolerance, allowsUnchecked: allowsUnchecked)
    let report = try withIndex { index throws(CitationsError) -> VerificationReport in
      verification.report(index: index, documents: try indexes.allDocuments())
    }
    guard let data = try? report.json(pretty: false) else {
      throw APIFailure(status: 500, "the report could not be encoded")
    }
    return ServerResponse(
      status: 200, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array(data) + [0x0A])
  }

  /// `GET /api/documents?kind=…&event=…&year=…&lang=…`.
  func documents(_ parameters: APIParameters) throws(APIFailure) -> any Encodable & Sendable {
    let filters = try parameters.searchFilters()
    return try withIndex { index throws(CitationsError) in index.documentList(filters: filters) }
  }

  /// `GET /api/documents/{id}`: the document whole, every passage with its anchor.
  func document(id: String) throws(APIFailure) -> any Encodable & Sendable {
    var record = try withIndex { index throws(CitationsError) in try index.documentRecord(id: id) }
    // A talk names the documentation pages its page links to, as its quote does.
    record.relatedDocumentation = RelatedPageRecord.records(indexes.knowledgeBase.relatedDocumentation(of: id))
    return record
  }
}
