import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

@testable import Citations

/// The audit's verdicts on rules whose words a passage shares only in part.
@Suite struct AuditSupportTests {
  /// A talk with one sentence that supports the orientation rule and sentences that share
  /// only common words with the two rules.
  static func talk() -> Document {
    let lines = [
      "Tab bars show up as a sidebar on the inner display.",
      "The inner display doesn't honor your supported interface orientations.",
      "Even when it opens up, it is still an iPhone app.",
      "Keep the controls of your app where people expect them.",
      "Buttons in the fold are hard to tap.",
    ]
    return Document(
      id: "tech-talks/900009", kind: .talk, title: "Testing the inner display",
      url: "https://developer.apple.com/videos/play/tech-talks/900009/", event: "tech-talks", year: 2026,
      passages: lines.enumerated().map { number, text in
        CitationFixtures.speech(text, Double(number * 10), Double(number * 10 + 5), cues: number...number)
      },
      cues: lines.enumerated().map { number, text in
        CitationFixtures.cue(Double(number * 10), Double(number * 10 + 5), text)
      })
  }

  @Test func theRuleIsSupportedByItsSentenceNotBySharedCommonWords() throws {
    let corpus = try TestCorpus(talk: Self.talk())
    let rule = "Orientation lock: don't rely on supported interface orientations on the inner display"
    let report = try corpus.index().audit([ChecklistItem(rule: rule)], title: "t")
    let item = report.items[0]
    #expect(item.verdict == .supported)
    #expect(item.quotes.first?.quote == "The inner display doesn't honor your supported interface orientations.")
    for quote in item.quotes where quote.quote.contains("sidebar") {
      #expect(quote.score < report.threshold, "the sidebar sentence shares only “inner display”")
    }
  }

  @Test func aRuleSharingOnlyCommonWordsIsNotSupported() throws {
    let corpus = try TestCorpus(talk: Self.talk())
    let rule = "Left app rail stays left when the iPhone opens"
    let report = try corpus.index().audit([ChecklistItem(rule: rule)], title: "t")
    let item = report.items[0]
    #expect(item.verdict != .supported, "\(item.quotes.map(\.quote))")
    #expect(item.quotes.allSatisfy { $0.score < report.threshold })
  }

  @Test func theThresholdDecides() throws {
    let corpus = try TestCorpus(talk: Self.talk())
    let rule = "Orientation lock: don't rely on supported interface orientations on the inner display"
    let strict = try corpus.index().audit([ChecklistItem(rule: rule)], title: "t", threshold: 1.01)
    #expect(strict.items[0].verdict == .weak)
    #expect(strict.threshold == 1.01)
    let lenient = try corpus.index().audit([ChecklistItem(rule: "The fold")], title: "t", threshold: 0.2)
    #expect(lenient.items[0].verdict == .supported)
    // One word of two is never support, however low the threshold.
    let oneOfTwo = try corpus.index().audit([ChecklistItem(rule: "Mind the fold")], title: "t", threshold: 0.2)
    #expect(oneOfTwo.items[0].verdict == .weak)
  }

  @Test func scoresAndVerdictsAreInTheJSON() throws {
    let corpus = try TestCorpus(talk: Self.talk())
    let report = try corpus.index().audit(
      [
        ChecklistItem(rule: "Orientation lock: don't rely on supported interface orientations"),
        ChecklistItem(rule: "Support landscape keyboards on watches"),
      ], title: "t")
    let object = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
    let items = object?["items"] as? [[String: Any]] ?? []
    #expect(items.map { $0["verdict"] as? String } == ["supported", report.items[1].verdict.rawValue])
    #expect((items.first?["support"] as? Double ?? 0) >= AuditSupport.standardThreshold)
    #expect(object?["threshold"] as? Double == AuditSupport.standardThreshold)
  }
}
