// A static release build (scripts/release-build) builds every target, and its static
// runtime has no Swift Testing: there this module is empty. Tests build against the shared
// runtime, which has it.
#if canImport(Testing)
  import Testing

  /// How much a test asks of the machine, declared once for every test target.
  ///
  /// `scripts/test` reads these tags from the sources (`scripts/test-sizes`): it runs every
  /// test but the large suites first, then the large suites by themselves. A test without a
  /// size tag is small.
  extension Tag {
    /// In process and quick: pure functions, parsers, a small index. The default.
    @Tag public static var small: Self
    /// Starts processes or loopback servers, or builds indexes: seconds, sometimes a minute,
    /// and it may keep time (time-outs, signals, retries).
    @Tag public static var medium: Self
    /// CPU-bound for most of a minute on two cores, or needs the cooperative pool free within
    /// a deadline: it would starve, or be starved by, the tests that keep time, so it runs
    /// apart. Put it on the suite (`@Suite(.tags(.large)) struct …` on one line), which is
    /// what `scripts/test-sizes` reads.
    @Tag public static var large: Self
  }
#endif
