import Testing

@testable import Citations

/// A quotation of fewer than four words is checked at the moment a time, a link or a
/// citation id names; without one it is too short, counted, and fails nothing.
@Suite struct ShortQuotationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let status: QuotationVerdict.Status
    /// Where the words are said, when found.
    var time: String?
    var testDescription: String { text }
  }

  static let cases: [Case] = [
    // At its time, written after or before it, in a deep link or a citation id.
    Case(text: "“hard to tap” (0:24)", status: .verified, time: "0:24"),
    Case(text: "“the fold” (0:20)", status: .verified, time: "0:20"),
    Case(text: "At 0:24, “hard to tap”.", status: .verified, time: "0:24"),
    Case(
      text: "“hard to tap” ([video](https://developer.apple.com/videos/play/tech-talks/900001/?time=24))",
      status: .verified, time: "0:24"),
    Case(text: "“hard to tap” tech-talks/900001@0:24", status: .verified, time: "0:24"),
    Case(text: "“Hard to tap” (0:24)", status: .verifiedWithMarks, time: "0:24"),
    // Said, but not at the time given.
    Case(text: "“hard to tap” (0:50)", status: .wrongTime, time: "0:24"),
    Case(text: "“hard to tap” tech-talks/900001@0:10", status: .wrongTime, time: "0:24"),
    // Words changed at that moment.
    Case(text: "“hard to tip” (0:24)", status: .misquoted, time: "0:24"),
    // Nothing like it at that moment.
    Case(text: "“purple toolbars everywhere” (0:24)", status: .notFound),
    // A few words said in another talk than the one named are a coincidence, not a source.
    Case(
      text: "“hard to tap” ([video](https://developer.apple.com/videos/play/wwdc2024/900002/?time=70))",
      status: .notFound),
    // No time, link or id: too short to check.
    Case(text: "Apple says “hard to tap”.", status: .tooShort),
    Case(text: "In *Design for Testing Duo*, “hard to tap”.", status: .tooShort),
  ]

  @Test(arguments: cases)
  func aShortQuotationIsCheckedAtItsMoment(_ example: Case) throws {
    let corpus = try TestCorpus()
    let verdicts = try corpus.verifier().verify(text: example.text, file: "f")
    try #require(verdicts.count == 1)
    #expect(verdicts[0].status == example.status, "\(verdicts[0].note ?? "")")
    if let time = example.time { #expect(verdicts[0].time == time) }
  }

  @Test func tooShortIsCountedAndFailsNothing() throws {
    let corpus = try TestCorpus()
    let verifier = try corpus.verifier()
    let mixed = verifier.check(text: "“hard to tap” (0:24), and Apple’s “the fold”.", file: "f")
    #expect(mixed.verdicts.map(\.status) == [.verified, .tooShort])
    let report = VerificationReport(checks: [mixed], toleranceSeconds: 5)
    #expect(report.passed)
    #expect(report.count(.tooShort) == 1)
    #expect(report.summary.contains("1 too short (not failing)"))
    // Too short ones alone verify nothing.
    let alone = VerificationReport(
      checks: [verifier.check(text: "Apple’s “the fold”.", file: "f")], toleranceSeconds: 5)
    #expect(alone.total == 1)
    #expect(!alone.passed)
    // Nothing said of it, nothing to count: a label, passed over.
    let label = verifier.check(text: "Tap “the fold” here.", file: "f")
    #expect(label.total == 0)
    #expect(label.passedOver.map(\.reason) == [.unattributed])
  }
}
