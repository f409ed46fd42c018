import StringTrimming

/// How an option's text becomes a typed value, or the usage error that says why it cannot.
/// `convert` gets the text and the option's name (for the message, `--NAME ...`).
package struct ValueParser<Value>: Sendable {
  /// The words a shell offers for the value and the help lists (`--format text|json`).
  package var choices: [String]
  package let convert: @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value

  package init(
    choices: [String] = [], _ convert: @escaping @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value
  ) {
    self.choices = choices
    self.convert = convert
  }

  /// The same parser for a field that is nil until the option is given.
  var optional: ValueParser<Value?> {
    let convert = convert
    return ValueParser<Value?>(choices: choices) { text, name throws(UsageError) in try convert(text, name) }
  }
}

extension ValueParser where Value == String {
  /// Any text, as given.
  package static var text: ValueParser { ValueParser { text, _ in text } }

  /// One of a fixed set of words (`--format text|json`); a word that is none of them gets
  /// the nearest one as a hint.
  package static func word(among words: [String]) -> ValueParser {
    ValueParser(choices: words) { text, name throws(UsageError) in try checkWord(text, among: words, name: name) }
  }

  private static func checkWord(_ text: String, among words: [String], name: String) throws(UsageError) -> String {
    guard words.contains(text) else {
      throw UsageError(
        "--\(name) takes \(words.joined(separator: ", ")), not '\(text)'",
        hint: DidYouMean.suggestion(for: text, among: words).map { "did you mean '\($0)'?" })
    }
    return text
  }
}

extension ValueParser where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
  /// One of the cases of `Value`, by its raw value.
  package static var choice: ValueParser {
    let cases = Value.allCases.map { (word: $0.rawValue, value: $0) }
    let words = cases.map(\.word)
    return ValueParser(choices: words) { text, name throws(UsageError) in
      guard let value = cases.first(where: { $0.word == text })?.value else {
        throw UsageError(
          "--\(name) takes \(words.joined(separator: ", ")), not '\(text)'",
          hint: DidYouMean.suggestion(for: text, among: words).map { "did you mean '\($0)'?" })
      }
      return value
    }
  }
}

extension ValueParser where Value == Int {
  /// A whole number from 1 to `limit`: any other text, zero, or a number past the bound
  /// (however large, without overflow) is refused.
  package static func positiveInteger(atMost limit: Int) -> ValueParser {
    ValueParser { text, name throws(UsageError) in
      guard let number = Int(text), number > 0 else {
        throw UsageError("--\(name) needs a positive whole number, not '\(text)'")
      }
      guard number <= limit else { throw UsageError("--\(name) takes at most \(limit), not \(text)") }
      return number
    }
  }

  /// A whole number in `range`; anything else is refused with `message(name, text)`.
  package static func integer(
    in range: ClosedRange<Int>, otherwise message: @escaping @Sendable (_ name: String, _ text: String) -> String
  ) -> ValueParser {
    ValueParser { text, name throws(UsageError) in
      guard let number = Int(text), range.contains(number) else { throw UsageError(message(name, text)) }
      return number
    }
  }
}

extension ValueParser where Value == Double {
  /// A finite number accepted by `isAllowed`; anything else is refused with `message(name, text)`.
  package static func number(
    where isAllowed: @escaping @Sendable (Double) -> Bool,
    otherwise message: @escaping @Sendable (_ name: String, _ text: String) -> String
  ) -> ValueParser {
    ValueParser { text, name throws(UsageError) in
      guard let number = Double(text), number.isFinite, isAllowed(number) else { throw UsageError(message(name, text)) }
      return number
    }
  }
}

extension ValueParser where Value == Double {
  /// A period in seconds: a number of days (`7`, `0.5`), or of hours, minutes or seconds
  /// with a unit (`12h`, `30m`, `90s`; `d` for days); more than zero.
  package static var period: ValueParser {
    ValueParser { text, name throws(UsageError) in
      let units: [Character: Double] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
      var number = Substring(text.trimmingSpaces())
      var unit = 86_400.0
      if let last = number.last, let factor = units[Character(last.lowercased())] {
        unit = factor
        number = number.dropLast()
      }
      guard let value = Double(number), value > 0, value.isFinite else {
        throw UsageError("--\(name) takes a number of days (7), or 12h, 30m, 90s; not '\(text)'")
      }
      return value * unit
    }
  }
}
