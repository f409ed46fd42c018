#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The state of one run of the WebVTT parser algorithm (W3C WebVTT §6.1) over
/// normalized input: only LF line ends, no NUL, valid UTF-8.
struct WebVTTBlockReader {
  private enum Block {
    case cue(Cue)
    case styleSheet(String)
    case region(Region)
  }

  private let bytes: [UInt8]
  private let maxCues: Int
  private var position = 0
  /// 1-based number of the line `position` is on.
  private var lineNumber = 1
  private var hasSeenCue = false
  private var regionIDs: Set<String> = []
  private var droppedWarnings = 0
  private(set) var file = WebVTTFile()

  init(bytes: [UInt8], maxCues: Int) {
    self.bytes = bytes
    self.maxCues = maxCues
  }

  mutating func warn(_ warning: WebVTTWarning) {
    if file.warnings.count < WebVTTWarning.maxRecorded {
      file.warnings.append(warning)
    } else {
      droppedWarnings += 1
    }
  }

  /// §6.1 steps 4 to 15.
  mutating func readFile() throws(WebVTTError) {
    try checkSignature()
    defer {
      if droppedWarnings > 0 { file.warnings.append(.moreWarnings(count: droppedWarnings)) }
    }
    position = lineFeed(from: 0) ?? bytes.count
    guard position < bytes.count else { return }
    advancePastLineFeed()
    guard position < bytes.count else { return }
    if bytes[position] != 0x0A {
      _ = try collectBlock(inHeader: true)
    } else {
      advancePastLineFeed()
    }
    skipLineFeeds()
    while position < bytes.count {
      switch try collectBlock(inHeader: false) {
      case .cue(let cue):
        file.cues.append(cue)
      case .styleSheet(let text):
        file.styleSheets.append(text)
      case .region(let region):
        // Of regions with one id the last wins (it replaces, and moves to the end).
        file.regions.removeAll { $0.id == region.id }
        file.regions.append(region)
        regionIDs.insert(region.id)
      case nil:
        break
      }
      skipLineFeeds()
    }
  }

  /// §6.1 steps 4–6: `WEBVTT`, then a space, a tab, a line end or the end.
  private func checkSignature() throws(WebVTTError) {
    let signature: [UInt8] = Array("WEBVTT".utf8)
    let isValid =
      bytes.count >= 6 && bytes[0..<6].elementsEqual(signature)
      && (bytes.count == 6 || [0x20, 0x09, 0x0A].contains(bytes[6]))
    guard !isValid else { return }
    let firstLine = bytes[0..<(lineFeed(from: 0) ?? bytes.count)].prefix(40)
    throw .missingSignature(line: 1, found: String(decoding: firstLine, as: UTF8.self))
  }

  /// The variables of one run of "collect a WebVTT block".
  private struct BlockState {
    var lineCount = 0
    var previousPosition: Int
    var previousLineNumber: Int
    /// The buffer is always a run of whole lines of the input, so a range suffices.
    var buffer: Range<Int>?
    var hasSeenArrow = false
    var cue: Cue?
    var isStyleSheet = false
    var isRegion = false
  }

  /// §6.1 "collect a WebVTT block". Returns nil for blocks the algorithm drops.
  private mutating func collectBlock(inHeader: Bool) throws(WebVTTError) -> Block? {
    var block = BlockState(previousPosition: position, previousLineNumber: lineNumber)
    while true {
      let line = position..<(lineFeed(from: position) ?? bytes.count)
      let thisLineNumber = lineNumber
      position = line.upperBound
      block.lineCount += 1
      let hasSeenEOF = position >= bytes.count
      if !hasSeenEOF { advancePastLineFeed() }

      if containsArrow(line) {
        guard !inHeader, block.lineCount == 1 || (block.lineCount == 2 && !block.hasSeenArrow)
        else {
          position = block.previousPosition
          lineNumber = block.previousLineNumber
          break
        }
        try startCue(line, lineNumber: thisLineNumber, &block)
      } else if line.isEmpty {
        break
      } else {
        addLine(line, lineNumber: thisLineNumber, inHeader: inHeader, &block)
      }
      if hasSeenEOF { break }
    }

    if var cue = block.cue {
      cue.text = string(block.buffer)
      return .cue(cue)
    } else if block.isStyleSheet {
      return .styleSheet(string(block.buffer))
    } else if block.isRegion {
      return .region(Region.parse(settings: string(block.buffer)))
    }
    return nil
  }

  /// A line with `-->` where a cue may start: "cue creation" and its timings (§6.1).
  private mutating func startCue(
    _ line: Range<Int>, lineNumber thisLineNumber: Int, _ block: inout BlockState
  ) throws(WebVTTError) {
    block.hasSeenArrow = true
    block.previousPosition = position
    block.previousLineNumber = lineNumber
    guard var cue = parseTimingLine(line) else {
      block.cue = nil
      warn(.invalidTimingLine(line: thisLineNumber, text: string(line, maxBytes: 80)))
      return
    }
    guard file.cues.count < maxCues else {
      throw .tooManyCues(line: thisLineNumber, limit: maxCues)
    }
    cue.id = string(block.buffer)
    block.cue = cue
    block.buffer = nil
    hasSeenCue = true
  }

