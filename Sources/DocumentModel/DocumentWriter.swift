/// Writes a document in the newest format (`DocumentFormat`, format 4), or in format 2 or 3
/// for the tests and benchmarks that compare them: the one writer, deterministic byte for
/// byte, so an unchanged document writes the same file.
enum DocumentWriter {
  static func bytes(of document: Document, version: Int = DocumentFormat.version) -> [UInt8] {
    var out = JSONBytes()
    out.reserve(document)
    // Format 3 leaves out what `DerivedFields` gives back; format 2 writes every field.
    let abbreviates = version >= 3
    let context = PassageContext(
      defaultKind: abbreviates ? DerivedFields.passageKind(of: document.kind) : nil,
      cues: abbreviates ? document.cues : nil, writesCueStarts: version >= 4)
    let cueSettings = abbreviates ? DerivedFields.commonCueSettings(document.cues) : nil
    out.raw("{\n")
    out.member("formatVersion", first: true) { $0.integer(version) }
    out.member("id") { $0.string(document.id) }
    out.member("kind") { $0.string(document.kind.rawValue) }
    out.member("title") { $0.string(document.title) }
    out.member("url") { $0.string(document.url) }
    out.member("language") { $0.string(document.language) }
    if let event = document.event { out.member("event") { $0.string(event) } }
    if let year = document.year { out.member("year") { $0.integer(year) } }
    if let published = document.published { out.member("published") { $0.string(published) } }
    if let from = document.publishedFrom { out.member("publishedFrom") { $0.string(from) } }
    if let summary = document.summary { out.member("summary") { $0.string(summary) } }
    out.member("isRemovedUpstream") { $0.raw(document.isRemovedUpstream ? "true" : "false") }
    if let fetch = document.fetch { out.member("fetch") { $0.fetch(fetch) } }
    if let documentation = document.documentation {
      out.member("documentation") { $0.documentation(documentation) }
    }
    if let related = document.relatedDocumentation, !related.isEmpty {
      out.member("relatedDocumentation") { $0.lines(related) { $0.relatedPage($1) } }
    }
    if let cueSettings { out.member("cueSettings") { $0.string(cueSettings) } }
    out.member("sections") { $0.lines(document.sections) { $0.section($1) } }
    out.member("passages") { $0.lines(document.passages) { $0.passage($1, context) } }
    out.member("cues") {
      $0.lines(document.cues) { out, cue in out.cue(cue, abbreviates: abbreviates, commonSettings: cueSettings) }
    }
    out.raw("\n}\n")
    return out.bytes
  }
}

/// JSON text being written: members one a line at the top, compact objects within.
private struct JSONBytes {
  var bytes: [UInt8] = []

  mutating func reserve(_ document: Document) {
    var estimate = 512
    for passage in document.passages { estimate += passage.text.utf8.count + 120 }
    for cue in document.cues { estimate += cue.raw.utf8.count + 32 }
    bytes.reserveCapacity(estimate)
  }

