/// Reads a document file (`DocumentFormat`, formats 1 to 4) straight into a `Document`,
/// field by field, over the bytes: what `JSONDecoder` would give for format 1, what
/// `DocumentWriter` wrote for formats 2 to 4 (the fields formats 3 and 4 leave out are filled
/// in, and cue starts checked, once the whole file is read: `DocumentReader+Derived.swift`).
struct DocumentReader {
  var json: JSONByteReader
  /// What each passage's object left out, in order, and the byte where it began.
  var passageGaps: [PassageGaps] = []
  var passageOffsets: [Int] = []
  /// Whether each cue's settings were given (as a value or `null`), in order.
  var cueSettingsGiven: [Bool] = []

  init(_ json: JSONByteReader) {
    self.json = json
  }

  mutating func document() throws(DocumentModelError) -> Document {
    var id: String?
    var kind: DocumentKind?
    var title: String?
    var url: String?
    var language: String?
    var event: String?
    var year: Int?
    var published: String?
    var publishedFrom: String?
    var summary: String?
    var fetch: FetchMetadata?
    var isRemovedUpstream: Bool?
    var passages: [Passage]?
    var cues: [StoredCue]?
    var sections: [SectionHeading]?
    var version = 1
    var cueSettings: String?
    var documentation: DocumentationMetadata?
    var relatedDocumentation: [RelatedDocumentation]?
    var keys = KeySet()
    let start = json.offset
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      let at = json.offset
      switch key {
      case "formatVersion":
        try keys.insert(0, key, json)
        let found = try json.integer()
        guard found >= 1 else { throw json.fail(.wrongType(field: key), at: at) }
        // Refused as soon as it is read: the rest of a newer file may not read as this format.
        guard found <= DocumentFormat.version else {
          throw .unsupportedDocumentFormat(found: found, supported: DocumentFormat.version)
        }
        version = found
      case "id":
        try keys.insert(1, key, json)
        id = try json.string()
      case "kind":
        try keys.insert(2, key, json)
        guard let value = DocumentKind(rawValue: try json.string()) else {
          throw json.fail(.wrongType(field: key), at: at)
        }
        kind = value
      case "title":
        try keys.insert(3, key, json)
        title = try json.string()
      case "url":
        try keys.insert(4, key, json)
        url = try json.string()
      case "language":
        try keys.insert(5, key, json)
        language = try json.string()
      case "event":
        try keys.insert(6, key, json)
        event = try optionalString()
      case "year":
        try keys.insert(7, key, json)
        year = try optionalInteger()
      case "published":
        try keys.insert(8, key, json)
        published = try optionalString()
      case "publishedFrom":
        try keys.insert(16, key, json)
        publishedFrom = try optionalString()
      case "summary":
        try keys.insert(9, key, json)
        summary = try optionalString()
      case "fetch":
        try keys.insert(10, key, json)
        if try !json.readNull() { fetch = try fetchMetadata() }
      case "isRemovedUpstream":
        try keys.insert(11, key, json)
        isRemovedUpstream = try json.bool()
      case "passages":
        try keys.insert(12, key, json)
        passages = try array { reader throws(DocumentModelError) in try reader.passage() }
      case "cues":
        try keys.insert(13, key, json)
        cues = try array { reader throws(DocumentModelError) in try reader.cue() }
      case "sections":
        try keys.insert(14, key, json)
        sections = try array { reader throws(DocumentModelError) in try reader.section() }
      case "cueSettings":
        try keys.insert(15, key, json)
        cueSettings = try optionalString()
      case "documentation":
        try keys.insert(17, key, json)
        if try !json.readNull() { documentation = try documentationMetadata() }
      case "relatedDocumentation":
        try keys.insert(18, key, json)
        if try !json.readNull() { relatedDocumentation = try self.relatedDocumentation() }
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    try json.end()
    var document = Document(
      id: try required(id, "id", start), kind: try required(kind, "kind", start),
      title: try required(title, "title", start), url: try required(url, "url", start),
      language: try required(language, "language", start), event: event, year: year, published: published,
      summary: summary, fetch: fetch, isRemovedUpstream: try required(isRemovedUpstream, "isRemovedUpstream", start),
      passages: try required(passages, "passages", start), cues: try required(cues, "cues", start),
      sections: try required(sections, "sections", start))
    document.publishedFrom = publishedFrom
    document.documentation = documentation
    document.relatedDocumentation = relatedDocumentation
    try fillGaps(&document, version: version, cueSettings: cueSettings)
    return document
  }

  // MARK: Parts

  /// A passage; what it leaves out is noted in `passageGaps` and filled in at the end.
  private mutating func passage() throws(DocumentModelError) -> Passage {
    var kind: PassageKind?
    var text: String?
    var passage = Passage(kind: .speech, text: "")
    var gaps: PassageGaps = [.start, .end, .lastCue]
    var keys = KeySet()
    let start = json.offset
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      let at = json.offset
      switch key {
      case "kind":
        try keys.insert(0, key, json)
        guard let value = PassageKind(rawValue: try json.string()) else {
          throw json.fail(.wrongType(field: key), at: at)
        }
        kind = value
      case "text":
        try keys.insert(1, key, json)
        text = try json.string()
      case "startMilliseconds":
        try keys.insert(2, key, json)
        passage.startMilliseconds = try optionalInteger()
        gaps.remove(.start)
      case "endMilliseconds":
        try keys.insert(3, key, json)
        passage.endMilliseconds = try optionalInteger()
        gaps.remove(.end)
      case "anchor":
        try keys.insert(4, key, json)
        passage.anchor = try optionalString()
      case "heading":
        try keys.insert(5, key, json)
        passage.heading = try optionalString()
      case "speaker":
        try keys.insert(6, key, json)
        passage.speaker = try optionalString()
      case "firstCue":
        try keys.insert(7, key, json)
        passage.firstCue = try optionalInteger()
      case "lastCue":
        try keys.insert(8, key, json)
        passage.lastCue = try optionalInteger()
        gaps.remove(.lastCue)
      case "omitted":
        try keys.insert(9, key, json)
        if try !json.readNull() {
          passage.omitted = try array { reader throws(DocumentModelError) in try reader.json.string() }
        }
      case "layout":
        try keys.insert(10, key, json)
        if try !json.readNull() { passage.layout = try layout() }
      case "cueStarts":
        try keys.insert(11, key, json)
        if try !json.readNull() {
          passage.cueStarts = try array { reader throws(DocumentModelError) in try reader.cueStart() }
        }
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    if !keys.has(11) { gaps.insert(.cueStarts) }
    if let kind { passage.kind = kind } else { gaps.insert(.kind) }
    if let text { passage.text = text } else { gaps.insert(.text) }
    passageGaps.append(gaps)
    passageOffsets.append(start)
    return passage
  }

  /// `[utf8Offset, cue]`; whether it falls inside its passage is checked at the end.
  private mutating func cueStart() throws(DocumentModelError) -> CueMark {
    let start = json.offset
    var array = try json.beginArray()
    guard try json.nextElement(&array) else { throw json.fail(.missingField("utf8Offset"), at: start) }
    let offset = try json.integer()
    guard try json.nextElement(&array) else { throw json.fail(.missingField("cue"), at: start) }
    let cue = try json.integer()
    guard try !json.nextElement(&array) else { throw json.fail(.wrongType(field: "cueStarts"), at: start) }
    return CueMark(utf8Offset: offset, cue: cue)
  }

  private mutating func layout() throws(DocumentModelError) -> PassageLayout {
    var role: PassageLayout.Role?
    var block: Int?
    var layout = PassageLayout(role: .other, block: 0)
    var keys = KeySet()
    let start = json.offset
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      let at = json.offset
      switch key {
      case "role":
        try keys.insert(0, key, json)
        guard let value = PassageLayout.Role(rawValue: try json.string()) else {
          throw json.fail(.wrongType(field: key), at: at)
        }
        role = value
      case "block":
        try keys.insert(1, key, json)
        block = try json.integer()
      case "depth":
        try keys.insert(2, key, json)
        layout.depth = try optionalInteger()
      case "number":
        try keys.insert(3, key, json)
        layout.number = try optionalInteger()
      case "table":
        try keys.insert(4, key, json)
        layout.table = try optionalInteger()
      case "row":
        try keys.insert(5, key, json)
        layout.row = try optionalInteger()
      case "column":
        try keys.insert(6, key, json)
        layout.column = try optionalInteger()
      case "aside":
        try keys.insert(7, key, json)
        layout.aside = try optionalString()
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    layout.role = try required(role, "role", start)
    layout.block = try required(block, "block", start)
    return layout
  }

  /// A cue as an object (format 1: the keys of `StoredCue`) or as an array (format 2:
  /// `[start, end, raw]` and optionally `{"text", "settings", "voice", "identifier"}`).
  private mutating func cue() throws(DocumentModelError) -> StoredCue {
    let start = json.offset
    var cue = StoredCue(startMilliseconds: 0, endMilliseconds: 0, raw: "", text: "")
    var text: String?
    var keys = KeySet()
    if try json.peekKind() == .array {
      var array = try json.beginArray()
      guard try json.nextElement(&array) else { throw json.fail(.missingField("startMilliseconds"), at: start) }
      cue.startMilliseconds = try json.integer()
      guard try json.nextElement(&array) else { throw json.fail(.missingField("endMilliseconds"), at: start) }
      cue.endMilliseconds = try json.integer()
      guard try json.nextElement(&array) else { throw json.fail(.missingField("raw"), at: start) }
      cue.raw = try json.string()
      if try json.nextElement(&array) {
        try cueExtras(&cue, text: &text, keys: &keys)
        guard try !json.nextElement(&array) else { throw json.fail(.wrongType(field: "cue"), at: start) }
      }
      // The text is the raw payload unless the file says otherwise; one string, shared.
      cue.text = text ?? cue.raw
      cueSettingsGiven.append(keys.has(4))
      return cue
    }
    var startTime: Int?
    var endTime: Int?
    var raw: String?
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      switch key {
      case "startMilliseconds":
        try keys.insert(0, key, json)
        startTime = try json.integer()
      case "endMilliseconds":
        try keys.insert(1, key, json)
        endTime = try json.integer()
      case "raw":
        try keys.insert(2, key, json)
        raw = try json.string()
      default:
        try cueExtra(key, &cue, text: &text, keys: &keys)
      }
    }
    cue.startMilliseconds = try required(startTime, "startMilliseconds", start)
    cue.endMilliseconds = try required(endTime, "endMilliseconds", start)
    cue.raw = try required(raw, "raw", start)
    let rendered = try required(text, "text", start)
    cue.text = rendered.utf8.elementsEqual(cue.raw.utf8) ? cue.raw : rendered
    cueSettingsGiven.append(keys.has(4))
    return cue
  }

  private mutating func cueExtras(
    _ cue: inout StoredCue, text: inout String?, keys: inout KeySet
  ) throws(DocumentModelError) {
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) { try cueExtra(key, &cue, text: &text, keys: &keys) }
  }

  private mutating func cueExtra(
    _ key: String, _ cue: inout StoredCue, text: inout String?, keys: inout KeySet
  ) throws(DocumentModelError) {
    switch key {
    case "text":
      try keys.insert(3, key, json)
      text = try json.string()
    case "settings":
      try keys.insert(4, key, json)
      cue.settings = try optionalString()
    case "voice":
      try keys.insert(5, key, json)
      cue.voice = try optionalString()
    case "identifier":
      try keys.insert(6, key, json)
      cue.identifier = try optionalString()
    default:
      try keys.insertUnknown(key, json)
      try json.skipValue()
    }
  }

  private mutating func section() throws(DocumentModelError) -> SectionHeading {
    var title: String?
    var anchor: String?
    var level: Int?
    var keys = KeySet()
    let start = json.offset
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      switch key {
      case "title":
        try keys.insert(0, key, json)
        title = try json.string()
      case "anchor":
        try keys.insert(1, key, json)
        anchor = try optionalString()
      case "level":
        try keys.insert(2, key, json)
        level = try json.integer()
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    return SectionHeading(
      title: try required(title, "title", start), anchor: anchor, level: try required(level, "level", start))
  }

  private mutating func fetchMetadata() throws(DocumentModelError) -> FetchMetadata {
    var fetch = FetchMetadata(sourceURL: "")
    var sourceURL: String?
    var keys = KeySet()
    let start = json.offset
    var object = try json.beginObject()
    while let key = try json.nextKey(&object) {
      switch key {
      case "sourceURL":
        try keys.insert(0, key, json)
        sourceURL = try json.string()
      case "etag":
        try keys.insert(1, key, json)
        fetch.etag = try optionalString()
      case "lastModified":
        try keys.insert(2, key, json)
        fetch.lastModified = try optionalString()
      case "contentHash":
        try keys.insert(3, key, json)
        fetch.contentHash = try optionalString()
      case "fetchedAt":
        try keys.insert(4, key, json)
        fetch.fetchedAt = try optionalString()
      case "lastDeepCheckAt":
        try keys.insert(5, key, json)
        fetch.lastDeepCheckAt = try optionalString()
      case "validatorOrigin":
        try keys.insert(6, key, json)
        fetch.validatorOrigin = try optionalString()
      default:
        try keys.insertUnknown(key, json)
        try json.skipValue()
      }
    }
    fetch.sourceURL = try required(sourceURL, "sourceURL", start)
    return fetch
  }

  // MARK: Helpers

  mutating func array<Element>(
    _ element: (inout DocumentReader) throws(DocumentModelError) -> Element
  ) throws(DocumentModelError) -> [Element] {
    var elements: [Element] = []
    var array = try json.beginArray()
    while try json.nextElement(&array) { elements.append(try element(&self)) }
    return elements
  }

  mutating func optionalString() throws(DocumentModelError) -> String? {
    try json.readNull() ? nil : json.string()
  }

  private mutating func optionalInteger() throws(DocumentModelError) -> Int? {
    try json.readNull() ? nil : json.integer()
  }

  func required<Value>(_ value: Value?, _ field: String, _ start: Int) throws(DocumentModelError) -> Value {
    guard let value else { throw json.fail(.missingField(field), at: start) }
    return value
  }
}

/// The keys one object has given so far: its known fields by number, any others by name.
struct KeySet {
  private var known: UInt32 = 0
  private var unknown: Set<String> = []

  mutating func insert(_ number: Int, _ key: String, _ json: JSONByteReader) throws(DocumentModelError) {
    let bit: UInt32 = 1 << UInt32(number)
    guard known & bit == 0 else { throw json.fail(.duplicateKey(key)) }
    known |= bit
  }

  func has(_ number: Int) -> Bool { known & (1 << UInt32(number)) != 0 }

  mutating func insertUnknown(_ key: String, _ json: JSONByteReader) throws(DocumentModelError) {
    guard unknown.insert(key).inserted else { throw json.fail(.duplicateKey(key)) }
  }
}
