import Testing

@testable import Normalize

/// Captions shaped as Apple serves them (format notes, "Captions as they really are"):
/// only speech is quoted; sound descriptions are left out and recorded, labels name the
/// speaker, asides and transcriber notes stay.
@Suite struct CaptionSpeechTests {
  let normalizer = TalkNormalizer()

  struct Case: Sendable, CustomStringConvertible {
    var cues: [String]
    var passages: [String]
    var omitted: [[String]?]
    var description: String { cues.joined(separator: " | ") }
  }

  @Test(
    "Sound descriptions anywhere in a cue are left out; the passage records them",
    arguments: [
      Case(
        cues: ["and [laughter] I'm not saying", "that's good UI [laughter], but, it works."],
        passages: ["and I'm not saying that's good UI, but, it works."], omitted: [["[laughter]", "[laughter]"]]),
      Case(cues: ["Please welcome Eddy. [Applause]"], passages: ["Please welcome Eddy."], omitted: [["[Applause]"]]),
      Case(cues: ["Thank you. (Applause)."], passages: ["Thank you."], omitted: [["(Applause)"]]),
      Case(cues: ["(Applause). Good morning."], passages: ["Good morning."], omitted: [["(Applause)"]]),
      Case(cues: ["（音楽）こんにちは"], passages: ["こんにちは"], omitted: [["（音楽）"]]),
      Case(cues: ["大家好［ 掌声 ］欢迎"], passages: ["大家好欢迎"], omitted: [["［ 掌声 ］"]]),
      Case(
        cues: ["[ Background Conversations ] So let's start."], passages: ["So let's start."],
        omitted: [["[ Background Conversations ]"]]),
      Case(
        cues: ["It's great (audience laughing) really."], passages: ["It's great really."],
        omitted: [["(audience laughing)"]]),
    ])
  func soundDescriptions(_ table: Case) {
    let cues = table.cues.enumerated().map { cue($0.offset * 2_000, $0.offset * 2_000 + 2_000, $0.element) }
    let passages = normalizer.passages(from: cues)
    #expect(passages.map(\.text) == table.passages)
    #expect(passages.map(\.omitted) == table.omitted)
  }

  @Test(
    "A passage is never only a sound description",
    arguments: [
      "Eddy. [Applause]", "[Applause]", "(Applause).", "♪ ♪", "（音楽）", "［ 掌声 ］", "[ Music ] [ Applause ]",
    ])
  func neverOnlySound(text: String) {
    let passages = normalizer.passages(from: [cue(0, 2_000, text), cue(2_000, 4_000, "Next.")])
    for passage in passages {
      #expect(CaptionConventions.speech(in: passage.text[...]).omitted.isEmpty, "\(passage.text)")
      #expect(!passage.text.contains("Applause") && !passage.text.contains("音楽") && !passage.text.contains("掌声"))
    }
    #expect(passages.last?.text == "Next.")
  }

  @Test(
    "Spoken asides in parentheses, code and lower-case brackets are speech",
    arguments: [
      "It's a rhyme. (It's like Dr. Seuss.)",
      "I'm the new lead (I'm still getting used to saying that.) of the team.",
      "Call filter (where: { $0.isSelected}) on the list.",
      "Thank you (really).",
      "Read array[0] first.",
      "We use [brackets] here.",
    ])
  func asidesAreSpeech(text: String) {
    let passages = normalizer.passages(from: [cue(0, 2_000, text)])
    #expect(passages.map(\.text).joined(separator: " ") == text)
    #expect(passages.allSatisfy { $0.omitted == nil })
  }

  @Test("A dropped sound description never cuts the sentence before it")
  func dropKeepsSentence() {
    let cues = [cue(0, 2_000, "And this is [laughter]"), cue(2_000, 4_000, "the best part.")]
    #expect(normalizer.passages(from: cues).map(\.text) == ["And this is the best part."])
  }

  @Test(
    "Transcriber notes are kept, inline or filling a cue",
    arguments: [
      (["We call it [inaudible] today."], ["We call it [inaudible] today."]),
      (["Ask Siobhan [phonetic] about it."], ["Ask Siobhan [phonetic] about it."]),
      (["Thanks to Jon Doe [assumed spelling]."], ["Thanks to Jon Doe [assumed spelling]."]),
      (["And then", "[ Inaudible ]", "we shipped."], ["And then [ Inaudible ] we shipped."]),
    ])
  func transcriberNotes(cues texts: [String], passages expected: [String]) {
    let cues = texts.enumerated().map { cue($0.offset * 2_000, $0.offset * 2_000 + 2_000, $0.element) }
    #expect(normalizer.passages(from: cues).map(\.text) == expected)
  }

  @Test(
    "A >> label of a name in any case is the speaker, not the quote",
    arguments: [
      (">> Greg Christie: Good morning.", "Greg Christie", "Good morning."),
      (">> Dr. Lee: Thanks.", "Dr. Lee", "Thanks."),
      (">> FEMALE SPEAKER: Welcome.", "FEMALE SPEAKER", "Welcome."),
      (">> Mary-Ann O'Neil: Hello.", "Mary-Ann O'Neil", "Hello."),
      (">> JOHN: Hi.", "JOHN", "Hi."),
    ])
  func labels(text: String, speaker: String, quote: String) {
    let passages = normalizer.passages(from: [cue(0, 2_000, text)])
    #expect(passages.map(\.text) == [quote])
    #expect(passages.map(\.speaker) == [speaker])
  }

  @Test("A label and a voice carry through the following cues of the same turn")
  func speakerCarriesThrough() {
    let cues = [
      cue(0, 2_000, ">> Greg Christie: Good morning."),
      cue(2_000, 4_000, "Today we have a lot to show."),
      cue(4_000, 6_000, "Let's begin.", voice: "Vince Fold"),
      cue(6_000, 8_000, "This is the first part."),
      cue(8_000, 10_000, ">> Thanks, Vince."),
    ]
    let passages = normalizer.passages(from: cues)
    #expect(
      passages.map(\.text) == [
        "Good morning.", "Today we have a lot to show.", "Let's begin.", "This is the first part.", "Thanks, Vince.",
      ])
    #expect(passages.map(\.speaker) == ["Greg Christie", "Greg Christie", "Vince Fold", "Vince Fold", nil])
  }

  @Test("A single capitalized word before a colon is no label")
  func noteIsNoLabel() {
    let passages = normalizer.passages(from: [cue(0, 2_000, ">> Note: this is text.")])
    #expect(passages.map(\.text) == ["Note: this is text."])
    #expect(passages.map(\.speaker) == [nil])
  }
}
