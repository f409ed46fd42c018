import DocumentModel

/// Restrictions on which passages may match. Within one field any value may match; all
/// fields must. Strings compare case-insensitively.
public struct SearchFilters: Sendable, Equatable {
  /// `talk`, `hig`, `doc` (the document's kind) or `code` (the passage's kind).
  public var kinds: [String]
  /// Document ids: `tech-talks/111466`.
  public var sources: [String]
  /// `wwdc2024`, `tech-talks`.
  public var events: [String]
  public var years: [Int]
  /// Matches when every word given appears in the passage's speaker name.
  public var speakers: [String]
  /// BCP 47 tags or their prefixes: `ja`, `zh` (matching `zh-Hans`), `zh-Hans`.
  public var languages: [String]
  /// Documentation pages of these frameworks (their first module: `UIKit`), case aside.
  public var frameworks: [String] = []
  /// Documentation pages available on these platforms (`iOS`, `macOS`, `visionOS`; see
  /// `PlatformAvailability.indexedPlatforms`).
  public var platforms: [String] = []

  public init(
    kinds: [String] = [], sources: [String] = [], events: [String] = [], years: [Int] = [],
    speakers: [String] = [], languages: [String] = []
  ) {
    self.kinds = kinds
    self.sources = sources
    self.events = events
    self.years = years
    self.speakers = speakers
    self.languages = languages
  }

  public var isEmpty: Bool {
    kinds.isEmpty && sources.isEmpty && events.isEmpty && years.isEmpty && speakers.isEmpty && languages.isEmpty
      && frameworks.isEmpty && platforms.isEmpty
  }

  /// Whether a document passes `frameworks` and `platforms`: with either given, only a
  /// documentation page of one of the frameworks, available on one of the platforms.
  func acceptsDocumentation(_ document: StoredDocument) -> Bool {
    guard !frameworks.isEmpty || !platforms.isEmpty else { return true }
    guard document.kind == .doc else { return false }
    if !frameworks.isEmpty {
      guard let framework = document.framework?.lowercased(),
        frameworks.contains(where: { $0.lowercased() == framework })
      else { return false }
    }
    if !platforms.isEmpty {
      let mask = platforms.reduce(UInt16(0)) { mask, name in
        PlatformAvailability.indexBit(of: name).map { mask | 1 << UInt16($0) } ?? mask
      }
      guard document.platforms & mask != 0 else { return false }
    }
    return true
  }

  /// Whether a document of language `tag` passes `languages`: a tag given matches itself
  /// and the tags it is a prefix of (`zh` matches `zh-Hans`), case aside.
  func acceptsLanguage(_ tag: String) -> Bool {
    guard !languages.isEmpty else { return true }
    let tag = tag.lowercased()
    return languages.contains { wanted in
      let wanted = wanted.lowercased()
      return tag == wanted || tag.hasPrefix(wanted + "-")
    }
  }

  mutating func merge(_ other: SearchFilters) {
    kinds += other.kinds
    sources += other.sources
    events += other.events
    years += other.years
    speakers += other.speakers
    languages += other.languages
    frameworks += other.frameworks
    platforms += other.platforms
  }
}
