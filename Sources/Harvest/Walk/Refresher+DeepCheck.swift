import Corpus
import Foundation
import Normalize

extension Refresher {
  /// Whether `document`'s playlists and segments are to be revalidated in this refresh.
  /// Its last deep check is the one its check record names, else when it was fetched
  /// (a harvest walks everything).
  func isDeepCheckDue(_ document: Document) -> Bool {
    let record = state.record(forDocument: document.id)
    let last = RefreshTime.date(record?.lastDeepCheckAt)
      ?? RefreshTime.date(document.fetch?.lastDeepCheckAt)
      ?? RefreshTime.date(document.fetch?.fetchedAt)
    return deepChecks.isDue(id: document.id, lastDeepCheck: last, now: now())
  }

  /// Revalidates the master playlist, the media playlist and every segment with
  /// conditional requests. All unchanged (304, or the same bytes): the check record is
  /// updated and no document is written. Anything changed, or no record to check
  /// against: the talk is walked again in full and applied as usual.
  func deepCheck(_ source: SourceEntry, previous: Document, languages: [String])
    async throws(HarvestError) -> RefreshReport.Entry
  {
    guard var record = state.record(forDocument: previous.id), var track = record.track else {
      var entry = try await fullWalk(source, languages: languages)
      entry.deepChecked = true
      return entry
    }
    var isUnchanged = true
    let master = try await fetcher.fetch(
      track.master.url, etag: track.master.etag, lastModified: track.master.lastModified)
    isUnchanged = track.master.isUnchanged(by: master)
    track.master = track.master.updated(by: master)
    if isUnchanged {
      let media = try await fetcher.fetch(
        track.media.url, etag: track.media.etag, lastModified: track.media.lastModified)
      isUnchanged = track.media.isUnchanged(by: media)
      track.media = track.media.updated(by: media)
    }
    if isUnchanged {
      let responses = try await fetcher.fetchAll(validating: track.segments, maxConcurrent: 100)
      for (index, response) in responses.enumerated() {
        isUnchanged = isUnchanged && track.segments[index].isUnchanged(by: response)
        track.segments[index] = track.segments[index].updated(by: response)
      }
    }
    guard isUnchanged else {
      var entry = try await fullWalk(source, languages: languages)
      entry.deepChecked = true
      return entry
    }
    record.track = track
    record.lastDeepCheckAt = RefreshTime.string(now())
    do { try state.write(record) } catch { throw .corpus(error) }
    return RefreshReport.Entry(source: source.url, documentID: previous.id, status: .unchanged, deepChecked: true)
  }

  /// The whole walk, unconditionally, applied to the corpus.
  func fullWalk(_ source: SourceEntry, languages: [String]) async throws(HarvestError) -> RefreshReport.Entry {
    let harvester = TalkHarvester(fetcher: fetcher, now: now)
    switch try await harvester.harvest(source, languages: languages, previous: nil) {
    case .notModified:
      return RefreshReport.Entry(source: source.url, documentID: Self.documentID(for: source), status: .unchanged)
    case .harvested(let document, let details):
      return try applyHarvest(document, details: details, source: source)
    }
  }
}
