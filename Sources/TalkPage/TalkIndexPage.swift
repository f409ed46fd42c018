import AppleSite
import Foundation

/// A page that lists talks as cards, like Apple's all-videos page and each event's index:
/// `<a href="/videos/play/wwdc2020/10163/" class="vc-card …">` holding the title.
public struct TalkIndexPage: Sendable, Equatable {
  public struct Card: Sendable, Equatable {
    /// The talk page, resolved against the index page's URL.
    public var url: URL
    /// `wwdc2020/10163`.
    public var documentID: String
    public var title: String
  }

  public var cards: [Card]

  /// Reads the cards of `html`: every `<a>` whose class list has `vc-card` (or that
  /// links to a talk page from inside an element with that class) and whose link is a talk
  /// page. Each talk once, in page order. The title is the text of the card's
  /// `…title…`-classed element, else the link's whole text.
  ///
  /// Leniency: links to other pages, and cards without an href, are skipped; a page with no
  /// cards is an empty list, not an error (the caller decides what an empty index means).
  public static func parse(
    _ html: Data, url: URL, limits: TalkPageLimits = .default
  ) throws(TalkPageError) -> TalkIndexPage {
    guard html.count <= limits.maxBytes else {
      throw .tooLarge(url, byteCount: html.count, limitBytes: limits.maxBytes)
    }
    let cards = try HTMLDocument.withParsed(html, baseURL: url) { document throws(TalkPageError) in
      var cards: [Card] = []
      var seen: Set<String> = []
      for anchor in document.root.elements(where: { $0.isElement(named: "a") }) {
        guard anchor.hasClass("vc-card") || (anchor.attribute("class") ?? "").contains("vc-card"),
          let href = anchor.attribute("href"),
          let target = URL(string: href.trimmingCharacters(in: .whitespaces), relativeTo: url)?.absoluteURL,
          let id = TalkURL.documentID(for: target), seen.insert(id).inserted
        else { continue }
        let titled = anchor.firstElement { ($0.attribute("class") ?? "").contains("title") }
        let title = (titled ?? anchor).collapsedText
        cards.append(Card(url: target, documentID: id, title: title))
      }
      return cards
    }
    return TalkIndexPage(cards: cards ?? [])
  }
}
