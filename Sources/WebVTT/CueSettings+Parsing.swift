extension CueSettings {
  /// Parses the settings after a cue's timings (W3C WebVTT §6.3, "parse the WebVTT cue
  /// settings"). Unknown names and invalid values are skipped, setting by setting, as
  /// the spec says; `regionIDs` are the regions declared so far.
  static func parse(_ text: String, regionIDs: Set<String>) -> CueSettings {
    var settings = CueSettings()
    for token in SettingTokens(text) {
      guard let (name, value) = token.nameAndValue else { continue }
      switch name {
      case "region":
        settings.regionID = regionIDs.contains(value) ? value : nil
      case "vertical":
        if let direction = WritingDirection(rawValue: value), direction != .horizontal {
          settings.writingDirection = direction
        }
        // Step 3 runs whatever the value: there are no vertical regions.
        if settings.writingDirection != .horizontal { settings.regionID = nil }
      case "line":
        settings.applyLine(value)
      case "position":
        settings.applyPosition(value)
      case "size":
        if let number = Percentage.parse(value[...]) {
          settings.size = number
          if number != 100 { settings.regionID = nil }
        }
      case "align":
        if let alignment = TextAlignment(rawValue: value) { settings.textAlignment = alignment }
      default:
        continue
      }
    }
    return settings
  }

  /// `line:` — a percentage, or a (possibly negative, possibly fractional) line number,
  /// then optionally `,start|center|end`.
  private mutating func applyLine(_ value: String) {
    let (linePosition, alignmentText) = value.splitAtFirstComma()
    guard linePosition.utf8.contains(where: \.isASCIIDigit) else { return }
    let number: Double
    let isPercentage = linePosition.utf8.last == UInt8(ascii: "%")
    if isPercentage {
      guard let percentage = Percentage.parse(linePosition) else { return }
      number = percentage
    } else {
      guard let parsed = Self.parseLineNumber(linePosition) else { return }
      number = parsed
    }
    if let alignmentText {
      guard let alignment = LineAlignment(rawValue: String(alignmentText)) else { return }
      lineAlignment = alignment
    }
    line = number
    snapToLines = !isPercentage
    regionID = nil  // explicitly positioned, so it drops out of the region
  }

  /// The `else` branch of the `line` steps: `-`, digits and one `.` between digits.
  private static func parseLineNumber(_ text: Substring) -> Double? {
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case UInt8(ascii: "-"): if index != 0 { return nil }
      case UInt8(ascii: "."): continue
      default: if !byte.isASCIIDigit { return nil }
      }
    }
    let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
    if dots.count > 1 { return nil }
    if let dot = dots.first {
      guard dot > 0, dot < bytes.count - 1, bytes[dot - 1].isASCIIDigit,
        bytes[dot + 1].isASCIIDigit
      else { return nil }
    }
    // HTML's rules for parsing floating-point numbers: a value that rounds past the
    // largest double is an error, and -0 is 0.
    guard let number = Double(String(text)), number.isFinite else { return nil }
    return number == 0 ? 0 : number
  }

  /// `position:` — a percentage, then optionally `,line-left|center|line-right`.
  private mutating func applyPosition(_ value: String) {
    let (columnPosition, alignmentText) = value.splitAtFirstComma()
    guard let number = Percentage.parse(columnPosition) else { return }
    if let alignmentText {
      guard let alignment = PositionAlignment(rawValue: String(alignmentText)),
        alignment != .auto
      else { return }
      positionAlignment = alignment
    }
    position = number
  }
}

/// WebVTT percentages (§6.2, "parse a percentage string"): `^\d+(\.\d+)?%$`, 0 to 100.
enum Percentage {
  static func parse(_ text: Substring) -> Double? {
    let utf8 = text.utf8
    guard utf8.count >= 2, utf8.last == UInt8(ascii: "%") else { return nil }
    var integerDigits = 0
    var fractionDigits = 0
    var seenDot = false
    for byte in utf8.dropLast() {
      if byte.isASCIIDigit {
        if seenDot { fractionDigits += 1 } else { integerDigits += 1 }
      } else if byte == UInt8(ascii: "."), !seenDot {
        seenDot = true
      } else {
        return nil
      }
    }
    guard integerDigits > 0, !seenDot || fractionDigits > 0 else { return nil }
    guard let number = Double(String(text.dropLast())), number >= 0, number <= 100 else {
      return nil
    }
    return number
  }
}

/// The tokens of a settings string, split on ASCII whitespace one at a time, so a
/// hostile line of millions of tokens never builds a list of them.
struct SettingTokens: Sequence, IteratorProtocol {
  private let text: String
  private var index: String.UTF8View.Index

  init(_ text: String) {
    self.text = text
    self.index = text.utf8.startIndex
  }

  mutating func next() -> Substring? {
    let utf8 = text.utf8
    while index < utf8.endIndex, utf8[index].isASCIIWhitespace { utf8.formIndex(after: &index) }
    guard index < utf8.endIndex else { return nil }
    let start = index
    while index < utf8.endIndex, !utf8[index].isASCIIWhitespace { utf8.formIndex(after: &index) }
    return text[start..<index]
  }
}

extension Substring {
  /// `name:value`, split at the first colon; `nil` when there is none or it is the
  /// first or last character (§6.3 step 2.1).
  var nameAndValue: (name: String, value: String)? {
    guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != startIndex,
      utf8.index(after: colon) != endIndex
    else { return nil }
    return (String(self[startIndex..<colon]), String(self[utf8.index(after: colon)...]))
  }
}

extension String {
  /// The text before the first comma, and after it (`nil` when there is no comma).
  func splitAtFirstComma() -> (Substring, Substring?) {
    guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")) else { return (self[...], nil) }
    return (self[..<comma], self[utf8.index(after: comma)...])
  }
}
