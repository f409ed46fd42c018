/// One option a command accepts: a flag (`--verbatim`) or an option with a value (`--limit N`).
struct OptionSpec: Sendable {
  let name: String
  let short: Character?
  /// Nil for a flag; the placeholder shown in help (`N`, `FILE`) otherwise.
  let valueName: String?
  let help: String
  let isRepeatable: Bool

  static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help, isRepeatable: false)
  }

  static func value(
    _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
    help: String
  ) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: valueName, help: help, isRepeatable: repeatable)
  }

  var takesValue: Bool { valueName != nil }

  var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}

/// Options every command accepts.
enum GlobalOptions {
  static let all: [OptionSpec] = [
    .value("home", "DIR", help: "the directory that holds Corpus/ and Index/ (or DUO_KB_HOME)"),
    .flag("help", short: "h", help: "show help for this command"),
  ]
}

/// A command line split into positionals, option values and flags.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  func value(_ name: String) -> String? { values[name]?.last }
  func allValues(_ name: String) -> [String] { values[name] ?? [] }
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// A positive integer option no larger than `limit`, or a usage error naming it.
  func positiveInteger(_ name: String, atMost limit: Int) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let number = Int(text), number > 0 else {
      throw UsageError("--\(name) needs a positive whole number, not '\(text)'")
    }
    guard number <= limit else { throw UsageError("--\(name) takes at most \(limit), not \(text)") }
    return number
  }

  /// One of a fixed set of words (`--format text|json`).
  func choice(_ name: String, among choices: [String], default fallback: String)
    throws(UsageError) -> String
  {
    guard let text = value(name) else { return fallback }
    guard choices.contains(text) else {
      throw UsageError(
        "--\(name) takes \(choices.joined(separator: ", ")), not '\(text)'",
        hint: DidYouMean.suggestion(for: text, among: choices).map { "did you mean '\($0)'?" })
    }
    return text
  }
}

/// Splits arguments against a list of option specs. Accepts `--name value`,
/// `--name=value`, `-x value`, and `--` to end the options; a lone `-` is a positional (stdin).
enum ArgumentParser {
  static func parse(_ arguments: [String], options: [OptionSpec], command: String)
    throws(UsageError) -> ParsedArguments
  {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (spec, inlineValue) = try lookUp(argument, in: options, command: command)
      guard spec.takesValue else {
        if inlineValue != nil { throw UsageError("--\(spec.name) takes no value") }
        result.flags.insert(spec.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError(
          "--\(spec.name) needs a value (\(spec.valueName ?? "VALUE"))",
          hint: "see 'duo-kb help \(command)'")
      }
      if !spec.isRepeatable, result.values[spec.name] != nil {
        throw UsageError("--\(spec.name) is given twice")
      }
      result.values[spec.name, default: []].append(value)
    }
    return result
  }

  private static func lookUp(_ argument: String, in options: [OptionSpec], command: String)
    throws(UsageError) -> (OptionSpec, String?)
  {
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      if let spec = options.first(where: { $0.name == name }) { return (spec, inlineValue) }
      let suggestion = DidYouMean.suggestion(for: name, among: options.map(\.name))
      throw UsageError(
        "unknown option '--\(name)' for '\(command)'",
        hint: suggestion.map { "did you mean '--\($0)'? see 'duo-kb help \(command)'" }
          ?? "see 'duo-kb help \(command)'")
    }
    let letters = argument.dropFirst()
    if letters.count == 1, let spec = options.first(where: { $0.short == letters.first }) {
      return (spec, nil)
    }
    throw UsageError(
      "unknown option '\(argument)' for '\(command)'", hint: "see 'duo-kb help \(command)'")
  }
}
