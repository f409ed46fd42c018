#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads an HLS playlist (RFC 8216 §4) into a `Playlist`.
///
/// Pure and synchronous. Input that is not a playlist, or exceeds `HLSLimits`, throws
/// `HLSError` with the line; problems inside a playlist become `HLSWarning`s.
///
/// Leniencies (each tested):
/// - blank lines and comment lines before `#EXTM3U` are skipped (seen in published
///   examples that start with a comment naming their source); a UTF-8 BOM is skipped;
/// - a lone CR ends a line, like LF and CR LF;
/// - URI lines and tag names lose surrounding spaces and tabs (§4.1 forbids them);
/// - see `AttributeList` and the media and multivariant readers for the rest.
public struct PlaylistParser: Sendable {
  public let limits: HLSLimits

  public init(limits: HLSLimits = .default) {
    self.limits = limits
  }

  public func parse(_ data: Data, url: URL) throws(HLSError) -> Playlist {
    guard data.count <= limits.maxPlaylistBytes else {
      throw .playlistTooLarge(url: url, bytes: data.count, limit: limits.maxPlaylistBytes)
    }
    let lines = PlaylistLines(bytes: [UInt8](data), maxLineBytes: limits.maxLineBytes)
    let survey = try survey(lines, url: url)
    var warnings: [HLSWarning] = []
    if lines.startsWithByteOrderMark {
      warnings.append(HLSWarning(line: 1, message: "byte order mark skipped (RFC 8216 §4.1)"))
    }
    if survey.headerLine != 1 {
      warnings.append(
        HLSWarning(line: survey.headerLine, message: "#EXTM3U is not the first line (RFC 8216 §4.3.1.1)"))
    }
    if survey.isMaster {
      var reader = MasterPlaylistReader(url: url, limits: limits, warnings: warnings)
      try read(lines, after: survey.headerLine, url: url) { (number, text) throws(HLSError) in
        try reader.read(text, line: number)
      }
      return .master(reader.finish())
    } else {
      var reader = MediaPlaylistReader(url: url, limits: limits, warnings: warnings)
      try read(lines, after: survey.headerLine, url: url) { (number, text) throws(HLSError) in
        try reader.read(text, line: number)
      }
      return .media(reader.finish())
    }
  }

  /// Where `#EXTM3U` is, and whether this is a multivariant playlist (§4.3.4: one with
  /// variant or rendition tags), decided by the first EXTINF or variant or rendition tag.
  /// A later tag of the other kind makes the readers throw `.mixedPlaylistKinds`.
  private func survey(_ linesToScan: PlaylistLines, url: URL) throws(HLSError) -> (
    headerLine: Int, isMaster: Bool
  ) {
    var lines = linesToScan
    var headerLine: Int?
    while let (number, range, tooLong) = lines.next() {
      if tooLong { throw .lineTooLong(url: url, line: number, limit: limits.maxLineBytes) }
      guard headerLine != nil else {
        if lines.isBlank(range) { continue }
        let line = lines.bytes[range]
        if line.first == UInt8(ascii: "#"), !line.starts(with: PlaylistLines.extPrefix) { continue }
        guard
          line.starts(with: Self.headerBytes),
          lines.isBlank((range.lowerBound + Self.headerBytes.count)..<range.upperBound)
        else { throw .missingHeader(url: url, line: number) }
        headerLine = number
        continue
      }
      guard let name = lines.tagName(range) else { continue }
      if Self.masterTags.contains(where: { name.elementsEqual($0) }) {
        return (headerLine ?? 1, true)
      } else if name.elementsEqual(Self.extinf) {
        return (headerLine ?? 1, false)
      }
    }
    guard let headerLine else { throw .missingHeader(url: url, line: max(lines.lineNumber, 1)) }
    return (headerLine, false)
  }

  /// Calls `body` with each line after the header that is not blank, as text.
  private func read(
    _ linesToRead: PlaylistLines, after headerLine: Int, url: URL,
    _ body: (Int, Substring) throws(HLSError) -> Void
  ) throws(HLSError) {
    var lines = linesToRead
    while let (number, range, tooLong) = lines.next() {
      guard number > headerLine else { continue }
      if tooLong { throw .lineTooLong(url: url, line: number, limit: limits.maxLineBytes) }
      guard !lines.isBlank(range) else { continue }
      guard let text = String(bytes: lines.bytes[range], encoding: .utf8) else {
        throw .invalidUTF8(url: url, line: number)
      }
      try body(number, Substring(text))
    }
  }

  private static let headerBytes = Array("#EXTM3U".utf8)
  private static let extinf = Array("EXTINF".utf8)
  private static let masterTags = [
    "EXT-X-STREAM-INF", "EXT-X-I-FRAME-STREAM-INF", "EXT-X-MEDIA",
  ].map { Array($0.utf8) }
}
