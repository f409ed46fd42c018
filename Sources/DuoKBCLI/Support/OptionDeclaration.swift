/// One option of a command, typed: what help, the manual and the completions show (`spec`)
/// and where its checked value goes in the command's options (a key path of `Options`, so a
/// misspelt option is a compile error, not a value that reads nil).
package struct OptionDeclaration<Options>: Sendable {
  package let spec: OptionSpec
  /// Stores the values given (in order; none for a flag) into the options, or throws the
  /// usage error for a value that does not parse. Called only when the option is given.
  let store: @Sendable (_ options: inout Options, _ values: [String]) throws(UsageError) -> Void

  package init(
    spec: OptionSpec,
    store: @escaping @Sendable (_ options: inout Options, _ values: [String]) throws(UsageError) -> Void
  ) {
    self.spec = spec
    self.store = store
  }

  /// A flag (`--verbatim`): true when given.
  package static func flag(
    _ name: String, short: Character? = nil, _ keyPath: WritableKeyPath<Options, Bool> & Sendable,
    help: @autoclosure @escaping @Sendable () -> String
  ) -> OptionDeclaration {
    OptionDeclaration(spec: .flag(name, short: short, help: help())) { options, _ in options[keyPath: keyPath] = true }
  }

  /// An option with one value (`--limit N`), the field's own default when not given.
  package static func value<Value>(
    _ name: String, _ valueName: String, short: Character? = nil, _ keyPath: WritableKeyPath<Options, Value> & Sendable,
    _ parser: ValueParser<Value>, help: @autoclosure @escaping @Sendable () -> String
  ) -> OptionDeclaration {
    let spec = OptionSpec.value(name, valueName, short: short, choices: parser.choices, help: help())
    return OptionDeclaration(spec: spec) { options, values throws(UsageError) in
      if let text = values.last { options[keyPath: keyPath] = try parser.convert(text, name) }
    }
  }

  /// An option with one value (`--year Y`), nil when not given.
  package static func value<Value>(
    _ name: String, _ valueName: String, short: Character? = nil,
    _ keyPath: WritableKeyPath<Options, Value?> & Sendable,
    _ parser: ValueParser<Value>, help: @autoclosure @escaping @Sendable () -> String
  ) -> OptionDeclaration {
    value(name, valueName, short: short, keyPath, parser.optional, help: help())
  }

  /// A repeatable option (`--allow-host HOST`...): every value, in the order given.
  package static func values<Value>(
    _ name: String, _ valueName: String, short: Character? = nil,
    _ keyPath: WritableKeyPath<Options, [Value]> & Sendable,
    _ parser: ValueParser<Value>, help: @autoclosure @escaping @Sendable () -> String
  ) -> OptionDeclaration {
    let spec = OptionSpec.value(
      name, valueName, short: short, repeatable: true, choices: parser.choices, help: help())
    return OptionDeclaration(spec: spec) { options, values throws(UsageError) in
      var parsed: [Value] = []
      for text in values { parsed.append(try parser.convert(text, name)) }
      options[keyPath: keyPath] = parsed
    }
  }

  /// This option as one of `Outer`'s, whose `keyPath` holds these options (a command that
  /// takes another's options, as `setup` takes `refresh`'s).
  package func within<Outer>(_ keyPath: WritableKeyPath<Outer, Options> & Sendable) -> OptionDeclaration<Outer> {
    let store = self.store
    return OptionDeclaration<Outer>(spec: spec) { outer, values throws(UsageError) in
      try store(&outer[keyPath: keyPath], values)
    }
  }
}

/// A command's options as typed values: each field has its default, `declarations` says how
/// each option fills one, and `validate` checks what concerns several options together.
/// Parsed and validated before the command runs: the command gets them checked.
package protocol CommandOptions: Sendable {
  init()
  /// The options in the order help, the manual and the completions list them.
  static var declarations: [OptionDeclaration<Self>] { get }
  /// Checks across options, once each has its value.
  func validate() throws(UsageError)
}

extension CommandOptions {
  package func validate() throws(UsageError) {}

  /// The options of a split command line: every value converted, then `validate`.
  package static func parse(_ arguments: ParsedArguments) throws(UsageError) -> Self {
    var options = Self()
    for declaration in declarations {
      let name = declaration.spec.name
      if declaration.spec.takesValue {
        guard let values = arguments.values[name] else { continue }
        try declaration.store(&options, values)
      } else if arguments.flags.contains(name) {
        try declaration.store(&options, [])
      }
    }
    try options.validate()
    return options
  }
}

/// The options of a command that has none of its own.
package struct NoOptions: CommandOptions {
  package init() {}
  package static var declarations: [OptionDeclaration<NoOptions>] { [] }
}
