import Foundation

/// A link from a talk page to a page of Apple's developer documentation (the details
/// supplement's resources: `<a href="/documentation/foundation">Foundation</a>`).
public struct DocumentationLink: Sendable, Equatable, Codable {
  /// The link text, whitespace collapsed and bounded; the page path when the link has none.
  public var title: String
  /// The documentation page, in canonical form (`DocumentationURL.pageURL(forPath:origin:)`).
  public var url: URL

  public init(title: String, url: URL) {
    self.title = title
    self.url = url
  }

  /// At most this many links are kept from one page (real pages list under ten).
  public static let maxCount = 50
  /// Longer link text is cut to this many characters.
  public static let maxTitleLength = 200
}
