import Corpus
import DocumentModel
import Foundation

extension TalkHarvester {
  /// Revalidates the master playlist, the media playlist and every segment with
  /// conditional requests against the check record. All unchanged (304, or the same
  /// bytes): `.notModified` with the validators as of now. Anything changed, or no record
  /// to check against: the talk is walked again in full.
  func deepCheck(_ source: SourceEntry, language: String, previous: SourceState, staged: inout StagedTrack?)
    async throws(HarvestError) -> HarvestOutcome
  {
    if let track = previous.record?.track, let verified = try await revalidate(track) {
      return .notModified(verifiedTrack: verified)
    }
    var outcome = try await walk(source, language: language, cached: nil, previous: previous, staged: &staged)
    if case .harvested(var harvested) = outcome {
      harvested.isDeepCheck = true
      outcome = .harvested(harvested)
    }
    return outcome
  }

  /// The track's validators after revalidating every resource; nil when one changed.
  private func revalidate(_ track: TrackValidators) async throws(HarvestError) -> TrackValidators? {
    var track = track
    for keyPath in [\TrackValidators.master, \TrackValidators.media] {
      let validator = track[keyPath: keyPath]
      let response = try await fetcher.fetch(validator.url, cached: validator.cached)
      guard validator.isUnchanged(by: response) else { return nil }
      track[keyPath: keyPath] = validator.updated(by: response)
    }
    let fetcher = fetcher
    let segments = track.segments
    let maxBytes = fetcher.limits.maxSegmentBytes
    var isUnchanged = true
    var firstFailure: (index: Int, error: HarvestError)?
    await BoundedConcurrency.forEach(Array(segments.indices), width: segmentConcurrency) {
      index -> Result<ResourceValidator?, HarvestError> in
      let validator = segments[index]
      do throws(HarvestError) {
        return .success(
          try await fetcher.fetch(validator.url, cached: validator.cached, maxBodyBytes: maxBytes) {
            response throws(HarvestError) in
            validator.isUnchanged(by: response) ? validator.updated(by: response) : nil
          })
      } catch {
        return .failure(error)
      }
    } collect: { (index: Int, outcome: Result<ResourceValidator?, HarvestError>) -> Bool in
      switch outcome {
      case .success(let updated?): track.segments[index] = updated
      case .success(nil): isUnchanged = false
      case .failure(let error):
        if firstFailure.map({ index < $0.index }) ?? true { firstFailure = (index, error) }
      }
      return isUnchanged
    }
    guard isUnchanged else { return nil }
    if let firstFailure { throw firstFailure.error }
    return track
  }
}
