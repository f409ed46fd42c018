import AppleSite
import Corpus
import DocCRender
import DocumentModel
import Foundation
import Normalize

/// Fetches HIG pages as DocC render JSON and makes documents of them; optionally follows
/// a page's topic sections to the pages below it, bounded in depth and count, each page once.
public struct HIGHarvester: Sendable {
  public let fetcher: SiteFetcher
  public var now: @Sendable () -> Date

  public init(fetcher: SiteFetcher, now: @escaping @Sendable () -> Date = { Date() }) {
    self.fetcher = fetcher
    self.now = now
  }

  /// Harvests one page, by its page URL or its render JSON URL: the harvest stage of a
  /// HIG page (network only). The pages below it come back in `HarvestedDocument.links`.
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

  /// The document id of a HIG page or render JSON URL.
  public static func documentID(for url: URL) throws(HarvestError) -> String {
    guard let slug = HIGURL.slug(fromPageOrJSON: url) else {
      throw .invalidSource(url: url.absoluteString, reason: "not a HIG page URL")
    }
    do {
      return try DocumentID.hig(slug: slug)
    } catch {
      throw .invalidSource(url: url.absoluteString, reason: "\(error)")
    }
  }

  private func walk(pageURL: URL, previous: SourceState) async throws(HarvestError) -> HarvestOutcome {
    guard let jsonURL = HIGURL.jsonURL(forPage: pageURL) ?? (pageURL.pathExtension == "json" ? pageURL : nil)
    else { throw .invalidSource(url: pageURL.absoluteString, reason: "not a HIG page URL") }
    let id = try Self.documentID(for: jsonURL)
    // The page is decoded while its share of the byte budget is held; its body is dropped.
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
    if let identifier = page.identifierURL, !HIGURL.identifier(identifier, matches: jsonURL) {
      throw .redirectedPage(url: jsonURL.absoluteString, identifier: identifier)
    }
    let sections = HIGSectionInput.inputs(from: page)
    let normalizer = HIGNormalizer()
    let readable = HIGURL.pageURL(forJSON: jsonURL) ?? pageURL
    var document = Document(
      id: id, kind: .hig, title: page.title, url: readable.absoluteString,
      // The page's only date: the latest of its change log (the render JSON has no other).
      published: page.lastChanged, summary: page.abstract.isEmpty ? nil : page.abstract,
      passages: normalizer.passages(from: sections), sections: normalizer.sections(from: sections))
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

  /// HIG pages below this one: those its topic sections list, in order, then the other HIG
  /// pages its references name (links in its text), each once; only on this page's origin
  /// or Apple's.
  static func pagesBelow(_ page: RenderPage, base: URL) -> [URL] {
    var paths: [String] = []
    for section in page.topicSections {
      for item in section.items {
        if let path = item.url ?? page.references[item.identifier]?.url { paths.append(path) }
      }
    }
    paths += page.references.keys.sorted().compactMap { page.references[$0]?.url }
    var seen: Set<String> = []
    var urls: [URL] = []
    for path in paths where path.lowercased().contains("/design/human-interface-guidelines") {
      guard let url = URL(string: path, relativeTo: base)?.absoluteURL,
        [HIGURL.origin(of: base), HIGURL.appleOrigin].contains(HIGURL.origin(of: url)),
        let slug = HIGURL.slug(fromPageOrJSON: url), seen.insert(slug.lowercased()).inserted
      else { continue }
      urls.append(url)
    }
    return urls
  }
}
