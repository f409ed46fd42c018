/// The commit this binary was built from, for `duo-kb --version`.
///
/// scripts/release-build writes `Generated/BuildCommit+Embedded.swift` (not in git) with the
/// commit and compiles with `-DDUOKB_EMBEDDED_COMMIT`; any other build says "unknown".
enum BuildCommit {
  #if !DUOKB_EMBEDDED_COMMIT
    static let id = "unknown"
  #endif
}
