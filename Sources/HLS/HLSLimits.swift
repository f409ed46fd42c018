/// Bounds on what `PlaylistParser` accepts, so hostile input costs bounded memory and time.
///
/// Past a limit the parser throws (`HLSError.playlistTooLarge`, `.lineTooLong`,
/// `.tooManySegments`, `.tooManyEntries`); it never truncates silently.
public struct HLSLimits: Sendable, Equatable {
  /// Largest playlist file, in bytes. A 35-minute talk's subtitle playlist is about 20 KB.
  public var maxPlaylistBytes: Int
  /// Longest line, in bytes (a tag with its attribute list, or a URI).
  public var maxLineBytes: Int
  /// Most media segments in one media playlist.
  public var maxSegments: Int
  /// Most variants, I-frame variants, renditions, and unmodelled tags, each counted separately.
  public var maxEntries: Int

  public init(
    maxPlaylistBytes: Int = 16 * 1024 * 1024,
    maxLineBytes: Int = 64 * 1024,
    maxSegments: Int = 100_000,
    maxEntries: Int = 100_000
  ) {
    self.maxPlaylistBytes = maxPlaylistBytes
    self.maxLineBytes = maxLineBytes
    self.maxSegments = maxSegments
    self.maxEntries = maxEntries
  }

  /// 16 MiB per playlist, 64 KiB per line, 100,000 segments, 100,000 entries of each kind.
  public static let `default` = HLSLimits()
}
