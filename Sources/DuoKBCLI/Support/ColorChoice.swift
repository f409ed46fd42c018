/// Whether an output gets color: `--color auto|always|never`, default auto.
///
/// Auto means color on a terminal only, never when `NO_COLOR` holds a non-empty value
/// (set but empty does not count, as the NO_COLOR convention says), and never with
/// `TERM=dumb`. `always` and `never` override all of that.
package enum ColorChoice: String, Sendable, CaseIterable {
  case auto, always, never

  static let optionName = "color"

  func usesColor(_ output: TextOutput, environment: [String: String]) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto:
      output.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
  }

  /// The choice from `--color WHEN` or `--color=WHEN` among the options (before `--`),
  /// the last one winning; auto when absent or not a known word (the parser reports that).
  static func scan(_ arguments: [String]) -> ColorChoice {
    var choice = ColorChoice.auto
    var index = 0
    while index < arguments.count, arguments[index] != "--" {
      let argument = arguments[index]
      if argument == "--\(optionName)", index + 1 < arguments.count {
        choice = ColorChoice(rawValue: arguments[index + 1]) ?? choice
        index += 1
      } else if argument.hasPrefix("--\(optionName)=") {
        choice = ColorChoice(rawValue: String(argument.dropFirst(optionName.count + 3))) ?? choice
      }
      index += 1
    }
    return choice
  }
}
