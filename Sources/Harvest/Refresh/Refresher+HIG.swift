import AppleSite
import Corpus
import DocCRender
import DocumentModel
import Foundation
import TalkPage

extension Refresher {
  /// A HIG source: the page, and with `follow` the pages below it, breadth first,
  /// bounded in depth and count, each page once (so a cycle ends). Each page goes
  /// through the three stages on its own.
  func refreshHIG(_ source: SourceEntry) async -> [RefreshReport.Entry] {
    guard let root = URL(string: source.url) else {
      return [RefreshReport.Entry(source: source.url, status: .failed, error: "not a URL")]
    }
    let harvester = HIGHarvester(fetcher: fetcher.forSource(deadlineSeconds: sourceTimeoutSeconds), now: now)
    let maxDepth = source.follow?.maxDepth ?? 0
    let maxPages = source.follow.map { max(1, $0.maxPages) } ?? 1
    var queue: [(URL, Int)] = [(root, 0)]
    var seen: Set<String> = []
    var entries: [RefreshReport.Entry] = []
    while !queue.isEmpty, entries.count < maxPages {
      if !entries.isEmpty, let reason = stopReason() {
        entries.append(Self.notAttempted(SourceEntry(kind: .hig, url: queue[0].0.absoluteString), reason: reason))
        break
      }
      let (url, depth) = queue.removeFirst()
      guard let slug = HIGURL.slug(fromPageOrJSON: url) else {
        if depth == 0 {
          entries.append(
            RefreshReport.Entry(
              source: url.absoluteString, status: .failed,
              error: "not a HIG page URL (https://developer.apple.com/design/human-interface-guidelines/…)"))
        }
        continue
      }
      guard seen.insert(slug.lowercased()).inserted else { continue }
      let id = try? HIGHarvester.documentID(for: url)
      let previous = previousState(id: id)
      let outcome = await harvester.harvest(pageURL: url, previous: previous)
      if case .harvested(let harvested) = outcome, depth < maxDepth {
        queue += harvested.links.map { ($0, depth + 1) }
      }
      entries.append(decideAndApply(source: url.absoluteString, id: id, previous: previous, outcome: outcome))
    }
    return entries
  }

  /// The id a source's document has, when it can be told from the URL alone.
  public static func documentID(for source: SourceEntry) -> String? { source.documentIDFromURL }
}
