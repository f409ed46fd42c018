/// A page of Apple's developer documentation that a talk's page links to (its resources),
/// so a quote of the talk can point to it and `add --follow` can take it.
public struct RelatedDocumentation: Codable, Sendable, Equatable {
  /// The link text, as the talk page gives it.
  public var title: String
  /// The documentation page (`https://developer.apple.com/documentation/<path>`).
  public var url: String

  public init(title: String, url: String) {
    self.title = title
    self.url = url
  }
}
