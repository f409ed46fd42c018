#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension QuotationVerifier {
  /// Which documents a quotation may come from, and the HIG section its link names.
  struct Scope {
    /// Nil: any document.
    var documents: Set<Int>?
    var anchor: String?
    var name: String?
    /// Why nothing in the corpus can match (a link to a talk the corpus lacks).
    var problem: String?
  }

  /// The documents a quotation may come from: those its links (a talk page
  /// `/videos/play/EVENT/NUMBER/`, a HIG page `/design/human-interface-guidelines/SLUG`, or
  /// any document's own URL), citation ids and titles name; any document when it names none
  /// (only a time, or only Apple).
  func scope(of quotation: FoundQuotation) -> Scope {
    let attribution = quotation.attribution
    var documents: Set<Int> = attribution.titles
    var anchor = attribution.anchor
    var missing: String?
    var named: [String] = attribution.documentIDs
    for link in attribution.links {
      guard let components = URLComponents(string: link) else { continue }
      if let id = Self.documentID(link: link) {
        named.append(id)
        if let fragment = components.fragment, !fragment.isEmpty, id.hasPrefix("hig/") { anchor = anchor ?? fragment }
        continue
      }
      let page = Self.pageKey(link)
      if let number = transcript.documents.firstIndex(where: { Self.pageKey($0.url) == page }) {
        documents.insert(number)
      }
    }
    for id in named {
      if let number = transcript.documentNumbers[id] ?? transcript.documentNumbers[id.lowercased()] {
        documents.insert(number)
      } else {
        missing = id
      }
    }
    if documents.isEmpty, let missing {
      return Scope(documents: [], name: missing, problem: "\(missing), the page it names, is not in the corpus")
    }
    guard !documents.isEmpty else { return Scope() }
    let names = documents.sorted().map { transcript.documents[$0].title }
    return Scope(documents: documents, anchor: anchor, name: names.joined(separator: "” or “"))
  }

  /// `tech-talks/111466` from a talk page link, `hig/layout` from a HIG page link: Apple's
  /// URL rules as `MomentReference` reads them.
  static func documentID(link: String) -> String? {
    MomentReference.link(link)?.documentID
  }

  /// A page URL without scheme, query, fragment or trailing slash, lower-cased.
  static func pageKey(_ url: String) -> String {
    var key = Substring(url.lowercased())
    if let cut = key.firstIndex(where: { $0 == "?" || $0 == "#" }) { key = key[..<cut] }
    if let scheme = key.firstRange(of: "://") { key = key[scheme.upperBound...] }
    while key.hasSuffix("/") { key = key.dropLast() }
    return String(key)
  }
}
