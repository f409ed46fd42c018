/// A documentation page a talk links to, as a quote of the talk offers it: the page's
/// title and URL, the id it has (or would have) in the corpus, and whether the corpus holds it.
public struct RelatedPage: Sendable, Equatable {
  public var title: String
  public var url: String
  /// `doc/<path>`; nil when the URL names no documentation page an id can be made for.
  public var documentID: String?
  public var isInCorpus: Bool

  public init(title: String, url: String, documentID: String?, isInCorpus: Bool) {
    self.title = title
    self.url = url
    self.documentID = documentID
    self.isInCorpus = isInCorpus
  }
}
