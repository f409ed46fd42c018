import AppleSite
import Corpus
import DocumentModel
import Foundation
import TalkPage

/// A talk's document id and URL, from the source the user listed and the language harvested
/// (`DocumentID.localized`: `wwdc2024/10173`, `wwdc2024/10173/ja`). The page's canonical
/// link gives the URL only when it names the same talk on an allowed host; a redirect
/// (the client has checked each hop's host) is followed and reported. Neither can move
/// the document onto another id.
struct TalkIdentity: Equatable {
  var id: String
  var url: String
  var warnings: [String] = []

  init(source: SourceEntry, language: String, response: HTTPResponse, page: TalkPage, allowedHosts: HostAllowList)
    throws(HarvestError)
  {
    let listed = URL(string: source.url)
    let final = URL(string: response.finalURL)
    let listedID = listed.flatMap(TalkURL.documentID(for:))
    let finalID = final.flatMap(TalkURL.documentID(for:))
    guard let base = source.id ?? listedID ?? finalID else {
      throw .invalidSource(url: source.url, reason: "no document id: not a talk page URL")
    }
    if source.id != nil, DocumentID.isReservedForLanguages(base) { throw .corpus(.reservedDocumentID(base)) }
    let id = try Self.documentID(base: base, language: language, url: source.url)
    self.id = id
    // The page a person reads: the listed one when it is a talk page, else where it led.
    let readable = listedID != nil ? listed : final
    url = readable?.absoluteString ?? source.url
    if response.redirectCount > 0, let finalID, finalID != listedID ?? base {
      warnings.append("redirected to \(response.finalURL) (\(finalID)); kept as \(id)")
    }
    guard let canonical = page.canonicalURL else { return }
    let host = canonical.host ?? ""
    let canonicalID = TalkURL.isTalkPage(canonical) ? TalkURL.documentID(for: canonical) : nil
    if canonicalID == (listedID ?? finalID ?? base), allowedHosts.allows(host: host) {
      url = canonical.absoluteString
    } else if canonical.absoluteString != url {
      let why = allowedHosts.allows(host: host) ? "it names another page" : "host '\(host)' is not allowed"
      warnings.append("canonical link \(canonical.absoluteString) refused: \(why)")
    }
  }

  /// The id of the talk `base` in `language`; an error naming `url` when it cannot be one.
  static func documentID(base: String, language: String, url: String) throws(HarvestError) -> String {
    do {
      return try DocumentID.localized(base, language: language)
    } catch {
      throw .invalidSource(url: url, reason: "no document id for language '\(language)': \(error)")
    }
  }
}
