/// One cue: identifier, timings, settings and raw payload (W3C WebVTT §3.3).
public struct Cue: Sendable, Equatable {
  /// The identifier line, `""` when absent.
  public var id: String
  public var startMilliseconds: Int
  /// May be before the start: such a cue is still a cue (§6.3 has no check).
  public var endMilliseconds: Int
  public var settings: CueSettings
  /// The raw settings after the end timestamp, trimmed of surrounding whitespace.
  public var settingsText: String
  /// The raw payload: markup and character references as written, lines joined by LF.
  public var text: String

  public init(
    id: String = "", startMilliseconds: Int, endMilliseconds: Int,
    settings: CueSettings = .default, settingsText: String = "", text: String
  ) {
    self.id = id
    self.startMilliseconds = startMilliseconds
    self.endMilliseconds = endMilliseconds
    self.settings = settings
    self.settingsText = settingsText
    self.text = text
  }

  /// The payload as a tree (§6.4), nested at most as deep as the default limits allow.
  public var nodes: [CueNode] { CueTextParser.parse(text) }

  /// The nodes with `maxNestingDepth` from `limits`.
  public func nodes(limits: WebVTTLimits) -> [CueNode] {
    CueTextParser.parse(text, maxNestingDepth: limits.maxNestingDepth)
  }

  /// The payload without tags, every character reference decoded, ruby text left out
  /// (as §6.6 extracts a chapter title); lines still joined by LF.
  public var plainText: String { nodes.plainText }

  /// The annotation of the first `<v>` span (the speaker), when there is one.
  public var voice: String? { nodes.voice }
}
