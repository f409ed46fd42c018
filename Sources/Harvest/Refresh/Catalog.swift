import AppleSite
import Corpus
import DocumentModel
import Foundation
import TalkPage

/// One talk a catalog lists.
public struct CatalogTalk: Codable, Sendable, Equatable {
  /// The talk page URL.
  public var url: String
  /// `wwdc2020/10163`.
  public var documentID: String
  public var title: String
  /// The day the catalog says the talk was first published (`originalPublishingDate`), ISO
  /// 8601 (`2026-03-04`): the talk's date when its page gives none.
  public var published: String?

  public init(url: String, documentID: String, title: String, published: String? = nil) {
    self.url = url
    self.documentID = documentID
    self.title = title
    self.published = published
  }

  public var event: String { String(documentID.prefix { $0 != "/" }) }

  /// `wwdc2020` → 2020; other collections have no year in their name.
  public var year: Int? {
    guard event.hasPrefix("wwdc") else { return nil }
    let digits = event.dropFirst(4)
    return digits.count == 4 ? Int(digits) : nil
  }
}

/// What a catalog source listed the last time it was fetched, and its validators, so that
/// a catalog answering 304 still names its talks: `Corpus/catalogs/<key>.json`.
public struct CatalogListing: Codable, Sendable, Equatable {
  public var url: String
  public var etag: String?
  public var lastModified: String?
  /// Every talk the catalog listed (before the filter), in its order.
  public var talks: [CatalogTalk]

  public init(url: String, etag: String?, lastModified: String?, talks: [CatalogTalk]) {
    self.url = url
    self.etag = etag
    self.lastModified = lastModified
    self.talks = talks
  }
}

/// Reads a catalog body: Apple's video catalog JSON (`contents[]` with `id`, `eventId`,
/// `title`, `webPermalink`; see APPLE-FORMATS.md "The catalog") or an index page of
/// `vc-card` links. Told apart by the first non-space byte (`{` is JSON).
public enum CatalogReader {
  /// More items than this are cut off (the real catalog has a few thousand).
  public static let maxTalks = 50_000

  public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    case notACatalog(url: String, reason: String)
    public var description: String {
      switch self {
      case .notACatalog(let url, let reason): "\(url): not a talk catalog (\(reason))"
      }
    }
  }

  public static func talks(in body: Data, url: String) throws(Failure) -> [CatalogTalk] {
    let first = body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
    if first == UInt8(ascii: "{") { return try jsonTalks(body, url: url) }
    guard let base = URL(string: url) else { throw .notACatalog(url: url, reason: "not a URL") }
    let page: TalkIndexPage
    do {
      page = try TalkIndexPage.parse(body, url: base)
    } catch {
      throw .notACatalog(url: url, reason: ErrorReason.of(error))
    }
    return page.cards.prefix(maxTalks).map {
      CatalogTalk(url: $0.url.absoluteString, documentID: $0.documentID, title: $0.title)
    }
  }

  /// Items with neither a talk page permalink nor an `eventId-number` id are skipped
  /// (leniency: the catalog also lists things that are not talks).
  static func jsonTalks(_ body: Data, url: String) throws(Failure) -> [CatalogTalk] {
    let catalog: CatalogJSON
    do {
      catalog = try JSONDecoder().decode(CatalogJSON.self, from: body)
    } catch {
      throw .notACatalog(url: url, reason: "JSON without a contents list: \(ErrorReason.of(error))")
    }
    var talks: [CatalogTalk] = []
    var seen: Set<String> = []
    for item in catalog.contents {
      guard talks.count < maxTalks, let page = item.pageURL(catalogURL: url),
        let id = TalkURL.documentID(for: page), seen.insert(id).inserted
      else { continue }
      talks.append(
        CatalogTalk(url: page.absoluteString, documentID: id, title: item.title ?? id, published: item.published))
    }
    return talks
  }
}

extension SourceEntry.Filter {
  public func matches(_ talk: CatalogTalk) -> Bool {
    if let event, event.lowercased() != talk.event { return false }
    if let year, year != talk.year { return false }
    if let since, let talkYear = talk.year, talkYear < since { return false }
    if let text = titleContains, !text.isEmpty,
      talk.title.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) == nil
    {
      return false
    }
    return true
  }
}

/// The catalog JSON, read leniently: an item of the wrong shape is skipped, not fatal.
struct CatalogJSON: Decodable {
  var contents: [Item]

  struct Item: Decodable {
    var id: String?
    var eventId: String?
    var title: String?
    var webPermalink: String?
    /// `originalPublishingDate`: seconds since 1970 (as Apple's catalog gives it) or an ISO
    /// 8601 date, as `2026-03-04`.
    var published: String?

    init(from decoder: Decoder) throws {
      let container = try? decoder.container(keyedBy: Key.self)
      id = try? container?.decodeIfPresent(String.self, forKey: .id)
      eventId = try? container?.decodeIfPresent(String.self, forKey: .eventId)
      title = try? container?.decodeIfPresent(String.self, forKey: .title)
      webPermalink = try? container?.decodeIfPresent(String.self, forKey: .webPermalink)
      if let seconds = try? container?.decodeIfPresent(Double.self, forKey: .originalPublishingDate) {
        published = CatalogDate.day(secondsSince1970: seconds)
      } else if let text = try? container?.decodeIfPresent(String.self, forKey: .originalPublishingDate) {
        published = CatalogDate.day(iso8601: text)
      }
    }

    enum Key: String, CodingKey { case id, eventId, title, webPermalink, originalPublishingDate }

    /// The permalink when it is a talk page; else `/videos/play/<eventId>/<number>/` on
    /// Apple's site, the number taken from the end of `id` (`wwdc2019-220`).
    func pageURL(catalogURL: String) -> URL? {
      if let link = webPermalink,
        let url = URL(string: link, relativeTo: URL(string: catalogURL))?.absoluteURL,
        TalkURL.isTalkPage(url)
      {
        return url
      }
      guard let id, let eventId, id.hasPrefix(eventId + "-") else { return nil }
      let number = id.dropFirst(eventId.count + 1)
      guard !number.isEmpty, number.allSatisfy(\.isNumber) else { return nil }
      return URL(string: "https://developer.apple.com/videos/play/\(eventId)/\(number)/")
    }
  }

  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    var list = try container.nestedUnkeyedContainer(forKey: .contents)
    var items: [Item] = []
    while !list.isAtEnd {
      guard let item = try? list.decode(Item.self) else { break }
      items.append(item)
    }
    contents = items
  }

  enum Key: String, CodingKey { case contents }
}
