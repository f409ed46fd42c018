/// WebVTT timestamps, `[hh:]mm:ss.ttt` (W3C WebVTT §6.3, "collect a WebVTT timestamp").
enum CueTime {
  /// Hours longer than this many digits are rejected, so that the milliseconds fit in
  /// an `Int` (a leniency-free limit: no real file has a billion hours).
  static let maxHourDigits = 12

  /// Collects a timestamp from `bytes` at `position`, moving `position` past what it
  /// read; `nil` where the spec's algorithm fails.
  ///
  /// The first field is hours when it is not exactly two digits or is over 59 (so
  /// `1:00:00.000` and `100:00:00.000` are hours); minutes and seconds must be exactly
  /// two digits and at most 59, the fraction exactly three digits.
  static func collect(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int? {
    let end = bytes.count
    guard position < end, bytes[position].isASCIIDigit else { return nil }
    var hoursAreExplicit = false
    guard let (value1, digits1) = collectDigits(bytes, at: &position, maxDigits: maxHourDigits)
    else { return nil }
    if digits1 != 2 || value1 > 59 { hoursAreExplicit = true }
    guard position < end, bytes[position] == UInt8(ascii: ":") else { return nil }
    position += 1
    guard let (value2, digits2) = collectDigits(bytes, at: &position, maxDigits: 3), digits2 == 2
    else { return nil }
    var hours = value1
    var minutes = value2
    var seconds = 0
    if hoursAreExplicit || (position < end && bytes[position] == UInt8(ascii: ":")) {
      guard position < end, bytes[position] == UInt8(ascii: ":") else { return nil }
      position += 1
      guard let (value3, digits3) = collectDigits(bytes, at: &position, maxDigits: 3),
        digits3 == 2
      else { return nil }
      seconds = value3
    } else {
      seconds = value2
      minutes = value1
      hours = 0
    }
    guard position < end, bytes[position] == UInt8(ascii: ".") else { return nil }
    position += 1
    guard let (fraction, digits4) = collectDigits(bytes, at: &position, maxDigits: 4),
      digits4 == 3
    else { return nil }
    guard minutes <= 59, seconds <= 59 else { return nil }
    return hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + fraction
  }

  /// Parses a whole string as one timestamp; `nil` unless all of it is one.
  static func milliseconds(_ text: String) -> Int? {
    var utf8 = Array(text.utf8)
    return utf8.withUnsafeMutableBufferPointer { buffer in
      var position = 0
      guard let value = collect(UnsafeBufferPointer(buffer), at: &position),
        position == buffer.count
      else { return nil }
      return value
    }
  }

  /// Collects ASCII digits; `nil` when there are more than `maxDigits` (the digits are
  /// still consumed, so the caller's failure is the spec's "not exactly N digits").
  private static func collectDigits(
    _ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, maxDigits: Int
  ) -> (value: Int, digits: Int)? {
    var value = 0
    var digits = 0
    while position < bytes.count, bytes[position].isASCIIDigit {
      if digits < maxDigits { value = value * 10 + Int(bytes[position] &- 48) }
      digits += 1
      position += 1
    }
    return digits <= maxDigits ? (value, digits) : nil
  }

  /// `hh:mm:ss.ttt`, the form the spec uses when it writes a timestamp (§6.5).
  static func format(milliseconds: Int) -> String {
    let sign = milliseconds < 0 ? "-" : ""
    let total = abs(milliseconds)
    let hours = total / 3_600_000
    let minutes = total / 60_000 % 60
    let seconds = total / 1000 % 60
    let fraction = total % 1000
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(sign)\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(fraction, 3))"
  }
}

extension UInt8 {
  var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
  /// ASCII whitespace as the HTML standard defines it: tab, LF, FF, CR, space.
  var isASCIIWhitespace: Bool {
    self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D
  }
  var isASCIIAlphanumeric: Bool {
    isASCIIDigit || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A)
  }
}
