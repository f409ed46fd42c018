import Corpus
import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

/// Attribution comes from the writer: seed 001 gets the same verdicts whether or not the
/// corpus holds a HIG page whose title its own prose resembles ("What does designing for
/// iPhone Duo require?"), and its short quotations with a time are checked at that time.
@Suite(.enabled(if: ConformanceData.shouldRun, "the seeds are read in place beside the conformance data"))
struct SeedAttributionTests {
  /// A HIG page titled as seed 001's heading and first sentence nearly are, holding none of
  /// the seed's quotations.
  static let designingPage = Document(
    id: "hig/designing-for-iphone-duo", kind: .hig, title: "Designing for iPhone Duo",
    url: "https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo",
    passages: [
      Passage(kind: .text, text: "Plan one app for two displays.", anchor: "Overview", heading: "Overview"),
      Passage(kind: .text, text: "Test each pose on the device.", anchor: "Poses", heading: "Poses"),
    ],
    sections: [
      SectionHeading(title: "Overview", anchor: "Overview", level: 2),
      SectionHeading(title: "Poses", anchor: "Poses", level: 2),
    ])

  static func verdicts(withDesigningPage: Bool) async throws -> [[String: Any]] {
    let scratch = try SeedVerifyTests.sampleHome()
    if withDesigningPage {
      try CorpusStore(directory: scratch.url.appendingPathComponent("Corpus", isDirectory: true))
        .write(designingPage)
    }
    let (run, report) = try await SeedVerifyTests.verify(try ConformanceData.seed("001"), in: scratch)
    #expect(run.stderr.isEmpty || !run.stderr.contains("error"), "\(run.stderr)")
    return try #require(report["quotations"] as? [[String: Any]])
  }

  @Test func seed001GetsTheSameVerdictsWithOrWithoutAPageOfThatTitle() async throws {
    let sample = try await Self.verdicts(withDesigningPage: false)
    let withPage = try await Self.verdicts(withDesigningPage: true)
    #expect(sample.count == withPage.count)
    for (was, now) in zip(sample, withPage) where was["status"] as? String != now["status"] as? String {
      Issue.record(
        "“\(now["quotation"] ?? "")”: \(was["status"] ?? "") then \(now["status"] ?? ""), \(now["note"] ?? "")")
    }
    for quotations in [sample, withPage] {
      #expect(quotations.filter { $0["status"] as? String == "wrong-source" }.isEmpty)
    }
  }

  @Test func seed001TimedShortQuotationsAreVerifiedAtTheirTime() async throws {
    let quotations = try await Self.verdicts(withDesigningPage: true)
    let short = quotations.filter {
      $0["claimedTime"] is String && ($0["quotation"] as? String ?? "").split(separator: " ").count < 4
    }
    let texts = short.compactMap { $0["quotation"] as? String }
    for expected in ["won’t be considered", "by groups", "what’s its frame"] {
      #expect(texts.contains(expected), "\(texts)")
    }
    for quotation in short {
      #expect(
        ["verified", "verified-edited"].contains(quotation["status"] as? String ?? ""),
        "“\(quotation["quotation"] ?? "")” (\(quotation["claimedTime"] ?? "")): \(quotation["note"] ?? "")")
    }
    #expect(quotations.filter { $0["status"] as? String == "too-short" }.allSatisfy { $0["claimedTime"] is NSNull })
  }
}
