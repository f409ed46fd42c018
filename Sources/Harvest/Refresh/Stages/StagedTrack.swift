import Foundation
import Normalize

/// The segments of one talk's subtitle track that an attempt fetched and validated
/// (parsed as WebVTT) before the talk failed, so that the next attempt fetches only the
/// rest. Valid only for the media playlist it was read from: same URL, same bytes.
public struct StagedTrack: Codable, Sendable, Equatable {
  public static let currentVersion = 1

  public var version: Int
  public var documentID: String
  public var mediaURL: String
  /// SHA-256 of the media playlist body the segments were listed in, hex.
  public var mediaSHA256: String
  public var segments: [StagedSegment]

  public init(documentID: String, mediaURL: String, mediaSHA256: String, segments: [StagedSegment]) {
    version = Self.currentVersion
    self.documentID = documentID
    self.mediaURL = mediaURL
    self.mediaSHA256 = mediaSHA256
    self.segments = segments
  }

  /// Whether the segments were listed by this media playlist.
  public func matches(mediaURL: String, mediaSHA256: String) -> Bool {
    version == Self.currentVersion && self.mediaURL == mediaURL && self.mediaSHA256 == mediaSHA256
  }
}

/// One validated segment: where it sits in the playlist, its validator, its cues.
public struct StagedSegment: Codable, Sendable, Equatable {
  public var index: Int
  public var validator: ResourceValidator
  /// Decoded body bytes, counted against the talk's subtitle limit.
  public var byteCount: Int
  public var cues: SegmentCues

  public init(index: Int, validator: ResourceValidator, byteCount: Int, cues: SegmentCues) {
    self.index = index
    self.validator = validator
    self.byteCount = byteCount
    self.cues = cues
  }
}
