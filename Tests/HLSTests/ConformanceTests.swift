import DuoKBTestSupport
import Foundation
import Testing

@testable import HLS

/// Every `hls` case of the shared conformance data, read in place: each field of
/// `*.expected.json` (except `source` and `notes`) must match what the parser makes.
@Suite struct ConformanceTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let input: String
    let expected: String
    var testDescription: String { input }
  }

  static func cases() throws -> [Case] {
    let index = try Data(contentsOf: try ConformanceData.url("index.json"))
    let root = try JSONSerialization.jsonObject(with: index) as? [String: Any]
    let entries = root?["hls"] as? [[String: Any]] ?? []
    return entries.compactMap { entry in
      guard let input = entry["input"] as? String, let expected = entry["expected"] as? String
      else { return nil }
      return Case(input: input, expected: expected)
    }
  }

  @Test(.enabled(if: ConformanceData.shouldRun))
  func everyHLSCaseMatchesItsExpectation() throws {
    _ = try ConformanceData.root()
    let cases = try Self.cases()
    #expect(cases.count == 31)
    for testCase in cases {
      let inputURL = try ConformanceData.url(testCase.input)
      let expectedData = try Data(contentsOf: try ConformanceData.url(testCase.expected))
      guard var expected = try JSONSerialization.jsonObject(with: expectedData) as? [String: Any]
      else {
        Issue.record("\(testCase.expected) is not a JSON object")
        continue
      }
      expected["source"] = nil
      expected["notes"] = nil
      do {
        let playlist = try PlaylistParser().parse(try Data(contentsOf: inputURL), url: inputURL)
        let actual = try ConformanceJSON.roundTrip(ConformanceJSON.object(for: playlist))
        let differences = ConformanceJSON.differences(expected, actual)
        #expect(differences.isEmpty, "\(testCase.input):\n\(differences.prefix(20).joined(separator: "\n"))")
      } catch {
        Issue.record("\(testCase.input): \(error)")
      }
    }
  }

  /// Every subtitle playlist in the data yields a choice with a resolvable URI.
  @Test(.enabled(if: ConformanceData.shouldRun))
  func everyMasterWithSubtitlesYieldsAChoice() throws {
    _ = try ConformanceData.root()
    var chosen = 0
    for testCase in try Self.cases() {
      let inputURL = try ConformanceData.url(testCase.input)
      guard
        case .master(let master) = try PlaylistParser().parse(
          try Data(contentsOf: inputURL), url: inputURL),
        !master.subtitleRenditions.isEmpty
      else { continue }
      let choice = try #require(SubtitleSelector().choose(from: master), "\(testCase.input)")
      #expect(choice.rendition.resolvedURL != nil)
      #expect(!choice.reasons.isEmpty)
      chosen += 1
    }
    #expect(chosen == 10)
  }

  /// The comparison itself notices a wrong value, a missing key and a wrong count.
  @Test func comparisonReportsDifferences() throws {
    let expected = try ConformanceJSON.roundTrip([
      "segmentCount": 3, "title": "", "segments": [["duration": 6.006]],
    ])
    let actual = try ConformanceJSON.roundTrip([
      "segmentCount": 4, "segments": [["duration": 6.006], ["duration": 1]],
    ])
    let differences = ConformanceJSON.differences(expected, actual)
    #expect(differences.count == 3)
    #expect(ConformanceJSON.differences(expected, expected).isEmpty)
  }
}
