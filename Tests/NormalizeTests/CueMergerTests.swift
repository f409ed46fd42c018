import DocumentModel
import DuoKBTestSupport
import Testing

@testable import Normalize

@Suite struct CueMergerTests {
  let merger = CueMerger()

  @Test("Identical maps in every segment shift nothing (Apple's common case)")
  func identicalMapsShiftNothing() {
    let segments = [
      SegmentCues(mpegts: 181_083, localMilliseconds: 0, cues: [cue(1_000, 3_000, "One.")]),
      SegmentCues(mpegts: 181_083, localMilliseconds: 0, cues: [cue(6_500, 8_000, "Two.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues.map(\.startMilliseconds) == [1_000, 6_500])
    #expect(merged.report.segmentsShifted == 0)
    #expect(merged.report.shiftMilliseconds == [0, 0])
  }

  @Test("No map anywhere shifts nothing")
  func missingMapsShiftNothing() {
    let segments = [
      SegmentCues(cues: [cue(1_000, 3_000, "One.")]),
      SegmentCues(cues: [cue(6_500, 8_000, "Two.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues.map(\.startMilliseconds) == [1_000, 6_500])
    #expect(merged.report.segmentsWithoutMap == 0)
  }

  @Test(
    "Later segments with different maps move by the difference from the first",
    arguments: [
      // (first mpegts, first local, later mpegts, later local, expected shift ms)
      (Int64(900_000), 0, Int64(1_440_000), 0, 6_000),  // 540000 ticks = 6 s later
      (Int64(900_000), 0, Int64(1_440_000), 6_000, 0),  // same instant, expressed through LOCAL
      (Int64(900_000), 10_000, Int64(900_000), 0, 10_000),  // LOCAL only differs
      (Int64(1_440_000), 0, Int64(900_000), 0, -6_000),  // earlier map
      ((Int64(1) << 33) - 90_000, 0, Int64(450_000), 0, 6_000),  // wrapped past 2^33: 1 s + 5 s
      (Int64(450_000), 0, (Int64(1) << 33) - 90_000, 0, -6_000),  // the other way round
      (Int64(0), 0, Int64(45), 0, 1),  // half a millisecond rounds away from zero
      (Int64(0), 0, Int64(44), 0, 0),
    ])
  func differentMapsShift(firstTicks: Int64, firstLocal: Int, laterTicks: Int64, laterLocal: Int, shift: Int) {
    let segments = [
      SegmentCues(mpegts: firstTicks, localMilliseconds: firstLocal, cues: [cue(0, 500, "A.")]),
      SegmentCues(mpegts: laterTicks, localMilliseconds: laterLocal, cues: [cue(20_000, 21_000, "B.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.report.shiftMilliseconds == [0, shift])
    #expect(merged.cues.last?.startMilliseconds == 20_000 + shift)
    #expect(merged.cues.last?.endMilliseconds == 21_000 + shift)
    #expect(merged.report.segmentsShifted == (shift == 0 ? 0 : 1))
  }

  @Test("A shift before zero is clamped and counted")
  func negativeShiftClamps() {
    let segments = [
      SegmentCues(mpegts: 900_000, localMilliseconds: 0, cues: []),
      SegmentCues(mpegts: 0, localMilliseconds: 0, cues: [cue(2_000, 12_000, "Early.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues == [cue(0, 2_000, "Early.")])
    #expect(merged.report.cuesClamped == 1)
  }

  @Test("A segment without a map among mapped ones is not shifted, and counted")
  func unmappedSegmentAmongMapped() {
    let segments = [
      SegmentCues(mpegts: 900_000, localMilliseconds: 0, cues: [cue(0, 1_000, "A.")]),
      SegmentCues(cues: [cue(6_000, 7_000, "B.")]),
      SegmentCues(mpegts: 990_000, localMilliseconds: 0, cues: [cue(12_000, 13_000, "C.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues.map(\.startMilliseconds) == [0, 6_000, 13_000])
    #expect(merged.report.segmentsWithoutMap == 1)
  }

  @Test("Hostile map values do not trap")
  func hostileMaps() {
    let segments = [
      SegmentCues(mpegts: Int64.min, localMilliseconds: Int.max, cues: [cue(0, 1, "A.")]),
      SegmentCues(mpegts: Int64.max, localMilliseconds: Int.min, cues: [cue(Int.max - 1, Int.max, "B.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues.count == 2)
  }

  @Test("Cues repeated at the top of the next segment are dropped")
  func dropsBoundaryRepeats() {
    let segments = [
      SegmentCues(cues: [cue(0, 2_000, "Hello."), cue(4_000, 6_800, "This cue crosses the boundary.")]),
      SegmentCues(cues: [cue(4_000, 6_800, "This cue crosses the boundary."), cue(7_000, 9_000, "Next.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues.map(\.text) == ["Hello.", "This cue crosses the boundary.", "Next."])
    #expect(merged.report.repeatsDropped == 1)
  }

  @Test("A cue repeated over three segments is kept once, across a header-only segment too")
  func dropsRepeatsAcrossSeveralSegments() {
    let long = cue(5_000, 19_000, "A long cue.")
    let segments = [
      SegmentCues(cues: [long]),
      SegmentCues(cues: [long]),
      SegmentCues(cues: []),
      SegmentCues(cues: [long, cue(19_000, 20_000, "After.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues == [long, cue(19_000, 20_000, "After.")])
    #expect(merged.report.repeatsDropped == 2)
    #expect(merged.report.emptySegments == 1)
  }

  @Test(
    "A repeat must match start, end, settings and raw text",
    arguments: [
      (cue(4_000, 6_000, "Same.", settings: "align:middle"), cue(4_000, 6_000, "Same.", settings: "A:middle")),
      (cue(4_000, 6_000, "Same."), cue(4_000, 6_001, "Same.")),
      (cue(4_000, 6_000, "Same."), cue(4_001, 6_000, "Same.")),
      (cue(4_000, 6_000, "Same.", raw: "<i>Same.</i>"), cue(4_000, 6_000, "Same.")),
    ])
  func nearRepeatsAreKept(last: StoredCue, first: StoredCue) {
    let merged = merger.merge([SegmentCues(cues: [last]), SegmentCues(cues: [first])])
    #expect(merged.cues.count == 2)
    #expect(merged.report.repeatsDropped == 0)
  }

  @Test("A cue split across a boundary is joined into one spanning both")
  func joinsSplitAcrossBoundary() {
    let segments = [
      SegmentCues(cues: [cue(0, 1_000, "Before."), cue(4_000, 6_000, "Split cue.", settings: "align:middle")]),
      SegmentCues(cues: [cue(6_000, 7_500, "Split cue.", settings: "align:middle"), cue(8_000, 9_000, "After.")]),
    ]
    let merged = merger.merge(segments)
    #expect(
      merged.cues == [
        cue(0, 1_000, "Before."), cue(4_000, 7_500, "Split cue.", settings: "align:middle"),
        cue(8_000, 9_000, "After."),
      ])
    #expect(merged.report.splitsJoined == 1)
  }

  @Test("A split is joined after the repeats at the top of the next segment are dropped")
  func joinsSplitAfterRepeats() {
    let segments = [
      SegmentCues(cues: [cue(3_000, 4_000, "Repeat."), cue(4_000, 6_000, "Split.")]),
      SegmentCues(cues: [cue(3_000, 4_000, "Repeat."), cue(6_000, 7_000, "Split.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues == [cue(3_000, 4_000, "Repeat."), cue(4_000, 7_000, "Split.")])
    #expect(merged.report.repeatsDropped == 1)
    #expect(merged.report.splitsJoined == 1)
  }

  @Test(
    "Not a split",
    arguments: [
      // touching cues with the same text inside one segment are two cues
      ([SegmentCues(cues: [cue(0, 1_000, "Yes."), cue(1_000, 2_000, "Yes.")])], 2),
      // a gap at the boundary
      ([SegmentCues(cues: [cue(0, 1_000, "Yes.")]), SegmentCues(cues: [cue(1_001, 2_000, "Yes.")])], 2),
      // different settings
      (
        [
          SegmentCues(cues: [cue(0, 1_000, "Yes.", settings: "line:90%")]),
          SegmentCues(cues: [cue(1_000, 2_000, "Yes.")]),
        ], 2
      ),
      // different text
      ([SegmentCues(cues: [cue(0, 1_000, "Yes.")]), SegmentCues(cues: [cue(1_000, 2_000, "Yes!")])], 2),
      // only the first cue after the boundary can continue the last one before it
      (
        [
          SegmentCues(cues: [cue(0, 1_000, "Yes.")]),
          SegmentCues(cues: [cue(0, 500, "Hm."), cue(1_000, 2_000, "Yes.")]),
        ], 3
      ),
    ])
  func notSplits(segments: [SegmentCues], count: Int) {
    let merged = merger.merge(segments)
    #expect(merged.cues.count == count)
    #expect(merged.report.splitsJoined == 0)
  }

  @Test("The same text at different times stays two cues")
  func repeatedWordsAreKept() {
    let segments = [
      SegmentCues(cues: [cue(0, 1_000, "Thank you."), cue(1_500, 2_500, "Thank you.")]),
      SegmentCues(cues: [cue(7_000, 8_000, "Thank you.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues.map(\.startMilliseconds) == [0, 1_500, 7_000])
    #expect(merged.report.repeatsDropped == 0)
  }

  /// A whole-file track is Apple's segments glued together without their headers: each
  /// boundary repeat stands twice inside one file, back to back or further apart.
  @Test(
    "An identical cue inside one segment or file is one cue, whatever lies between",
    arguments: [
      // back to back, as a glued boundary
      (
        [
          cue(0, 2_000, "APFS is now ready"), cue(2_000, 4_000, "to come to the Mac."),
          cue(2_000, 4_000, "to come to the Mac."),
          cue(4_000, 6_000, "Next."),
        ], ["APFS is now ready", "to come to the Mac.", "Next."]
      ),
      // with other cues between
      (
        [cue(0, 2_000, "One."), cue(2_000, 4_000, "Two."), cue(4_000, 5_000, "Three."), cue(2_000, 4_000, "Two.")],
        ["One.", "Two.", "Three."]
      ),
      // same times, other text: two cues; same text, other settings: two cues
      ([cue(0, 2_000, "One."), cue(0, 2_000, "Uno.")], ["One.", "Uno."]),
    ])
  func identicalCuesInsideOneSegment(cues: [StoredCue], texts: [String]) {
    let merged = merger.merge([SegmentCues(cues: cues)])
    #expect(merged.cues.map(\.raw) == texts)
    #expect(merged.report.repeatsDropped == cues.count - texts.count)
  }

  @Test func identicalTextWithOtherSettingsStaysTwoCues() {
    var other = cue(0, 2_000, "One.")
    other.settings = "align:start"
    #expect(merger.merge([SegmentCues(cues: [cue(0, 2_000, "One."), other])]).cues.count == 2)
  }

  @Test("Empty input, and header-only segments, give no cues")
  func emptyInput() {
    #expect(merger.merge([]).cues.isEmpty)
    let merged = merger.merge([SegmentCues(mpegts: 900_000, localMilliseconds: 0), SegmentCues()])
    #expect(merged.cues.isEmpty)
    #expect(merged.report.emptySegments == 2)
  }

  @Test("Cues out of order inside a segment are sorted stably; segments keep playlist order")
  func sortsWithinSegmentOnly() {
    let segments = [
      SegmentCues(cues: [cue(3_000, 4_000, "C."), cue(1_000, 2_000, "A."), cue(1_000, 1_500, "B.")]),
      SegmentCues(cues: [cue(500, 900, "Late segment, early time.")]),
    ]
    let merged = merger.merge(segments)
    #expect(merged.cues.map(\.text) == ["A.", "B.", "C.", "Late segment, early time."])
    #expect(merged.report.segmentsReordered == 1)
  }

  @Test("Exact text is kept: raw, rendered text, voice")
  func keepsExactText() {
    let original = StoredCue(
      startMilliseconds: 0, endMilliseconds: 1_000, raw: "<v Ana>It&apos;s  here.</v>", text: "It's  here.",
      settings: "align:start", voice: "Ana")
    #expect(merger.merge([SegmentCues(cues: [original])]).cues == [original])
  }

  @Test(
    "Segments with boundary repeats merge back to the original track (seeded)", arguments: [1, 2, 3, 42] as [UInt64])
  func repeatsRoundTrip(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var original: [StoredCue] = []
    var time = 0
    for index in 0..<400 {
      time += Int.random(in: 1...3_000, using: &random)
      let length = Int.random(in: 200...5_000, using: &random)
      original.append(cue(time, time + length, "Line \(index % 7)."))
    }
    var segments: [SegmentCues] = []
    var index = 0
    while index < original.count {
      let count = Int.random(in: 0...6, using: &random)
      var cues = Array(original[index..<min(original.count, index + count)])
      // Repeat the last cue or two of the previous segment at the top of this one.
      if let previous = segments.last(where: { !$0.cues.isEmpty }), Bool.random(using: &random) {
        cues.insert(contentsOf: previous.cues.suffix(Int.random(in: 1...2, using: &random)), at: 0)
      }
      segments.append(SegmentCues(mpegts: 181_083, localMilliseconds: 0, cues: cues))
      index += count
    }
    #expect(merger.merge(segments).cues == original)
  }

  @Test("A million cues merge (linear work)")
  func millionCues() {
    var segments: [SegmentCues] = []
    segments.reserveCapacity(100_000)
    for segment in 0..<100_000 {
      let base = segment * 60_000
      var cues = (0..<10).map { cue(base + $0 * 6_000, base + $0 * 6_000 + 5_000, "Word.") }
      if segment > 0 { cues[0] = cue(base - 6_000, base - 1_000, "Word.") }  // a boundary repeat
      segments.append(SegmentCues(cues: cues))
    }
    let merged = merger.merge(segments)
    #expect(merged.cues.count == 1_000_000 - 99_999)
    #expect(merged.report.repeatsDropped == 99_999)
  }
}