  mutating func raw(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// A top-level member, `  "key" : value`, one a line.
  mutating func member(_ key: StaticString, first: Bool = false, _ value: (inout Self) -> Void) {
    if !first { raw(",\n") }
    raw("  \"")
    raw(key)
    raw("\" : ")
    value(&self)
  }

  /// An array with one element a line (`[]` when empty).
  mutating func lines<Element>(_ elements: [Element], _ write: (inout Self, Element) -> Void) {
    guard !elements.isEmpty else { return raw("[]") }
    raw("[\n")
    for (index, element) in elements.enumerated() {
      if index > 0 { raw(",\n") }
      raw("    ")
      write(&self, element)
    }
    raw("\n  ]")
  }

  mutating func fetch(_ fetch: FetchMetadata) {
    raw("{\n")
    var first = true
    func field(_ key: StaticString, _ value: String?, _ out: inout Self) {
      guard let value else { return }
      out.raw(first ? "    \"" : ",\n    \"")
      first = false
      out.raw(key)
      out.raw("\" : ")
      out.string(value)
    }
    field("sourceURL", fetch.sourceURL, &self)
    field("etag", fetch.etag, &self)
    field("lastModified", fetch.lastModified, &self)
    field("contentHash", fetch.contentHash, &self)
    field("fetchedAt", fetch.fetchedAt, &self)
    field("lastDeepCheckAt", fetch.lastDeepCheckAt, &self)
    field("validatorOrigin", fetch.validatorOrigin, &self)
    raw("\n  }")
  }

  /// A documentation page's metadata: one compact object, its platforms one compact object each.
  mutating func documentation(_ metadata: DocumentationMetadata) {
    var object = CompactObject()
    object.string("role", metadata.role, &self)
    object.string("symbolKind", metadata.symbolKind, &self)
    object.string("roleHeading", metadata.roleHeading, &self)
    object.key("modules", &self)
    raw("[")
    for (index, module) in metadata.modules.enumerated() {
      if index > 0 { raw(",") }
      string(module)
    }
    raw("]")
    object.key("platforms", &self)
    raw("[")
    for (index, platform) in metadata.platforms.enumerated() {
      if index > 0 { raw(",") }
      var entry = CompactObject()
      entry.string("name", platform.name, &self)
      entry.string("introduced", platform.introduced, &self)
      entry.string("deprecated", platform.deprecated, &self)
      if platform.isDeprecatedFlag {
        entry.key("isDeprecated", &self)
        raw("true")
      }
      if platform.isBeta {
        entry.key("isBeta", &self)
        raw("true")
      }
      if platform.isUnavailable {
        entry.key("isUnavailable", &self)
        raw("true")
      }
      entry.close(&self)
    }
    raw("]")
    object.string("deprecationSummary", metadata.deprecationSummary, &self)
    object.close(&self)
  }

  /// A page a talk links to: `{"title":…,"url":…}`.
  mutating func relatedPage(_ page: RelatedDocumentation) {
    var object = CompactObject()
    object.string("title", page.title, &self)
    object.string("url", page.url, &self)
    object.close(&self)
  }

  mutating func section(_ section: SectionHeading) {
    var object = CompactObject()
    object.string("title", section.title, &self)
    object.string("anchor", section.anchor, &self)
    object.integer("level", section.level, &self)
    raw("}")
  }

  /// A passage; in format 3 (`context.cues` given) without the fields `DerivedFields`
  /// gives back, and with `null` where a field is absent but a rule would give one.
  mutating func passage(_ passage: Passage, _ context: PassageContext) {
    var object = CompactObject()
    if passage.kind != context.defaultKind { object.string("kind", passage.kind.rawValue, &self) }
    guard let cues = context.cues else {
      object.integer("startMilliseconds", passage.startMilliseconds, &self)
      object.integer("endMilliseconds", passage.endMilliseconds, &self)
      object.integer("firstCue", passage.firstCue, &self)
      object.integer("lastCue", passage.lastCue, &self)
      return passageRest(passage, &object, writesText: true)
    }
    object.derivable(
      "startMilliseconds", passage.startMilliseconds, DerivedFields.start(firstCue: passage.firstCue, cues: cues),
      &self)
    object.derivable(
      "endMilliseconds", passage.endMilliseconds, DerivedFields.end(lastCue: passage.lastCue, cues: cues), &self)
    object.integer("firstCue", passage.firstCue, &self)
    object.derivable("lastCue", passage.lastCue, DerivedFields.lastCue(firstCue: passage.firstCue), &self)
    if context.writesCueStarts { cueStarts(passage, &object) }
    let derived = DerivedFields.text(
      firstCue: passage.firstCue, lastCue: passage.lastCue, cues: cues, limit: passage.text.utf8.count)
    passageRest(passage, &object, writesText: derived.map { !$0.elementsEqual(passage.text.utf8) } ?? true)
  }

  /// A passage's `cueStarts` as `[[utf8Offset,cue],…]`: left out when a passage of cues has
  /// none (`DerivedFields.cueStarts`), `null` when its are not known.
  private mutating func cueStarts(_ passage: Passage, _ object: inout CompactObject) {
    guard passage.cueStarts != DerivedFields.cueStarts(firstCue: passage.firstCue) else { return }
    object.key("cueStarts", &self)
    guard let starts = passage.cueStarts else { return raw("null") }
    raw("[")
    for (index, start) in starts.enumerated() {
      raw(index > 0 ? ",[" : "[")
      integer(start.utf8Offset)
      raw(",")
      integer(start.cue)
      raw("]")
    }
    raw("]")
  }

  /// The fields of a passage after its cues; `{}` when a passage has none of them.
  private mutating func passageRest(_ passage: Passage, _ object: inout CompactObject, writesText: Bool) {
    object.string("speaker", passage.speaker, &self)
    object.string("heading", passage.heading, &self)
    object.string("anchor", passage.anchor, &self)
    if let layout = passage.layout {
      object.key("layout", &self)
      var inner = CompactObject()
      inner.string("role", layout.role.rawValue, &self)
      inner.integer("block", layout.block, &self)
      inner.integer("depth", layout.depth, &self)
      inner.integer("number", layout.number, &self)
      inner.integer("table", layout.table, &self)
      inner.integer("row", layout.row, &self)
      inner.integer("column", layout.column, &self)
      inner.string("aside", layout.aside, &self)
      raw("}")
    }
    if let omitted = passage.omitted {
      object.key("omitted", &self)
      raw("[")
      for (index, text) in omitted.enumerated() {
        if index > 0 { raw(",") }
        string(text)
      }
      raw("]")
    }
    if writesText { object.string("text", passage.text, &self) }
    object.close(&self)
  }

  /// `[start,end,"raw"]`, and what else the cue has in an object after it; in format 3
  /// its settings only when they are not the document's `cueSettings` (`null` for none).
  mutating func cue(_ cue: StoredCue, abbreviates: Bool, commonSettings: String?) {
    raw("[")
    integer(cue.startMilliseconds)
    raw(",")
    integer(cue.endMilliseconds)
    raw(",")
    string(cue.raw)
    // Bytes compared, not characters: "é" and "e\u{301}" are equal Strings, not equal text.
    let text = cue.text.utf8.elementsEqual(cue.raw.utf8) ? nil : cue.text
    let writesSettings = abbreviates ? !DerivedFields.sameBytes(cue.settings, commonSettings) : cue.settings != nil
    if text != nil || writesSettings || cue.voice != nil || cue.identifier != nil {
      raw(",")
      var object = CompactObject()
      object.string("text", text, &self)
      if writesSettings {
        object.key("settings", &self)
        if let settings = cue.settings { string(settings) } else { raw("null") }
      }
      object.string("voice", cue.voice, &self)
      object.string("identifier", cue.identifier, &self)
      raw("}")
    }
    raw("]")
  }

  mutating func integer(_ value: Int) {
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, ... or
  /// `\u00XX`; everything else as its UTF-8 (`/` unescaped).
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x08: raw("\\b")
      case 0x0C: raw("\\f")
      case ..<0x20:
        raw("\\u00")
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// What a passage is written against: from format 3 the document's kind of passage and its
/// cues (`DerivedFields`), nil in format 2; from format 4 its cue starts too.
private struct PassageContext {
  var defaultKind: PassageKind?
  var cues: [StoredCue]?
  var writesCueStarts: Bool
}

/// The members of a compact object (`{"a":1,"b":"x"}`), absent optionals left out; the
/// caller closes it with `}` (or `close`, which writes `{}` for an object of no members).
private struct CompactObject {
  private var isFirst = true

  func close(_ out: inout JSONBytes) {
    out.raw(isFirst ? "{}" : "}")
  }

  /// A field a rule could give back: left out when the rule gives `value`, `null` when
  /// the value is absent but the rule would give one.
  mutating func derivable(_ key: StaticString, _ value: Int?, _ derived: Int?, _ out: inout JSONBytes) {
    guard value != derived else { return }
    self.key(key, &out)
    if let value { out.integer(value) } else { out.raw("null") }
  }

  mutating func key(_ key: StaticString, _ out: inout JSONBytes) {
    out.raw(isFirst ? "{\"" : ",\"")
    isFirst = false
    out.raw(key)
    out.raw("\":")
  }

  mutating func string(_ key: StaticString, _ value: String?, _ out: inout JSONBytes) {
    guard let value else { return }
    self.key(key, &out)
    out.string(value)
  }

  mutating func integer(_ key: StaticString, _ value: Int?, _ out: inout JSONBytes) {
    guard let value else { return }
    self.key(key, &out)
    out.integer(value)
  }
}
