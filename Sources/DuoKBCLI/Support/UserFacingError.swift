/// An error the CLI can word for people: one summary line, an optional hint, a status.
protocol UserFacingError: Error {
  var summary: String { get }
  var hint: String? { get }
  var exitStatus: ExitStatus { get }
}

/// A command line that does not parse: names what is wrong, with a usage hint.
package struct UsageError: UserFacingError {
  let summary: String
  let hint: String?
  var exitStatus: ExitStatus { .usage }

  package init(_ summary: String, hint: String? = nil) {
    self.summary = summary
    self.hint = hint
  }
}

/// A failure the CLI itself detects (a file it cannot read, a missing corpus, ...).
package struct CommandFailure: UserFacingError {
  let summary: String
  let hint: String?
  let exitStatus: ExitStatus

  package init(_ summary: String, hint: String? = nil, exitStatus: ExitStatus = .usage) {
    self.summary = summary
    self.hint = hint
    self.exitStatus = exitStatus
  }
}
