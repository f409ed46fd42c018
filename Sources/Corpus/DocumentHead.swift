import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a refresh needs of a stored document before it asks the network: its id, the
/// validators and times of its last fetch, and whether it is marked removed upstream.
/// `CorpusStore.readHead` reads it without building the document's passages and cues, so
/// that a source whose page answers 304 costs no decoding of its text.
public struct DocumentHead: Sendable, Equatable, Decodable {
  public var id: String
  public var fetch: FetchMetadata?
  public var isRemovedUpstream: Bool

  public init(id: String, fetch: FetchMetadata? = nil, isRemovedUpstream: Bool = false) {
    self.id = id
    self.fetch = fetch
    self.isRemovedUpstream = isRemovedUpstream
  }

  /// The document file's members the head is decoded from.
  static let keys: Set<String> = ["id", "fetch", "isRemovedUpstream"]

  public init(_ document: Document) {
    self.init(id: document.id, fetch: document.fetch, isRemovedUpstream: document.isRemovedUpstream)
  }
}
