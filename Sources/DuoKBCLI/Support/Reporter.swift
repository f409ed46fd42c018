/// All diagnostics go through here, to stderr: `duo-kb: error: …` then `hint: …`.
/// Color only on a terminal, and never when `NO_COLOR` is set.
struct Reporter: Sendable {
  let output: TextOutput
  let usesColor: Bool

  init(output: TextOutput, environment: [String: String]) {
    self.output = output
    usesColor = output.isTerminal && environment["NO_COLOR"] == nil
  }

  func error(_ message: String, hint: String? = nil) {
    output.write("duo-kb: \(paint("error:", code: "31;1")) \(message)\n")
    if let hint { output.write("\(paint("hint:", code: "36")) \(hint)\n") }
  }

  func warning(_ message: String) {
    output.write("duo-kb: \(paint("warning:", code: "33")) \(message)\n")
  }

  func notice(_ message: String) {
    output.write("duo-kb: \(message)\n")
  }

  func paint(_ text: String, code: String) -> String {
    usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
