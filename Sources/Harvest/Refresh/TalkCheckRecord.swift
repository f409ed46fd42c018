import Corpus
import DocumentModel
import Foundation
import JSON

/// What a refresh remembers about one talk beside its document:
/// `Corpus/validators/<id>.json`, with the validators of its playlists and segments and
/// when they were last all revalidated (a deep check). Kept out of the document so that
/// a deep check that finds nothing new rewrites no document.
///
/// The file is JSON, one segment per line, so that a change reads well in a diff.
public struct TalkCheckRecord: Codable, Sendable, Equatable {
  public static let currentVersion = 1

  public var version: Int
  public var documentID: String
  /// ISO 8601, UTC: when every playlist and segment was last fetched or revalidated.
  public var lastDeepCheckAt: String?
  public var track: TrackValidators?

  public init(documentID: String, lastDeepCheckAt: String?, track: TrackValidators?) {
    version = Self.currentVersion
    self.documentID = documentID
    self.lastDeepCheckAt = lastDeepCheckAt
    self.track = track
  }
}

/// The refresh's own files in the corpus directory: talk check records and catalog
/// listings. Written atomically; an unreadable one counts as missing (the next refresh
/// fetches what it would have saved).
public struct RefreshStateStore: Sendable {
  public let corpus: CorpusStore

  public init(corpus: CorpusStore) { self.corpus = corpus }

  public var validatorsDirectory: URL { corpus.directory.appendingPathComponent("validators", isDirectory: true) }
  public var catalogsDirectory: URL { corpus.directory.appendingPathComponent("catalogs", isDirectory: true) }

  public func recordURL(forDocument id: String) throws(CorpusError) -> URL {
    guard CorpusStore.isValidDocumentID(id) else { throw .invalidDocumentID(id) }
    return validatorsDirectory.appendingPathComponent(id + ".json")
  }

  /// The check record of a document; without its track (nil: the segment validators are
  /// skipped, not decoded) unless `includingTrack`, which only a deep check needs.
  public func record(forDocument id: String, includingTrack: Bool = true) -> TalkCheckRecord? {
    guard let url = try? recordURL(forDocument: id), let data = (try? corpus.readFile(url)) ?? nil,
      let wanted = includingTrack
        ? data : try? JSONMembers.selecting(["version", "documentID", "lastDeepCheckAt"], from: data),
      let record = try? JSONDecoder().decode(TalkCheckRecord.self, from: wanted),
      record.version == TalkCheckRecord.currentVersion, record.documentID == id
    else { return nil }
    return record
  }

  public func write(_ record: TalkCheckRecord) throws(CorpusError) {
    let url = try recordURL(forDocument: record.documentID)
    try AtomicFile.write(Data(Self.lineFriendlyJSON(record).utf8), to: url, within: corpus.home)
  }

  public func catalogURL(forKey key: String) -> URL {
    catalogsDirectory.appendingPathComponent(key + ".json")
  }

  public func listing(forKey key: String) -> CatalogListing? {
    guard let data = (try? corpus.readFile(catalogURL(forKey: key))) ?? nil else { return nil }
    return try? JSONDecoder().decode(CatalogListing.self, from: data)
  }

  public func write(_ listing: CatalogListing, key: String) throws(CorpusError) {
    let data: Data
    do {
      data = try Self.prettyEncoder.encode(listing) + Data("\n".utf8)
    } catch {
      throw .malformed(path: catalogURL(forKey: key).path, reason: "cannot encode: \(ErrorReason.of(error))")
    }
    try AtomicFile.write(data, to: catalogURL(forKey: key), within: corpus.home)
  }

  static let prettyEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  static let compactEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// Sorted keys; each validator on a line of its own.
  static func lineFriendlyJSON(_ record: TalkCheckRecord) -> String {
    func line<T: Encodable>(_ value: T) -> String {
      (try? compactEncoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
    var text = "{\n  \"documentID\" : \(line(record.documentID)),\n"
    if let at = record.lastDeepCheckAt { text += "  \"lastDeepCheckAt\" : \(line(at)),\n" }
    if let track = record.track {
      text += "  \"track\" : {\n    \"master\" : \(line(track.master)),\n    \"media\" : \(line(track.media)),\n"
      text += "    \"segments\" : [\n"
      text += track.segments.map { "      " + line($0) }.joined(separator: ",\n")
      text += track.segments.isEmpty ? "    ]\n  },\n" : "\n    ]\n  },\n"
    }
    text += "  \"version\" : \(record.version)\n}\n"
    return text
  }
}
