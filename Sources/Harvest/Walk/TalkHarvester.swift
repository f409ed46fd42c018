import AppleSite
import Corpus
import DocumentModel
import Foundation
import HLS
import Normalize
import TalkPage

/// The harvest stage for one talk in one language: page → master playlist → subtitle
/// rendition → media playlist → WebVTT segments → merged cues → passages, into a
/// `HarvestOutcome`. Network only: it reads the previous state it is given and writes
/// nothing.
///
/// A language with a localized site (`LocalizedSite`: Japanese, Korean, Chinese) is read
/// from its page there (`/jp/videos/play/…`), which gives the document its URL, title and
/// chapters; when Apple has no such page (404, 410, a redirect away from talk pages) the
/// listed page stands in. Other languages read the page without a locale folder, whatever
/// folder the listed URL has. The document id says the language (`DocumentID.localized`).
public struct TalkHarvester: Sendable {
  public let fetcher: SiteFetcher
  /// Segment requests in flight for one talk.
  public var segmentConcurrency: Int
  public var now: @Sendable () -> Date

  public init(
    fetcher: SiteFetcher, segmentConcurrency: Int = 100,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.fetcher = fetcher
    self.segmentConcurrency = segmentConcurrency
    self.now = now
  }

  /// Harvests `source` in `language` (a BCP 47 tag). The page request is conditional on
  /// `previous.head`; when it answers 304 and `isDeepCheckDue`, the playlists and
  /// segments are revalidated too.
  public func harvest(
    _ source: SourceEntry, language: String = "en", previous: SourceState, isDeepCheckDue: Bool = false
  ) async -> HarvestOutcome {
    var staged: StagedTrack?
    do throws(HarvestError) {
      let walked = try await walk(
        source, language: language, cached: CachedValidators(previous.head?.fetch), previous: previous,
        staged: &staged)
      guard case .notModified = walked, previous.head != nil, isDeepCheckDue else { return walked }
      return try await deepCheck(source, language: language, previous: previous, staged: &staged)
    } catch {
      if case .removedUpstream(let url, let reason) = error { return .gone(url: url, reason: reason) }
      return .failed(error, staged: staged)
    }
  }

  /// The walk from the page (or the master playlist a source names), conditional on
  /// `cached` when given.
  func walk(
    _ source: SourceEntry, language: String, cached: CachedValidators?, previous: SourceState,
    staged: inout StagedTrack?
  ) async throws(HarvestError) -> HarvestOutcome {
    if URL(string: source.url)?.path.lowercased().hasSuffix(".m3u8") == true {
      return try await harvestMaster(source, language: language, cached: cached, previous: previous, staged: &staged)
    }
    guard let localized = Self.localizedPage(source, language: language) else {
      return try await harvestPage(
        source, pageURL: source.url, language: language, cached: cached, previous: previous, staged: &staged)
    }
    do throws(HarvestError) {
      return try await harvestPage(
        source, pageURL: localized, language: language, cached: Self.validators(cached, for: localized, previous),
        previous: previous, staged: &staged)
    } catch {
      guard case .removedUpstream = error else { throw error }
    }
    return try await harvestPage(
      source, pageURL: source.url, language: language, cached: Self.validators(cached, for: source.url, previous),
      previous: previous, staged: &staged)
  }

  /// The listed talk page in the locale of `language` (`/jp/videos/play/…` for `ja`, the
  /// page without a locale folder for English and languages without a site), nil when
  /// that is the page listed.
  static func localizedPage(_ source: SourceEntry, language: String) -> String? {
    guard let listed = URL(string: source.url), TalkURL.isTalkPage(listed),
      let page = LocalizedSite.talkPage(listed, language: language)?.absoluteString,
      page != source.url
    else { return nil }
    return page
  }

  /// `cached` when the previous document was fetched from `url`: validators go back only
  /// to the page that issued them.
  static func validators(_ cached: CachedValidators?, for url: String, _ previous: SourceState) -> CachedValidators? {
    previous.head?.fetch?.sourceURL == url ? cached : nil
  }

