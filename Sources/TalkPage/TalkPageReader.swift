import AppleSite
import Foundation

/// One page being read; each concern lives in its own `TalkPageReader+….swift` file.
struct TalkPageReader {
  let root: HTMLNode
  let url: URL
  var warnings: [TalkPageWarning] = []

  init(root: HTMLNode, url: URL) {
    self.root = root
    self.url = url
  }

  mutating func read() throws(TalkPageError) -> TalkPage {
    let detailsHeading = detailsHeading()
    let media = media()
    let errorReason = errorPageReason()
    if detailsHeading == nil && media.masterPlaylistURL == nil {
      throw .notATalkPage(url, reason: errorReason ?? "no talk title (details <h1>) and no video")
    }
    if media.masterPlaylistURL == nil, let errorReason {
      throw .notATalkPage(url, reason: errorReason)
    }
    guard let title = detailsHeading ?? fallbackTitle() else {
      throw .notATalkPage(url, reason: "no title")
    }
    let canonicalURL = canonicalURL()
    let path = TalkURL.talkPath(of: url) ?? canonicalURL.flatMap(TalkURL.talkPath(of:))
    let datePublished = datePublished()
    var page = TalkPage(
      url: url, canonicalURL: canonicalURL, title: title, summary: summary(),
      collection: path?.collection, talkID: path?.id,
      year: path.flatMap { EventName.year($0.collection) }
        ?? datePublished.flatMap(Self.year(ofDate:)),
      datePublished: datePublished, masterPlaylistURL: media.masterPlaylistURL,
      videoID: media.videoID, videoLocale: media.videoLocale)
    page.chapters = chapters()
    page.codeSamples = codeSamples()
    page.transcript = transcript()
    page.documentationLinks = documentationLinks()
    page.warnings = warnings
    return page
  }

  /// `2025-06-10` (ISO 8601, as `datePublished` is written) → 2025.
  static func year(ofDate date: String) -> Int? {
    let digits = date.prefix(4)
    guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit), let year = Int(digits),
      (1980...2200).contains(year)
    else { return nil }
    return year
  }

  /// A whole number of seconds from an attribute such as `data-start-time="75"` or `"7.0"`;
  /// fractions are rounded down. Nil for anything else, negatives and absurd values.
  static func seconds(_ text: String?) -> Int? {
    guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)),
      value.isFinite, value >= 0, value < 1_000_000
    else { return nil }
    return Int(value.rounded(.down))
  }
}
