/// The subtitle rendition `SubtitleSelector` chose, and why.
public struct SubtitleChoice: Sendable, Equatable {
  /// A candidate that was not chosen, and the first rule by which it lost.
  public struct Rejection: Sendable, Equatable {
    public let rendition: Rendition
    public let reason: String
  }

  public let rendition: Rendition
  /// The preference the chosen rendition matched (`en`), nil when none matched.
  public let matchedPreference: String?
  /// Why this rendition won, one rule per line, in the order the rules apply.
  public let reasons: [String]
  /// Every other SUBTITLES rendition, in file order, with why it lost.
  public let rejected: [Rejection]

  /// `reasons`, then one line per rejected candidate: what `duo-kb parse` prints.
  public var explanation: [String] {
    ["chose \(SubtitleSelector.label(rendition))"] + reasons.map { "  because \($0)" }
      + rejected.map { "  not \(SubtitleSelector.label($0.rendition)): \($0.reason)" }
  }
}
