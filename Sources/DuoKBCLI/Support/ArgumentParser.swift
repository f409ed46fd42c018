/// One option a command accepts: a flag (`--verbatim`) or an option with a value (`--limit N`).
package struct OptionSpec: Sendable {
  package let name: String
  package let short: Character?
  /// Nil for a flag; the placeholder shown in help (`N`, `FILE`) otherwise.
  package let valueName: String?
  /// Made when help, the manual or completions ask, not each time a command line is parsed:
  /// some are composed from the request fields and the query syntax.
  package var help: String { helpText() }
  private let helpText: @Sendable () -> String
  package let isRepeatable: Bool
  /// The words the value must be one of (`--format text|json`); empty when it is free.
  package var choices: [String] = []

  package init(
    name: String, short: Character?, valueName: String?, help: @autoclosure @escaping @Sendable () -> String,
    isRepeatable: Bool, choices: [String] = []
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.helpText = help
    self.isRepeatable = isRepeatable
    self.choices = choices
  }

  package static func flag(
    _ name: String, short: Character? = nil, help: @autoclosure @escaping @Sendable () -> String
  ) -> OptionSpec {
    OptionSpec(name: name, short: short, valueName: nil, help: help(), isRepeatable: false)
  }

  package static func value(
    _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
    choices: [String] = [], help: @autoclosure @escaping @Sendable () -> String
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: valueName, help: help(), isRepeatable: repeatable, choices: choices)
  }

  /// What completes this option's value: its words, a file, a directory, or nothing.
  package var valueCompletion: ValueCompletion {
    if !choices.isEmpty { return .words(choices) }
    switch valueName {
    case "FILE", "CHECKLIST": return .files
    case "DIR": return .directories
    default: return .none
    }
  }

  package var takesValue: Bool { valueName != nil }

  package var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}

/// A command line split into positionals, option values and flags, by option name: what
/// `CommandOptions.parse` turns into a command's typed options (nothing else reads it).
package struct ParsedArguments: Sendable {
  package var positionals: [String] = []
  package var values: [String: [String]] = [:]
  package var flags: Set<String> = []
}

/// Splits arguments against a list of option specs. Accepts `--name value`,
/// `--name=value`, `-x value`, `-xvalue`, and `--` to end the options; a lone `-` is a positional (stdin).
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
    if let spec = options.first(where: { $0.short == letters.first }) {
      if letters.count == 1 { return (spec, nil) }
      // `-n1`: a short option's value may be attached to it.
      if spec.takesValue { return (spec, String(letters.dropFirst())) }
    }
    let suggestion =
      argument.hasPrefix("-") && !argument.hasPrefix("--")
      ? DidYouMean.suggestion(for: String(letters), among: options.map(\.name)) : nil
    throw UsageError(
      "unknown option '\(argument)' for '\(command)'",
      hint: suggestion.map { "did you mean '--\($0)'? see 'duo-kb help \(command)'" }
        ?? "see 'duo-kb help \(command)'")
  }
}
