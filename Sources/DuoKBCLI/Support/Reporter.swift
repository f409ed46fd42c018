/// All diagnostics go through here, to stderr: `duo-kb: error: …` then `hint: …`.
/// Color as `ColorChoice` decides (by default: on a terminal, not with NO_COLOR or TERM=dumb).
package struct Reporter: Sendable {
  package let output: TextOutput
  package let usesColor: Bool

  init(output: TextOutput, environment: [String: String], color: ColorChoice = .auto) {
    self.output = output
    usesColor = color.usesColor(output, environment: environment)
  }

  /// The error line, then the hint's lines, if it has any words (never an empty `hint:`).
  package func error(_ message: String, hint: String? = nil) {
    output.write("duo-kb: \(paint("error:", code: "31;1")) \(message)\n")
    guard let hint, hint.contains(where: { !$0.isWhitespace }) else { return }
    output.write("\(paint("hint:", code: "36")) \(hint.drop(while: \.isNewline))\n")
  }

  package func warning(_ message: String) {
    output.write("duo-kb: \(paint("warning:", code: "33")) \(message)\n")
  }

  package func notice(_ message: String) {
    output.write("duo-kb: \(message)\n")
  }

  package func paint(_ text: String, code: String) -> String {
    usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
