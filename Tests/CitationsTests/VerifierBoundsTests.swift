import DuoKBTestSupport
import Foundation
import Testing

@testable import Citations

/// What one `verify` answer holds is bounded whatever the write-up: the first
/// `FileCheck.defaultListingLimit` verdicts in full, every verdict counted, long real words and
/// diffs shortened.
@Suite struct VerifierBoundsTests {
  static let misquote = "“Lists, feeds and articles keep flowing.” tech-talks/900001@0:44"

  /// `count` misquotations, a paragraph each.
  static func misquotes(_ count: Int) -> String {
    (0..<count).map { "\($0): \(misquote)" }.joined(separator: "\n\n") + "\n"
  }

  @Test("A report lists the first verdicts, counts them all, and says how many it leaves out")
  func listingIsBounded() throws {
    let corpus = try TestCorpus()
    let verifier = try corpus.verifier()
    let limit = QuotationVerifier.FileCheck.defaultListingLimit
    let count = limit + 100
    let report = VerificationReport(
      checks: [verifier.check(text: Self.misquotes(count), file: "long.md")], toleranceSeconds: 5)
    #expect(report.verdicts.count == limit)
    #expect(report.verdicts.allSatisfy { $0.status == .misquoted })
    #expect(report.total == count)
    #expect(report.count(.misquoted) == count)
    #expect(report.summary.hasPrefix("\(count) quotations: 0 verified"))
    #expect(!report.passed)
    #expect(
      report.text().contains("(100 more quotations counted below but not listed: a report lists the first \(limit))"))
    let json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
    #expect((json["quotations"] as? [Any])?.count == limit)
    #expect(json["total"] as? Int == count)
    #expect(json["unlisted"] as? [String: Int] == ["quotations": 100, "passedOver": 0, "limit": limit])
  }

  @Test("Twice the quotations past the listing make an answer no longer")
  func answerDoesNotGrow() throws {
    let verifier = try TestCorpus().verifier()
    func answer(_ count: Int) throws -> Int {
      let check = verifier.check(text: Self.misquotes(count), file: "f.md", listingLimit: 10)
      return try VerificationReport(checks: [check], toleranceSeconds: 5).json(pretty: false).count
    }
    let once = try answer(40)
    let twice = try answer(80)
    #expect(twice - once < 16, "only the counts' digits may grow")
  }

  @Test("Checks of several files share one listing, and the counts add up")
  func severalFiles() throws {
    let verifier = try TestCorpus().verifier()
    let checks = (0..<3).map { verifier.check(text: Self.misquotes(8), file: "f\($0).md", listingLimit: 10) }
    let report = VerificationReport(checks: checks, toleranceSeconds: 5)
    #expect(report.verdicts.count == 10)
    #expect(report.total == 24)
    #expect(report.unlistedVerdicts == 14)
    #expect(report.count(.misquoted) == 24)
  }

  @Test("Random bytes give a bounded answer")
  func randomBytes() throws {
    var generator = SplitMix64(seed: 57)
    let bytes = (0..<(256 << 10)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    let verifier = try TestCorpus().verifier()
    let check = verifier.check(text: String(decoding: bytes, as: UTF8.self), file: "noise", listingLimit: 50)
    #expect(check.verdicts.count <= 50)
    #expect(check.passedOver.count <= 50)
    let report = VerificationReport(checks: [check], toleranceSeconds: 5)
    #expect(try report.json(pretty: false).count < 1 << 20)
  }

  @Test("A long misquotation keeps its counts, with the real words and the diff shortened")
  func longMisquote() throws {
    var diff = WordDiff(parts: [], matchedWords: 0, quotedWords: 0)
    for number in 0..<1_000 { diff.append(.same, "w\(number)") }
    diff.append(.said, "said")
    diff.append(.quoted, "quoted")
    for number in 0..<(2_000) { diff.append(number.isMultiple(of: 2) ? .said : .quoted, "x\(number)") }
    let short = diff.shortened(toWords: QuotationVerdict.maximumDiffWords)
    #expect(short.parts.reduce(0) { $0 + $1.words.count } <= QuotationVerdict.maximumDiffWords + 1)
    #expect(short.leftOut == diff.leftOut && short.added == diff.added)
    #expect(short.rendered.hasPrefix("w0 w1 w2 w3 … w996 w997 w998 w999 [-said-] {+quoted+}"))
    #expect(diff.shortened(toWords: 5_000) == diff)

    var verdict = QuotationVerifier.blankVerdict(
      for: try #require(QuotationExtractor.quotations(in: Self.misquote).first), file: "f")
    verdict.closest = String(repeating: "word ", count: 1_000)
    verdict.diff = diff
    let bounded = verdict.bounded()
    #expect(bounded.closest?.count == QuotationVerdict.maximumClosestLength)
    #expect(bounded.closest?.hasSuffix("…") == true)
    #expect(bounded.diff == short)
  }

  @Test("A paragraph with no blank line is read a bounded block at a time, its quotations all found")
  func longParagraph() {
    let line = "She said “four words go here” (0:10) and went on.\n"
    let text = String(repeating: line, count: 6_000)
    let blocks = WriteUp(text: text).map(\.characters.count)
    #expect(blocks.count > 1)
    #expect(blocks.allSatisfy { $0 <= WriteUp.maximumBlockLength + WriteUp.maximumLineLength + 1 })
    #expect(QuotationExtractor.quotations(in: text).count == 6_000)
  }
}
