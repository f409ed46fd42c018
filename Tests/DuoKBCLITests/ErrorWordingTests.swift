import Citations
import Corpus
import DocCRender
import DocumentModel
import Foundation
import HLS
import Harvest
import SearchIndex
import TalkPage
import Testing
import WebVTT

@testable import DuoKBCLI

/// Every error of every module, worded for people through the CLI's one translator: no
/// Swift enum dump (`notATalkPage(http://…`, `tooDeeplyNested(…, limitDepth: 200)`) and no
/// URL printed twice.
@Suite struct ErrorWordingTests {
  static let url = URL(string: "http://127.0.0.1:8080/videos/play/wwdc2025/101/")!
  static let text = url.absoluteString

  static let hls: [HLSError] = [
    .missingHeader(url: url, line: 1), .invalidUTF8(url: url, line: 2),
    .playlistTooLarge(url: url, bytes: 20, limit: 10), .lineTooLong(url: url, line: 3, limit: 64),
    .tooManySegments(url: url, line: 4, limit: 5), .tooManyEntries(url: url, line: 5, limit: 6),
    .mixedPlaylistKinds(url: url, line: 6), .encryptedSegments(url: url, line: 7, method: "AES-128"),
    .numberOutOfRange(url: url, line: 8, tag: "EXT-X-MEDIA-SEQUENCE"),
  ]
  static let docc: [DocCRenderError] = [
    .empty(url: url), .tooLarge(url: url, byteCount: 20, limit: 10), .htmlInsteadOfJSON(url: url, prefix: "<html>"),
    .invalidUTF8(url: url, byteOffset: 3, line: 1), .nestingTooDeep(url: url, line: 2, limit: 128),
    .truncated(url: url, line: 3, reason: "inside a string"), .malformedJSON(url: url, reason: "bad"),
    .notRenderJSON(url: nil, reason: "no sections"),
    .unsupportedSchemaVersion(url: url, found: "9.0.0", supportedMajors: 0...1),
  ]
  static let talkPage: [TalkPageError] = [
    .tooLarge(url, byteCount: 20, limitBytes: 10), .tooDeeplyNested(url, limitDepth: 200),
    .notATalkPage(url, reason: "no talk title"), .noVideo(url),
  ]
  static let webVTT: [WebVTTError] = [
    .missingSignature(line: 1, found: "<html>"), .inputTooLarge(bytes: 20, limit: 10), .tooManyCues(line: 9, limit: 3),
  ]
  static let http: [HTTPError] = [
    .hostNotAllowed(url: text, host: "127.0.0.1"), .invalidURL("nope"), .tooManyRedirects(url: text, limit: 5),
    .status(code: 503, url: text), .timeout(url: text, reason: "no bytes for 20 s"), .deadlineExceeded(url: text),
    .responseTooLarge(url: text, limitBytes: 10), .truncated(url: text, expectedBytes: 10, receivedBytes: 3),
    .transport(url: text, curlCode: 7, message: "Couldn't connect to server"), .cancelled(url: text),
    .invalidConfiguration(reason: "no CA file"),
  ]
  static let corpus: [CorpusError] = [
    .invalidDocumentID("../x"), .io(path: "/tmp/a", reason: "cannot read"), .malformed(path: "/tmp/a", reason: "bad"),
    .duplicateSource(text), .unsupportedSourcesVersion(path: "/tmp/a", found: 2, supported: 1),
    .unrecognizedSource(url: text, reason: "not a talk page"),
  ]
  static let queries: [QueryError] = [
    .syntax(column: 3, message: "unclosed quote"), .tooLong(characters: 5000, limit: 4096),
    .tooManyTerms(count: 70, limit: 64), .tooBroad(column: 1, prefix: "a", terms: 30_000, limit: 20_000),
  ]
  static let indexFormat: [IndexFormatError] = [
    .unreadable(file: "CURRENT", reason: "no index"), .corrupt(file: "store.dki", reason: "checksum"),
    .unsupportedVersion(file: "store.dki", found: 9, supported: 1),
  ]
  static let indexBuild: [IndexBuildError] = [
    .tooLarge(reason: "postings exceed 4 GiB"), .io(path: "/tmp/i", reason: "full"),
  ]

