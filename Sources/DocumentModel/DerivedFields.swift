/// What a file of document format 3 leaves out because the reader derives it, exactly, from
/// what the file does hold (`DocumentFormat`). The writer leaves a field out only when the
/// rule here gives it back byte for byte; the reader applies the same rules, so the two
/// cannot disagree.
enum DerivedFields {
  /// A passage's kind when the file gives none: a talk's are spoken, a HIG or documentation page's written.
  static func passageKind(of kind: DocumentKind) -> PassageKind {
    switch kind {
    case .talk: .speech
    case .hig, .doc: .text
    }
  }

  /// A passage's last cue when the file gives none: its first (a passage of one cue).
  static func lastCue(firstCue: Int?) -> Int? { firstCue }

  /// A passage's cue starts when the file gives none (format 4 on): none for a passage of
  /// cues (its words come from one cue), nil for a passage without.
  static func cueStarts(firstCue: Int?) -> [CueMark]? { firstCue == nil ? nil : [] }

  /// A passage's start when the file gives none: the start of its first cue.
  static func start(firstCue: Int?, cues: [StoredCue]) -> Int? {
    guard let firstCue, cues.indices.contains(firstCue) else { return nil }
    return cues[firstCue].startMilliseconds
  }

  /// A passage's end when the file gives none: the end of its last cue.
  static func end(lastCue: Int?, cues: [StoredCue]) -> Int? {
    guard let lastCue, cues.indices.contains(lastCue) else { return nil }
    return cues[lastCue].endMilliseconds
  }

  /// A passage's text when the file gives none: the texts of its cues, first to last, one
  /// space between two, each line break a space (captions break lines, quotes do not).
  /// Nil when the passage names no cues in range, or when the text would pass `limit`
  /// bytes (a hostile file could otherwise name every cue from every passage).
  static func text(firstCue: Int?, lastCue: Int?, cues: [StoredCue], limit: Int) -> [UInt8]? {
    guard let firstCue, let lastCue, firstCue <= lastCue, cues.indices.contains(firstCue),
      cues.indices.contains(lastCue)
    else { return nil }
    // Measured first (stopping past the limit), then copied a cue at a time: no per-byte
    // appends, one allocation.
    var count = 0
    for index in firstCue...lastCue {
      count += cues[index].text.utf8.count + (index > firstCue ? 1 : 0)
      guard count <= limit else { return nil }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    for index in firstCue...lastCue {
      if index > firstCue { bytes.append(UInt8(ascii: " ")) }
      bytes.append(contentsOf: cues[index].text.utf8)
    }
    bytes.withUnsafeMutableBufferPointer { buffer in
      for offset in buffer.indices where buffer[offset] == 0x0A { buffer[offset] = UInt8(ascii: " ") }
    }
    return bytes
  }

  /// The settings most of a document's cues share, stated once as `cueSettings`: the most
  /// frequent among cues that have settings, when at least two cues share it (ties go to
  /// the smallest in byte order). Compared as bytes: canonically equal strings are not
  /// the same settings.
  static func commonCueSettings(_ cues: [StoredCue]) -> String? {
    var counts: [[UInt8]: Int] = [:]
    for cue in cues {
      guard let settings = cue.settings else { continue }
      counts[Array(settings.utf8), default: 0] += 1
    }
    var best: (bytes: [UInt8], count: Int)?
    for (bytes, count) in counts where count >= 2 {
      if let current = best,
        count < current.count || (count == current.count && !bytes.lexicographicallyPrecedes(current.bytes))
      {
        continue
      }
      best = (bytes, count)
    }
    return best.map { String(decoding: $0.bytes, as: UTF8.self) }
  }

  /// Whether two optional strings hold the same bytes.
  static func sameBytes(_ left: String?, _ right: String?) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?): left.utf8.elementsEqual(right.utf8)
    default: false
    }
  }
}
