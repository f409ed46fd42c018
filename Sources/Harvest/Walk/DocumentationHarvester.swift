import AppleSite
import Corpus
import DocCRender
import DocumentModel
import Foundation
import Normalize

/// Fetches pages of Apple's developer documentation as DocC render JSON and makes
/// documents of them (`doc/<path>`), as `HIGHarvester` does for HIG pages: the same
/// fetcher (per-host limits, allow-list, conditional requests). The pages its topic
/// sections list come back in `HarvestedDocument.links`, for `--follow`.
public struct DocumentationHarvester: Sendable {
  public let fetcher: SiteFetcher
  public var now: @Sendable () -> Date

  public init(fetcher: SiteFetcher, now: @escaping @Sendable () -> Date = { Date() }) {
    self.fetcher = fetcher
    self.now = now
  }

  /// Harvests one page by its page URL or render JSON URL (network only); a page gone
  /// (404, 410) is reported so, and its document kept and marked.
  public func harvest(pageURL: URL, previous: SourceState) async -> HarvestOutcome {
    do throws(HarvestError) {
      return try await walk(pageURL: pageURL, previous: previous)
    } catch {
      if case .http(.status(let code, _)) = error, code == 404 || code == 410 {
        return .gone(url: pageURL.absoluteString, reason: "HTTP \(code)")
      }
      return .failed(error, staged: nil)
    }
  }

  /// The document id of a documentation page or render JSON URL.
  public static func documentID(for url: URL) throws(HarvestError) -> String {
    guard let path = DocumentationURL.path(fromPageOrJSON: url) else {
      throw .invalidSource(url: url.absoluteString, reason: "not a documentation page URL")
    }
    do {
      return try DocumentID.documentation(path: path)
    } catch {
      throw .invalidSource(url: url.absoluteString, reason: "\(error)")
    }
  }

  private func walk(pageURL: URL, previous: SourceState) async throws(HarvestError) -> HarvestOutcome {
    guard let jsonURL = DocumentationURL.jsonURL(forPage: pageURL) else {
      throw .invalidSource(url: pageURL.absoluteString, reason: "not a documentation page URL")
    }
    let id = try Self.documentID(for: jsonURL)
    let (response, decoded) = try await fetcher.fetch(
      jsonURL.absoluteString, cached: CachedValidators(previous.head?.fetch)
    ) { response throws(HarvestError) -> (HTTPResponse, RenderPage?) in
      var head = response
      head.body = Data()
      guard !response.isNotModified else { return (head, nil) }
      do throws(DocCRenderError) {
        return (head, try RenderPageDecoder().decode(response.body, url: jsonURL))
      } catch {
        throw .higPage(url: jsonURL.absoluteString, error)
      }
    }
    guard let page = decoded else { return .notModified(verifiedTrack: nil) }
    if let identifier = page.identifierURL, !DocumentationURL.identifier(identifier, matches: jsonURL) {
      throw .redirectedPage(url: jsonURL.absoluteString, identifier: identifier)
    }
    let sections = DocumentationSectionInput.inputs(from: page)
    let normalizer = HIGNormalizer()
    let readable = DocumentationURL.pageURL(forJSON: jsonURL) ?? pageURL
    var document = Document(
      id: id, kind: .doc, title: page.title, url: readable.absoluteString,
      summary: page.abstract.isEmpty ? nil : page.abstract,
      passages: normalizer.passages(from: sections), sections: normalizer.sections(from: sections))
    document.documentation = DocumentationSectionInput.metadata(of: page)
    document.fetch = FetchMetadata(
      sourceURL: jsonURL.absoluteString, etag: response.etag, lastModified: response.lastModified,
      contentHash: ContentHash.of(document), fetchedAt: TalkHarvester.timestamp(now()))
    if response.etag != nil || response.lastModified != nil {
      document.fetch?.validatorOrigin = response.validatorOrigin
    }
    guard !document.passages.isEmpty else { throw .noPassages(url: jsonURL.absoluteString) }
    var warnings = page.warnings.map(\.description)
    if page.unknownNodeCount > 0 {
      warnings.append("\(page.unknownNodeCount) nodes of unknown kinds kept as plain text")
    }
    var harvested = HarvestedDocument(document: document, warnings: warnings)
    harvested.links = Self.pagesBelow(page, base: jsonURL)
    return .harvested(harvested)
  }

  /// The documentation pages this page's topic sections list, in order, each once; only on
  /// this page's origin or Apple's.
  static func pagesBelow(_ page: RenderPage, base: URL) -> [URL] {
    var seen: Set<String> = []
    var urls: [URL] = []
    for item in page.topicSections.flatMap(\.items) {
      guard let reference = item.url ?? page.references[item.identifier]?.url,
        let path = DocumentationURL.path(fromIdentifier: reference),
        let url = DocumentationURL.pageURL(forPath: path, origin: HIGURL.origin(of: base)),
        seen.insert(path.lowercased()).inserted
      else { continue }
      urls.append(url)
    }
    return urls
  }
}
