/// What `quote` answers: the passage (or section) an id names, with its neighbours.
public struct QuoteAnswer: Sendable, Equatable {
  /// The passage the id names. For a section id (`hig/page#anchor` without a suffix) it is
  /// the whole section: its passages' text joined by blank lines, cited by the section id.
  public var target: QuotedHit
  /// The passages `target` is made of, in order (one, unless it is a section).
  public var passages: [QuotedHit]
  /// Up to `context` passages before the first and after the last, in reading order.
  public var before: [QuotedHit]
  public var after: [QuotedHit]
  /// A talk's links to documentation pages, when filled in (`KnowledgeBase.withRelatedDocumentation`).
  public var relatedDocumentation: [RelatedPage] = []

  public init(target: QuotedHit, passages: [QuotedHit], before: [QuotedHit], after: [QuotedHit]) {
    self.target = target
    self.passages = passages
    self.before = before
    self.after = after
  }
}
