import Corpus
import Foundation
import HLS
import Normalize
import TalkPage
import WebVTT

/// Walks one talk: page → master playlist → subtitle rendition → media playlist →
/// WebVTT segments → merged cues → passages, into a `Document`.
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

  /// What a harvest of one talk produced.
  public enum Outcome: Sendable {
    /// The page answered 304 to a conditional request: nothing to do.
    case notModified
    case harvested(Document, TalkHarvestDetails)
  }

  /// Harvests `source`; `previous` (the copy in the corpus) makes the page request conditional.
  public func harvest(
    _ source: SourceEntry, languages: [String], previous: Document?
  ) async throws(HarvestError) -> Outcome {
    if URL(string: source.url)?.path.lowercased().hasSuffix(".m3u8") == true {
      return try await harvestMaster(source, languages: languages, previous: previous)
    }
    let pageResponse: HTTPResponse
    do throws(HarvestError) {
      pageResponse = try await fetcher.fetch(
        source.url, etag: previous?.fetch?.etag, lastModified: previous?.fetch?.lastModified)
    } catch {
      if case .http(.status(let code, _)) = error, code == 404 || code == 410 {
        throw .removedUpstream(url: source.url, reason: "HTTP \(code)")
      }
      throw error
    }
    if pageResponse.isNotModified { return .notModified }
    guard let pageURL = URL(string: pageResponse.finalURL) else {
      throw .invalidSource(url: source.url, reason: "not a URL")
    }
    // Apple redirects a removed talk to an index page.
    if pageResponse.redirectCount > 0, !TalkURL.isTalkPage(pageURL) {
      throw .removedUpstream(url: source.url, reason: "redirects to \(pageResponse.finalURL)")
    }
    let page: TalkPage
    do {
      page = try TalkPageParser().parse(pageResponse.body, url: pageURL)
    } catch {
      throw .page(url: source.url, error)
    }
    let masterURL: URL
    do {
      masterURL = try page.requireMasterPlaylistURL()
    } catch {
      throw .page(url: source.url, error)
    }
    let canonical = page.canonicalURL.flatMap { TalkURL.isTalkPage($0) ? $0 : nil } ?? pageURL
    guard let id = source.id ?? TalkURL.documentID(for: canonical) ?? TalkURL.documentID(for: pageURL)
    else { throw .invalidSource(url: source.url, reason: "no document id: not a talk page URL") }
    let track = try await subtitleTrack(masterURL: masterURL.absoluteString, languages: languages)
    var details = track.details
    details.transcriptDisagreements = TranscriptCrossCheck().disagreements(
      lines: page.transcript,
      cues: track.cues.map { TranscriptCrossCheck.Cue(startMilliseconds: $0.startMilliseconds, text: $0.text) })
    var passages = TalkNormalizer().passages(from: track.cues)
    passages = Self.placingCodeSamples(page.codeSamples, among: passages)
    Self.labelChapters(page.chapters, in: &passages)
    var document = Document(
      id: id, kind: .talk, title: source.title ?? page.title, url: canonical.absoluteString,
      language: track.language, event: page.collection, year: page.year,
      summary: page.summary, passages: passages, cues: track.cues)
    document.fetch = fetchMetadata(
      source: source.url, response: pageResponse, document: document)
    guard !document.passages.isEmpty else { throw .noPassages(url: source.url) }
    return .harvested(document, details)
  }

  /// A source that names a master playlist directly, with its id and title.
  private func harvestMaster(_ source: SourceEntry, languages: [String], previous: Document?)
    async throws(HarvestError) -> Outcome
  {
    guard let id = source.id, let title = source.title else {
      throw .invalidSource(url: source.url, reason: "a master playlist source needs an id and a title")
    }
    guard CorpusStore.isValidDocumentID(id) else { throw .corpus(.invalidDocumentID(id)) }
    // The master playlist stands for the page: asked for conditionally.
    let masterResponse = try await fetcher.fetch(
      source.url, etag: previous?.fetch?.etag, lastModified: previous?.fetch?.lastModified)
    if masterResponse.isNotModified { return .notModified }
    let track = try await subtitleTrack(
      masterURL: source.url, languages: languages, masterResponse: masterResponse)
    var document = Document(
      id: id, kind: .talk, title: title, url: source.url, language: track.language,
      passages: TalkNormalizer().passages(from: track.cues), cues: track.cues)
    document.fetch = FetchMetadata(
      sourceURL: source.url, etag: track.masterResponse.etag,
      lastModified: track.masterResponse.lastModified,
      contentHash: ContentHash.of(document), fetchedAt: Self.timestamp(now()))
    guard !document.passages.isEmpty else { throw .noPassages(url: source.url) }
    return .harvested(document, track.details)
  }

  private func fetchMetadata(source: String, response: HTTPResponse, document: Document)
    -> FetchMetadata
  {
    FetchMetadata(
      sourceURL: source, etag: response.etag, lastModified: response.lastModified,
      contentHash: ContentHash.of(document), fetchedAt: Self.timestamp(now()))
  }

  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }
}
