import AppleSite
import DocumentModel

/// One item of CSL-JSON (citation-style-language `csl-data.json`, version 1.0.2) for a
/// bibliography entry, its `id` the document id.
///
/// A talk is a `speech` with genre "Video": CSL has no type for a recorded talk, and
/// `speech` (a talk given at an event; what reference managers call a presentation) keeps
/// the event: APA shows "Title [Video]. WWDC24." and Chicago "“Title.” Video. WWDC24.",
/// where `motion_picture` would drop the event and make the title a film's. The event is
/// `event-title` (1.0.2) and again `event`, its 1.0.1 name, which older processors read
/// (citeproc-py 0.11.1 among them). A talk has no `container-title`: its event says where
/// it was given, and a container would print the same thing twice. A HIG page is a
/// `webpage` in the container "Human Interface Guidelines". The author is Apple Inc. as a
/// literal name, and there is no `publisher`, which APA and Chicago would print as Apple
/// Inc. a second time. The speakers go in `note`: CSL 1.0.2 has a `contributor` role, but
/// APA and Chicago print it only for books, and CSL 1.0.1 processors reject the variable.
struct CSLItem: Sendable, Encodable, Equatable {
  struct Name: Sendable, Encodable, Equatable { var literal: String }
  struct DateParts: Sendable, Encodable, Equatable {
    var dateParts: [[Int]]
    enum CodingKeys: String, CodingKey { case dateParts = "date-parts" }
  }

  var id: String
  var type: String
  var title: String
  var author: [Name]
  var genre: String?
  var containerTitle: String?
  var eventTitle: String?
  var event: String?
  var issued: DateParts?
  var accessed: DateParts?
  /// Left out when the document's address is not a web address (`WebAddress`).
  var url: String?
  var note: String?
  var language: String

  enum CodingKeys: String, CodingKey {
    case id, type, title, author, genre, event, issued, accessed, note, language
    case containerTitle = "container-title"
    case eventTitle = "event-title"
    case url = "URL"
  }

  init(_ entry: Bibliography.Entry) {
    id = entry.id
    title = entry.title
    author = [Name(literal: "Apple Inc.")]
    switch entry.kind {
    case .talk:
      type = "speech"
      genre = "Video"
      eventTitle = EventName.series(entry.event)
      event = eventTitle
    case .hig:
      type = "webpage"
      containerTitle = "Human Interface Guidelines"
    case .doc:
      type = "webpage"
      containerTitle = "Apple Developer Documentation"
      genre = entry.isDeprecated ? "Deprecated" : nil
    }
    issued = entry.issued.map { DateParts(dateParts: [$0.parts]) }
    accessed = entry.accessed.map { DateParts(dateParts: [$0.parts]) }
    url = WebAddress.isWeb(entry.url) ? entry.url : nil
    note = entry.speakers.isEmpty ? nil : "Speakers: \(entry.speakers.joined(separator: ", "))"
    language = entry.language
  }
}

/// A cite of one item, as a CSL processor takes it in a citation's `citationItems`
/// (`{"id": …, "locator": "3:46", "label": "timestamp"}`), with the duo-kb citation id of
/// the passage it quotes.
public struct CSLCite: Sendable, Encodable, Equatable {
  public var id: String
  public var locator: String?
  public var label: String?
  /// The passage's citation id (`tech-talks/111463@3:46`).
  public var citation: String

  init(_ cite: Bibliography.Cite) {
    id = cite.entryID
    locator = cite.locator
    label = cite.label?.rawValue
    citation = cite.hit.citation.description
  }

  enum CodingKeys: String, CodingKey { case id, locator, label, citation }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(locator, forKey: .locator)
    try container.encode(label, forKey: .label)
    try container.encode(citation, forKey: .citation)
  }
}
