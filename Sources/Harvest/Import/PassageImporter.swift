import DocumentModel
import Foundation
import JSON
import Normalize
import WebVTT

/// Brings passages kept elsewhere into documents: JSON Lines of passages, and local
/// WebVTT files (through the same merge and normalization as a harvested talk).
public struct PassageImporter: Sendable {
  public init() {}

  /// One JSON Lines passage: `{"doc", "kind", "title", "url", "start", "end", "text"}`;
  /// unknown fields are ignored. `kind` is `talk`, `hig` or `code` (a code passage of a talk).
  struct Line: Decodable {
    var doc: String
    var kind: String?
    var title: String?
    var url: String?
    var start: Double?
    var end: Double?
    var text: String
    var speaker: String?
    var anchor: String?
    var heading: String?
    var event: String?
    var year: Int?
  }

  /// Documents from JSON Lines, in order of first appearance; each line one passage kept
  /// as given. Blank lines are skipped; any other bad line is an error naming it.
  public func documents(fromJSONLines data: Data, file: String) throws(ImportError) -> [Document] {
    var documents: [Document] = []
    var indexByID: [String: Int] = [:]
    let decoder = JSONDecoder()
    var lineNumber = 0
    var failure: ImportError?
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var lineStart = 0
      let count = buffer.count
      while lineStart < count, failure == nil {
        var lineEnd = lineStart
        while lineEnd < count, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        lineNumber += 1
        let slice = Data(buffer[lineStart..<lineEnd])
        lineStart = lineEnd + 1
        if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        do {
          try JSONNesting.check(slice)
          let line = try decoder.decode(Line.self, from: slice)
          try add(line, number: lineNumber, file: file, to: &documents, index: &indexByID)
        } catch let error as ImportError {
          failure = error
        } catch {
          failure = .malformedLine(file: file, line: lineNumber, reason: Self.reason(error))
        }
      }
    }
    if let failure { throw failure }
    guard !documents.isEmpty else { throw .empty(file: file) }
    return documents
  }

  private func add(
    _ line: Line, number: Int, file: String, to documents: inout [Document],
    index: inout [String: Int]
  ) throws(ImportError) {
    guard DocumentID.isValid(line.doc) else {
      throw .invalidDocumentID(file: file, line: number, id: line.doc)
    }
    // The address is what a reader follows: only a web address is taken.
    if let url = line.url, !url.isEmpty, !WebAddress.isWeb(url) {
      throw .notWebAddress(file: file, line: number, url: url)
    }
    let kind = line.kind ?? "talk"
    guard ["talk", "hig", "code"].contains(kind) else {
      throw .malformedLine(file: file, line: number, reason: "kind must be talk, hig or code, not '\(kind)'")
    }
    let times = try Self.milliseconds(start: line.start, end: line.end, file: file, line: number)
    let passage = Passage(
      kind: kind == "code" ? .code : (kind == "hig" ? .text : .speech), text: line.text,
      startMilliseconds: times.start, endMilliseconds: times.end,
      anchor: line.anchor, heading: line.heading, speaker: line.speaker)
    if let position = index[line.doc] {
      documents[position].passages.append(passage)
      return
    }
    index[line.doc] = documents.count
    documents.append(
      Document(
        id: line.doc, kind: kind == "hig" ? .hig : .talk, title: line.title ?? line.doc,
        url: line.url ?? "", event: line.event ?? Self.event(of: line.doc), year: line.year,
        passages: [passage]))
  }

  /// Longest time a passage may start or end at, in seconds (about 11.6 days; a talk is
  /// at most a few hours).
  static let maxSeconds = 1e6

  /// `start` and `end` in whole milliseconds, each checked on its own and together:
  /// 0 ≤ start ≤ end ≤ `maxSeconds`, so the conversion to `Int` cannot trap.
  static func milliseconds(
    start: Double?, end: Double?, file: String, line: Int
  ) throws(ImportError) -> (start: Int?, end: Int?) {
    for (name, value) in [("start", start), ("end", end)] {
      if let value, !(value >= 0 && value <= maxSeconds) {
        throw .malformedLine(
          file: file, line: line, reason: "\(name) must be between 0 and \(Int(maxSeconds)) seconds")
      }
    }
    if let start, let end, end < start {
      throw .malformedLine(file: file, line: line, reason: "start and end must be 0 ≤ start ≤ end seconds")
    }
    return (start.map { Int(($0 * 1000).rounded()) }, end.map { Int(($0 * 1000).rounded()) })
  }

  /// A talk from one local WebVTT file.
  public func document(
    fromWebVTT data: Data, file: String, id: String, title: String, url: String?
  ) throws(ImportError) -> Document {
    guard DocumentID.isValid(id) else { throw .invalidDocumentID(file: file, line: 0, id: id) }
    if let url, !url.isEmpty, !WebAddress.isWeb(url) { throw .notWebAddress(file: file, line: nil, url: url) }
    let parsed: WebVTTFile
    do {
      parsed = try WebVTTParser().parse(data)
    } catch {
      throw .webVTT(file: file, reason: error.description)
    }
    let segment = SegmentCues(
      mpegts: parsed.timestampMap?.mpegts,
      localMilliseconds: parsed.timestampMap?.localMilliseconds,
      cues: parsed.cues.map(SegmentFetch.storedCue))
    let cues = CueMerger().merge([segment]).cues
    var document = Document(
      id: id, kind: .talk, title: title, url: url ?? "", event: Self.event(of: id),
      passages: TalkDocument.passages(cues: cues), cues: cues)
    document.fetch = FetchMetadata(sourceURL: file, contentHash: ContentHash.of(document))
    guard !document.passages.isEmpty else { throw .empty(file: file) }
    return document
  }

  /// The collection part of a talk id (`wwdc2024/10173` → `wwdc2024`).
  static func event(of id: String) -> String? {
    let parts = id.split(separator: "/")
    return parts.count == 2 && parts[0] != "hig" ? String(parts[0]) : nil
  }

  static func reason(_ error: any Error) -> String {
    switch error {
    case let error as JSONScanError: error.description
    case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
    default: "not a JSON object"
    }
  }
}
