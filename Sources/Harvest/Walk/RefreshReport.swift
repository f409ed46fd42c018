import Foundation

/// What a refresh did with each source, for people (text) and programs (JSON).
public struct RefreshReport: Codable, Sendable, Equatable {
  public enum Status: String, Codable, Sendable, CaseIterable {
    case added, changed, unchanged
    /// Gone upstream (404, 410, or a redirect to an index): the document is kept, marked.
    case gone
    case failed
  }

  public struct Entry: Codable, Sendable, Equatable {
    public var source: String
    public var documentID: String?
    public var status: Status
    /// Why it failed.
    public var error: String?
    /// Changed documents: the passages that appeared and disappeared, in order.
    public var passagesAdded: [String]
    public var passagesRemoved: [String]
    /// Changed documents: which of what they show or cite changed (`title`, `summary`,
    /// `url`, `text`...; see `DocumentComparison`).
    public var fieldsChanged: [String]
    public var warnings: [String]
    /// Every playlist and segment was revalidated too (a deep check).
    public var deepChecked: Bool
    /// Catalog sources: how many of its talks matched the filter (and were refreshed).
    public var catalogTalks: Int?

    public init(
      source: String, documentID: String? = nil, status: Status, error: String? = nil,
      passagesAdded: [String] = [], passagesRemoved: [String] = [], fieldsChanged: [String] = [],
      warnings: [String] = [], deepChecked: Bool = false
    ) {
      self.source = source
      self.documentID = documentID
      self.status = status
      self.error = error
      self.passagesAdded = passagesAdded
      self.passagesRemoved = passagesRemoved
      self.fieldsChanged = fieldsChanged
      self.warnings = warnings
      self.deepChecked = deepChecked
    }
  }

  public var entries: [Entry]
  public var requests: Int
  public var bytes: Int
  public var connections: Int
  public var seconds: Double
  /// Stopped (SIGINT, SIGTERM: the task was cancelled) before every source was done.
  public var isInterrupted: Bool

  public init(
    entries: [Entry] = [], requests: Int = 0, bytes: Int = 0, connections: Int = 0, seconds: Double = 0,
    isInterrupted: Bool = false
  ) {
    self.entries = entries
    self.requests = requests
    self.bytes = bytes
    self.connections = connections
    self.seconds = seconds
    self.isInterrupted = isInterrupted
  }

  /// Whether any document was written (added, changed, or marked gone).
  public var changedCorpus: Bool {
    entries.contains { [.added, .changed, .gone].contains($0.status) }
  }

  public func count(_ status: Status) -> Int { entries.filter { $0.status == status }.count }
  public var hasFailures: Bool { entries.contains { $0.status == .failed } }
}

/// The passages that appeared and disappeared between two versions of a document,
/// compared as texts, each list in document order.
enum PassageDiff {
  static func diff(old: [String], new: [String]) -> (added: [String], removed: [String]) {
    var oldCounts: [String: Int] = [:]
    for text in old { oldCounts[text, default: 0] += 1 }
    var newCounts: [String: Int] = [:]
    for text in new { newCounts[text, default: 0] += 1 }
    var added: [String] = []
    var seenNew: [String: Int] = [:]
    for text in new {
      seenNew[text, default: 0] += 1
      if seenNew[text]! > oldCounts[text, default: 0] { added.append(text) }
    }
    var removed: [String] = []
    var seenOld: [String: Int] = [:]
    for text in old {
      seenOld[text, default: 0] += 1
      if seenOld[text]! > newCounts[text, default: 0] { removed.append(text) }
    }
    return (added, removed)
  }
}
