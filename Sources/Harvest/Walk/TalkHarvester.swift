import Corpus
import Foundation
import HLS
import Normalize
import TalkPage

/// The harvest stage for one talk: page → master playlist → subtitle rendition → media
/// playlist → WebVTT segments → merged cues → passages, into a `HarvestOutcome`. Network
/// only: it reads the previous state it is given and writes nothing.
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

  /// Harvests `source`. The page request is conditional on `previous.document`; when it
  /// answers 304 and `isDeepCheckDue`, the playlists and segments are revalidated too.
  public func harvest(
    _ source: SourceEntry, languages: [String], previous: SourceState, isDeepCheckDue: Bool = false
  ) async -> HarvestOutcome {
    var staged: StagedTrack?
    do throws(HarvestError) {
      let walked = try await walk(
        source, languages: languages, cached: CachedValidators(previous.document?.fetch), previous: previous,
        staged: &staged)
      guard case .notModified = walked, previous.document != nil, isDeepCheckDue else { return walked }
      return try await deepCheck(source, languages: languages, previous: previous, staged: &staged)
    } catch {
      if case .removedUpstream(let url, let reason) = error { return .gone(url: url, reason: reason) }
      return .failed(error, staged: staged)
    }
  }

  /// The walk from the page (or the master playlist a source names), conditional on
  /// `cached` when given.
  func walk(
    _ source: SourceEntry, languages: [String], cached: CachedValidators?, previous: SourceState,
    staged: inout StagedTrack?
  ) async throws(HarvestError) -> HarvestOutcome {
    if URL(string: source.url)?.path.lowercased().hasSuffix(".m3u8") == true {
      return try await harvestMaster(source, languages: languages, cached: cached, previous: previous, staged: &staged)
    }
    return try await harvestPage(source, languages: languages, cached: cached, previous: previous, staged: &staged)
  }

  private func harvestPage(
    _ source: SourceEntry, languages: [String], cached: CachedValidators?, previous: SourceState,
    staged: inout StagedTrack?
  ) async throws(HarvestError) -> HarvestOutcome {
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
    let identity = try TalkIdentity(source: source, response: pageResponse, page: page, allowedHosts: fetcher.allowedHosts)
    let track = try await subtitleTrack(
      masterURL: masterURL.absoluteString, languages: languages, documentID: identity.id,
      previous: previous, staged: &staged)
    var passages = TalkNormalizer().passages(from: track.cues)
    passages = Self.placingCodeSamples(page.codeSamples, among: passages)
    Self.labelChapters(page.chapters, in: &passages)
    var document = Document(
      id: identity.id, kind: .talk, title: source.title ?? page.title, url: identity.url,
      language: track.language, event: page.collection, year: page.year, published: page.datePublished,
      summary: page.summary, passages: passages, cues: track.cues)
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
    _ source: SourceEntry, languages: [String], cached: CachedValidators?, previous: SourceState,
    staged: inout StagedTrack?
  ) async throws(HarvestError) -> HarvestOutcome {
    guard let id = source.id, let title = source.title else {
      throw .invalidSource(url: source.url, reason: "a master playlist source needs an id and a title")
    }
    guard CorpusStore.isValidDocumentID(id) else { throw .corpus(.invalidDocumentID(id)) }
    // The master playlist stands for the page: asked for conditionally.
    let masterResponse = try await fetcher.fetch(source.url, cached: cached)
    if masterResponse.isNotModified { return .notModified(verifiedTrack: nil) }
    let track = try await subtitleTrack(
      masterURL: source.url, languages: languages, documentID: id, previous: previous, staged: &staged,
      masterResponse: masterResponse)
    var document = Document(
      id: id, kind: .talk, title: title, url: source.url, language: track.language,
      passages: TalkNormalizer().passages(from: track.cues), cues: track.cues)
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