  static var all: [any Error] {
    var errors: [any Error] = hls + docc + talkPage + webVTT + http + corpus + queries + indexFormat + indexBuild
    errors += hls.map { HarvestError.playlist(url: text, $0) }
    errors += docc.map { HarvestError.higPage(url: text, $0) }
    errors += talkPage.map { HarvestError.page(url: text, $0) }
    errors += webVTT.map { HarvestError.segment(url: text, $0) }
    errors += http.map { HarvestError.http($0) } + corpus.map { HarvestError.corpus($0) }
    errors += [
      HarvestError.unexpectedPlaylist(url: text, expected: "master"),
      HarvestError.noSubtitles(url: text, wanted: ["en"], available: ["ja"]),
      HarvestError.encryptedSubtitles(url: text), HarvestError.redirectedPage(url: text, identifier: "doc://x/y"),
      HarvestError.noPassages(url: text), HarvestError.invalidSource(url: text, reason: "not a HIG page URL"),
      HarvestError.removedUpstream(url: text, reason: "HTTP 404"),
      // A parser that read another URL than the source listed (a redirect).
      HarvestError.page(url: "http://127.0.0.1:8080/old/", .noVideo(url)),
    ]
    errors += [
      DocumentModelError.invalidDocumentID(id: "../x", reason: "a segment is '..'"),
      DocumentModelError.malformedDocument(offset: 12, problem: .missingField("kind")),
      DocumentModelError.malformedDocument(offset: 0, problem: .unexpected(found: 0x5B, expected: "'{'")),
      DocumentModelError.documentTooLarge(byteCount: 70_000_000, limit: 67_108_864),
      DocumentModelError.unsupportedDocumentFormat(found: 3, supported: 2),
    ]
    errors += [
      ImportError.unreadable(file: "a.jsonl", reason: "no such file"),
      ImportError.malformedLine(file: "a.jsonl", line: 2, reason: "missing field 'text'"),
      ImportError.invalidDocumentID(file: "a.jsonl", line: 1, id: "../x"),
      ImportError.webVTT(file: "a.vtt", reason: "bad"),
      ImportError.missingOption(file: "a.vtt", option: "--id"), ImportError.empty(file: "a.jsonl"),
      ImportError.notWebAddress(file: "a.jsonl", line: 3, url: "javascript:alert(1)"),
    ]
    errors += [
      RefreshError.locked(path: "/tmp/.refresh.lock", pid: 12),
      RefreshError.lockFile(path: "/tmp/.refresh.lock", reason: "Is a directory"),
      RefreshError.corpus(.io(path: "/tmp/a", reason: "full")),
    ]
    errors += [CatalogReader.Failure.notACatalog(url: text, reason: "not JSON")]
    errors += queries.map { SearchError.query($0) } + indexFormat.map { SearchError.index($0) }
    errors += corpus.map { CitationsError.corpus($0) } + indexFormat.map { CitationsError.indexFormat($0) }
    errors += indexBuild.map { CitationsError.indexBuild($0) } + queries.map { CitationsError.query($0) }
    errors += [
      CitationsError.emptyCorpus(path: "/tmp/Corpus"),
      CitationsError.unknownCitation("x/1@0:01", reason: "no such document"),
      CitationsError.checklist(line: 2, reason: "not a list item"),
    ]
    // Errors from beneath the library.
    errors += [Self.decodingError(), CocoaError(.fileNoSuchFile), POSIXError(.EACCES)]
    return errors
  }

  static func decodingError() -> any Error {
    struct Shape: Decodable { var text: String }
    do {
      _ = try JSONDecoder().decode(Shape.self, from: Data("{\"text\": 5}".utf8))
    } catch { return error }
    return CocoaError(.coderReadCorrupt)
  }

  /// `word(` followed by a label and a colon: how Swift prints an enum case with values.
  static func looksLikeADump(_ words: String) -> Bool {
    let patterns = [
      #"[A-Za-z_][A-Za-z0-9_]*\([^()]*\b[A-Za-z_][A-Za-z0-9_]*: "#,  // case(value, label: value)
      #"[A-Za-z_][A-Za-z0-9_]*\((Optional|Swift\.|")"#,
      #"[A-Z][A-Za-z]*Error\.[a-z]"#,  // DecodingError.typeMismatch
      #"Error Domain="#,
    ]
    return patterns.contains { words.range(of: $0, options: .regularExpression) != nil }
  }

  /// Each URL (scheme to the next space) appears once.
  static func repeatsAURL(_ words: String) -> Bool {
    let urls = words.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ")" })
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ":,;'")) }
      .filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
    let places = urls.map { $0.replacingOccurrences(of: #":[0-9]+$"#, with: "", options: .regularExpression) }
    return Set(places).count != places.count
  }

  @Test func everyErrorIsWordsWithoutADumpOrADoubledURL() {
    let errors = Self.all
    #expect(errors.count > 120)
    for error in errors {
      let words = ErrorWording.describe(error)
      #expect(!words.isEmpty)
      #expect(!Self.looksLikeADump(words), "\(words)")
      #expect(!Self.repeatsAURL(words), "\(words)")
    }
  }

  @Test func theChecksThemselvesCatchADumpAndADoubledURL() {
    #expect(Self.looksLikeADump("tooDeeplyNested(\(Self.text), limitDepth: 200)"))
    #expect(Self.looksLikeADump("\(Self.text): notATalkPage(\(Self.text), reason: \"x\")"))
    #expect(Self.looksLikeADump("playlistTooLarge(url: \(Self.text), bytes: 20, limit: 10)"))
    #expect(Self.looksLikeADump("missingSignature(line: 1, found: \"x\")"))
    #expect(Self.looksLikeADump(String(describing: Self.decodingError())))
    #expect(!Self.looksLikeADump("\(Self.text): no subtitle track for en (it has ja)"))
    #expect(Self.repeatsAURL("\(Self.text): \(Self.text):3: empty body"))
    #expect(!Self.repeatsAURL("\(Self.text):3: empty body"))
  }

  @Test func harvestErrorsNameTheURLOnceWithTheLine() {
    #expect(
      HarvestError.higPage(url: Self.text, .truncated(url: Self.url, line: 3, reason: "inside a string")).description
        == "\(Self.text):3: truncated JSON: inside a string")
    #expect(
      HarvestError.page(url: Self.text, .tooDeeplyNested(Self.url, limitDepth: 200)).description
        == "\(Self.text): elements nest deeper than 200 levels")
    #expect(
      HarvestError.playlist(url: Self.text, .playlistTooLarge(url: Self.url, bytes: 20, limit: 10)).description
        == "\(Self.text): playlist is 20 bytes; the limit is 10")
    #expect(
      HarvestError.higPage(url: Self.text, .notRenderJSON(url: nil, reason: "no sections")).description
        == "\(Self.text): not DocC render JSON: no sections")
  }
}
