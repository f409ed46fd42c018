import AppleSite
import Corpus
import DocumentModel
import Foundation

extension Refresher {
  /// A documentation source: the page, and with `follow` the pages its topic sections list,
  /// breadth first, bounded in depth and count, each page once (so a cycle of topic
  /// sections ends). Each page goes through the three stages on its own and is reported
  /// as it finishes.
  /// With `progress`, each page is shown as it finishes: pages so far of the bound.
  func refreshDocumentation(_ source: SourceEntry, progress: Progress? = nil) async -> [RefreshReport.Entry] {
    guard let root = URL(string: source.url) else {
      return [RefreshReport.Entry(source: source.url, status: .failed, error: "not a URL")]
    }
    let harvester = DocumentationHarvester(
      fetcher: fetcher.forSource(deadlineSeconds: sourceTimeoutSeconds), now: now)
    let maxDepth = max(0, source.follow?.maxDepth ?? 0)
    let maxPages = source.follow.map { max(1, $0.maxPages) } ?? 1
    var queue: [(URL, Int)] = [(root, 0)]
    var seen: Set<String> = []
    var entries: [RefreshReport.Entry] = []
    while !queue.isEmpty, entries.count < maxPages {
      if !entries.isEmpty, let reason = stopReason() {
        entries.append(Self.notAttempted(SourceEntry(kind: .doc, url: queue[0].0.absoluteString), reason: reason))
        break
      }
      let (url, depth) = queue.removeFirst()
      guard let path = DocumentationURL.path(fromPageOrJSON: url) else {
        if depth == 0 {
          entries.append(
            RefreshReport.Entry(
              source: url.absoluteString, status: .failed,
              error: "not a documentation page URL (https://developer.apple.com/documentation/…)"))
        }
        continue
      }
      guard seen.insert(path.lowercased()).inserted else { continue }
      let id = try? DocumentationHarvester.documentID(for: url)
      let previous = previousState(id: id)
      let outcome = await harvester.harvest(pageURL: url, previous: previous)
      if case .harvested(let harvested) = outcome, depth < maxDepth {
        queue += harvested.links.map { ($0, depth + 1) }
      }
      let entry = decideAndApply(source: url.absoluteString, id: id, previous: previous, outcome: outcome)
      entries.append(entry)
      progress?(entries.count, maxPages, entry)
    }
    return entries
  }
}