  /// Any other non-empty line: a header line, or a line of the buffer, where the
  /// second line of a block decides whether the first made it a STYLE or REGION block.
  private mutating func addLine(
    _ line: Range<Int>, lineNumber thisLineNumber: Int, inHeader: Bool,
    _ block: inout BlockState
  ) {
    if inHeader {
      readHeaderLine(line, lineNumber: thisLineNumber)
    } else if block.lineCount == 2, let keyword = blockKeyword(block.buffer) {
      if hasSeenCue {
        warn(.blockAfterFirstCue(line: thisLineNumber - 1, kind: keyword))
      } else {
        if keyword == "STYLE" { block.isStyleSheet = true } else { block.isRegion = true }
        block.buffer = nil
      }
    }
    block.buffer = block.buffer.map { $0.lowerBound..<line.upperBound } ?? line
    block.previousPosition = position
    block.previousLineNumber = lineNumber
  }

  /// `STYLE` or `REGION` when the buffer is that word and then only ASCII whitespace.
  private func blockKeyword(_ buffer: Range<Int>?) -> String? {
    guard let buffer else { return nil }
    for keyword in ["STYLE", "REGION"] {
      let word = Array(keyword.utf8)
      guard buffer.count >= word.count,
        bytes[buffer.lowerBound..<(buffer.lowerBound + word.count)].elementsEqual(word)
      else { continue }
      if bytes[(buffer.lowerBound + word.count)..<buffer.upperBound].allSatisfy(
        \.isASCIIWhitespace)
      {
        return keyword
      }
    }
    return nil
  }

  /// A header line: the HLS timestamp map is the only one with meaning here.
  private mutating func readHeaderLine(_ line: Range<Int>, lineNumber: Int) {
    let prefix = Array(TimestampMap.prefix.utf8)
    guard line.count >= prefix.count,
      bytes[line.lowerBound..<(line.lowerBound + prefix.count)].elementsEqual(prefix)
    else { return }
    let text = string(line)
    if let map = TimestampMap.parse(line: text) {
      if file.timestampMap == nil { file.timestampMap = map }
    } else {
      warn(.invalidTimestampMap(line: lineNumber, text: string(line, maxBytes: 80)))
    }
  }

  /// §6.3 "collect WebVTT cue timings and settings"; the cue has no id or text yet.
  private func parseTimingLine(_ line: Range<Int>) -> Cue? {
    bytes.withUnsafeBufferPointer { all -> Cue? in
      let input = UnsafeBufferPointer(rebasing: all[line])
      var index = 0
      func skipWhitespace() {
        while index < input.count, input[index].isASCIIWhitespace { index += 1 }
      }
      skipWhitespace()
      guard let start = CueTime.collect(input, at: &index) else { return nil }
      skipWhitespace()
      for expected in [UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: ">")] {
        guard index < input.count, input[index] == expected else { return nil }
        index += 1
      }
      skipWhitespace()
      guard let end = CueTime.collect(input, at: &index) else { return nil }
      let remainder = String(decoding: UnsafeBufferPointer(rebasing: input[index...]), as: UTF8.self)
      return Cue(
        startMilliseconds: start, endMilliseconds: end,
        settings: CueSettings.parse(remainder, regionIDs: regionIDs),
        settingsText: String(remainder[...].trimmingASCIIWhitespace()), text: "")
    }
  }

  /// Whether the line contains `-->`.
  private func containsArrow(_ line: Range<Int>) -> Bool {
    bytes.withUnsafeBufferPointer { all in
      guard let base = all.baseAddress else { return false }
      var from = line.lowerBound
      while from < line.upperBound,
        let found = memchr(base + from, Int32(UInt8(ascii: ">")), line.upperBound - from)
      {
        let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if index - 2 >= line.lowerBound, all[index - 1] == UInt8(ascii: "-"),
          all[index - 2] == UInt8(ascii: "-")
        {
          return true
        }
        from = index + 1
      }
      return false
    }
  }

  private func lineFeed(from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { all in
      guard let base = all.baseAddress,
        let found = memchr(base + start, 0x0A, all.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  private mutating func advancePastLineFeed() {
    position += 1
    lineNumber += 1
  }

  private mutating func skipLineFeeds() {
    while position < bytes.count, bytes[position] == 0x0A { advancePastLineFeed() }
  }

  private func string(_ range: Range<Int>?, maxBytes: Int = .max) -> String {
    guard let range else { return "" }
    return String(decoding: bytes[range].prefix(maxBytes), as: UTF8.self)
  }
}
