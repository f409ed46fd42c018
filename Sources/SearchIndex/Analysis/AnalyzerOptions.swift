/// What the analyzer adds to the words as written.
///
/// The index always holds both the verbatim words and the extras; the options chosen at
/// build time decide which extras exist, and `verbatim` at search time decides whether a
/// query may use them.
public struct AnalyzerOptions: Sendable, Hashable, Codable {
  /// Index the parts of `camelCase` identifiers and adjacent-part concatenations.
  public var splitsIdentifiers: Bool
  /// Index the light English singular of plural words (`cats` -> `cat`).
  public var foldsPlurals: Bool
  /// Index hyphen and underscore compounds whole (`right-to-left` -> `righttoleft`).
  public var joinsCompounds: Bool

  public init(splitsIdentifiers: Bool = true, foldsPlurals: Bool = true, joinsCompounds: Bool = true) {
    self.splitsIdentifiers = splitsIdentifiers
    self.foldsPlurals = foldsPlurals
    self.joinsCompounds = joinsCompounds
  }

  public static let standard = AnalyzerOptions()
  /// Words only as written (case and diacritics folded): no extras.
  public static let verbatim = AnalyzerOptions(
    splitsIdentifiers: false, foldsPlurals: false, joinsCompounds: false)
}