  private func harvestPage(
    _ source: SourceEntry, pageURL listedPage: String, language: String, cached: CachedValidators?,
    previous: SourceState, staged: inout StagedTrack?
  ) async throws(HarvestError) -> HarvestOutcome {
    var source = source
    source.url = listedPage
    // The page is parsed while its share of the byte budget is held; its body is dropped.
    let fetched: (response: HTTPResponse, page: TalkPage?)
    do throws(HarvestError) {
      fetched = try await fetcher.fetch(source.url, cached: cached) { response throws(HarvestError) in
        var head = response
        head.body = Data()
        guard !response.isNotModified else { return (head, nil) }
        guard let pageURL = URL(string: response.finalURL) else {
          throw .invalidSource(url: source.url, reason: "not a URL")
        }
        // Apple redirects a removed talk to an index page.
        if response.redirectCount > 0, !TalkURL.isTalkPage(pageURL) {
          throw .removedUpstream(url: source.url, reason: "redirects to \(response.finalURL)")
        }
        do throws(TalkPageError) {
          return (head, try TalkPageParser().parse(response.body, url: pageURL))
        } catch {
          throw .page(url: source.url, error)
        }
      }
    } catch {
      if case .http(.status(let code, _)) = error, code == 404 || code == 410 {
        throw .removedUpstream(url: source.url, reason: "HTTP \(code)")
      }
      throw error
    }
    let pageResponse = fetched.response
    guard let page = fetched.page else { return .notModified(verifiedTrack: nil) }
    let masterURL: URL
    do {
      masterURL = try page.requireMasterPlaylistURL()
    } catch {
      throw .page(url: source.url, error)
    }
    let identity = try TalkIdentity(
      source: source, language: language, response: pageResponse, page: page, allowedHosts: fetcher.allowedHosts)
    let track = try await subtitleTrack(
      masterURL: masterURL.absoluteString, language: language, documentID: identity.id,
      previous: previous, staged: &staged)
    let passages = TalkDocument.passages(
      cues: track.cues, codeSamples: page.codeSamples.map(Self.codeSample), chapters: page.chapters.map(Self.chapter))
    var document = Document(
      id: identity.id, kind: .talk, title: source.title ?? page.title, url: identity.url,
      language: track.language, event: page.collection, year: page.year,
      published: page.datePublished ?? source.published, summary: page.summary, passages: passages, cues: track.cues)
    // The catalog's date stands in for the page's, and the citation says so.
    document.publishedFrom = page.datePublished != nil ? "page" : source.published != nil ? "catalog" : nil
    document.relatedDocumentation = Self.relatedDocumentation(page.documentationLinks)
    document.fetch = fetchMetadata(source: source.url, response: pageResponse, document: document)
    guard !document.passages.isEmpty else { throw .noPassages(url: source.url) }
    var warnings = identity.warnings
    let disagreements = TranscriptCrossCheck().disagreements(
      lines: page.transcript,
      cues: track.cues.map { TranscriptCrossCheck.Cue(startMilliseconds: $0.startMilliseconds, text: $0.text) })
    if !disagreements.isEmpty {
      warnings.append("the page transcript disagrees with the subtitles in \(disagreements.count) places")
    }
    return .harvested(HarvestedDocument(document: document, validators: track.validators, warnings: warnings))
  }

  /// A source that names a master playlist directly, with its id and title.
  private func harvestMaster(
    _ source: SourceEntry, language: String, cached: CachedValidators?, previous: SourceState,
    staged: inout StagedTrack?
  ) async throws(HarvestError) -> HarvestOutcome {
    guard let base = source.id, let title = source.title else {
      throw .invalidSource(url: source.url, reason: "a master playlist source needs an id and a title")
    }
    guard CorpusStore.isValidDocumentID(base) else { throw .corpus(.invalidDocumentID(base)) }
    guard !DocumentID.isReservedForLanguages(base) else { throw .corpus(.reservedDocumentID(base)) }
    let id = try TalkIdentity.documentID(base: base, language: language, url: source.url)
    // The master playlist stands for the page: asked for conditionally.
    let masterResponse = try await fetcher.fetch(source.url, cached: cached)
    if masterResponse.isNotModified { return .notModified(verifiedTrack: nil) }
    let track = try await subtitleTrack(
      masterURL: source.url, language: language, documentID: id, previous: previous, staged: &staged,
      masterResponse: masterResponse)
    var document = Document(
      id: id, kind: .talk, title: title, url: source.url, language: track.language,
      passages: TalkDocument.passages(cues: track.cues), cues: track.cues)
    document.fetch = fetchMetadata(source: source.url, response: masterResponse, document: document)
    guard !document.passages.isEmpty else { throw .noPassages(url: source.url) }
    return .harvested(HarvestedDocument(document: document, validators: track.validators))
  }

  private func fetchMetadata(source: String, response: HTTPResponse, document: Document) -> FetchMetadata {
    var metadata = FetchMetadata(
      sourceURL: source, etag: response.etag, lastModified: response.lastModified,
      contentHash: ContentHash.of(document), fetchedAt: Self.timestamp(now()))
    // The origin of validators, when there are any: without them it names nothing.
    if metadata.etag != nil || metadata.lastModified != nil { metadata.validatorOrigin = response.validatorOrigin }
    return metadata
  }

  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}
