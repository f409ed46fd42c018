import Foundation
import Testing

@testable import DocumentModel

/// Format 4's cue starts (`Passage.cueStarts`): how they are written, what their absence
/// means in each format, and the reader refusing any that cannot be where a cue's words begin.
@Suite struct DocumentCueStartsTests {
  /// A talk of three cues whose one passage spans them; `passage` is its object in the file.
  static func talk(_ passage: String, version: Int = 4) -> Data {
    Data(
      (#"{"formatVersion":"# + String(version) + #","id":"a","kind":"talk","title":"t","url":"u","#
        + #""language":"en","isRemovedUpstream":false,"sections":[],"passages":["# + passage + "],"
        + #""cues":[[0,1,"Hi é"],[1,2,"and"],[2,3,"more."]]}"#).utf8)
  }

  static let text = #""text":"Hi é and more.""#

  @Test func writtenAsOffsetAndCuePairsAndReadBack() throws {
    let document = try DocumentFormat.decode(Self.talk(#"{"firstCue":0,"lastCue":2,"cueStarts":[[6,1],[10,2]]}"#))
    #expect(document.passages[0].text == "Hi é and more.")
    #expect(document.passages[0].cueStarts == [CueMark(utf8Offset: 6, cue: 1), CueMark(utf8Offset: 10, cue: 2)])
    let written = String(decoding: DocumentFormat.encode(document), as: UTF8.self)
    #expect(written.contains(#"{"firstCue":0,"lastCue":2,"cueStarts":[[6,1],[10,2]]}"#))
    #expect(try DocumentFormat.decode(Data(written.utf8)) == document)
  }

  @Test("Absent: none in format 4 for a passage of cues, not known before, nil without cues")
  func absentCueStarts() throws {
    #expect(try DocumentFormat.decode(Self.talk(#"{"firstCue":1}"#)).passages[0].cueStarts == [])
    #expect(try DocumentFormat.decode(Self.talk(#"{"firstCue":1,"cueStarts":null}"#)).passages[0].cueStarts == nil)
    #expect(try DocumentFormat.decode(Self.talk(#"{"text":"x"}"#)).passages[0].cueStarts == nil)
    for version in [2, 3] {
      let read = try DocumentFormat.decode(Self.talk(#"{"kind":"speech","firstCue":1,"text":"and"}"#, version: version))
      #expect(read.passages[0].cueStarts == nil && read.passages[0].lacksCueStarts)
    }
    // A passage without cues keeps an explicit empty list.
    let empty = try DocumentFormat.decode(Self.talk(#"{"text":"x","cueStarts":[]}"#))
    #expect(empty.passages[0].cueStarts == [])
    #expect(try DocumentFormat.decode(DocumentFormat.encode(empty)) == empty)
  }

  @Test(
    "Cue starts that cannot be where a cue's words begin are refused",
    arguments: [
      #"[[0,1]]"#,  // at the passage's first byte
      #"[[-1,1]]"#,
      #"[[15,2]]"#,  // at the end of the text
      #"[[9223372036854775807,2]]"#,
      #"[[10,2],[6,1]]"#,  // offsets not increasing
      #"[[6,1],[6,2]]"#,
      #"[[4,1]]"#,  // inside "é"
      #"[[6,0]]"#,  // the passage's first cue
      #"[[6,3]]"#,  // past its last cue
      #"[[6,2],[10,2]]"#,  // cues not increasing
      #"[[6,-9223372036854775808]]"#,
    ])
  func outOfPlace(starts: String) {
    #expect {
      try DocumentFormat.decode(Self.talk(#"{"firstCue":0,"lastCue":2,"cueStarts":"# + starts + "}"))
    } throws: { error in
      guard case .malformedDocument(_, .invalidCueStart) = error as? DocumentModelError else { return false }
      return true
    }
  }

  @Test func inAPassageWithoutCuesOrWithCuesNotInTheFile() {
    for passage in [
      #"{"cueStarts":[[1,1]],"# + Self.text + "}", #"{"firstCue":0,"lastCue":7,"cueStarts":[[6,1]],"# + Self.text + "}",
    ] {
      #expect {
        try DocumentFormat.decode(Self.talk(passage))
      } throws: { error in
        guard case .malformedDocument(_, .invalidCueStart) = error as? DocumentModelError else { return false }
        return true
      }
    }
  }

  @Test(
    "Cue starts of the wrong shape are refused as such",
    arguments: [
      (#"[[6]]"#, DocumentProblem.missingField("cue")),
      (#"[[]]"#, .missingField("utf8Offset")),
      (#"[[6,1,2]]"#, .wrongType(field: "cueStarts")),
      (#"[[6,18446744073709551616]]"#, .numberOutOfRange),
      (#"[[6.5,1]]"#, .numberOutOfRange),
      (#"[{"utf8Offset":6,"cue":1}]"#, .unexpected(found: UInt8(ascii: "{"), expected: "'['")),
      (#""6,1""#, .unexpected(found: UInt8(ascii: "\""), expected: "'['")),
    ])
  func wrongShape(starts: String, problem: DocumentProblem) {
    #expect {
      try DocumentFormat.decode(Self.talk(#"{"firstCue":0,"lastCue":2,"cueStarts":"# + starts + "}"))
    } throws: { error in
      guard case .malformedDocument(_, let found) = error as? DocumentModelError else { return false }
      return found == problem
    }
  }

  @Test func truncatedAndDuplicated() {
    let whole = String(decoding: Self.talk(#"{"firstCue":0,"lastCue":2,"cueStarts":[[6,1],[10,2]]}"#), as: UTF8.self)
    let cut = whole.range(of: "[10,")!.upperBound
    #expect(throws: DocumentModelError.self) { try DocumentFormat.decode(Data(whole[..<cut].utf8)) }
    #expect {
      try DocumentFormat.decode(Self.talk(#"{"firstCue":0,"lastCue":2,"cueStarts":[[6,1]],"cueStarts":null}"#))
    } throws: { error in
      guard case .malformedDocument(_, .duplicateKey("cueStarts")) = error as? DocumentModelError else { return false }
      return true
    }
  }

  /// The problem a reader names reaches people as words, not as an enum dump.
  @Test func describedInWords() {
    let error = DocumentModelError.malformedDocument(
      offset: 3, problem: .invalidCueStart("at byte 4, inside a character"))
    #expect(error.description == "a cue start at byte 4, inside a character at byte 3")
  }
}
