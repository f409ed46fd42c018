/// Restrictions on which passages may match. Within one field any value may match; all
/// fields must. Strings compare case-insensitively.
public struct SearchFilters: Sendable, Equatable {
  /// `talk`, `hig` (the document's kind) or `code` (the passage's kind).
  public var kinds: [String]
  /// Document ids: `tech-talks/111466`.
  public var sources: [String]
  /// `wwdc2024`, `tech-talks`.
  public var events: [String]
  public var years: [Int]
  /// Matches when every word given appears in the passage's speaker name.
  public var speakers: [String]

  public init(
    kinds: [String] = [], sources: [String] = [], events: [String] = [], years: [Int] = [],
    speakers: [String] = []
  ) {
    self.kinds = kinds
    self.sources = sources
    self.events = events
    self.years = years
    self.speakers = speakers
  }

  public var isEmpty: Bool {
    kinds.isEmpty && sources.isEmpty && events.isEmpty && years.isEmpty && speakers.isEmpty
  }

  mutating func merge(_ other: SearchFilters) {
    kinds += other.kinds
    sources += other.sources
    events += other.events
    years += other.years
    speakers += other.speakers
  }
}
