import DocumentModel

/// A talk's passages as its document stores them, made in one call: the speech passages of
/// its merged cues (`TalkNormalizer`, each with its cue starts), its code samples placed
/// among them at their times, and each speech passage headed by its chapter. The harvest
/// and the import make talk documents with it; nothing makes them again later.
public enum TalkDocument {
  /// A code sample the talk page shows at a moment of the talk.
  public struct CodeSample: Sendable, Equatable {
    public var title: String
    public var code: String
    public var startMilliseconds: Int

    public init(title: String, code: String, startMilliseconds: Int) {
      self.title = title
      self.code = code
      self.startMilliseconds = startMilliseconds
    }
  }

  /// - Code samples become passages of kind `.code` (the sample's title as heading, its
  ///   time as start and end), each before the first speech passage that starts after it;
  ///   samples after the last passage come last. Samples of one time keep their order.
  /// - Each speech passage takes as heading the title of the chapter it starts in: the last
  ///   chapter starting at or before it (of chapters at one time, the last given). A
  ///   passage before the first chapter has no heading; code passages keep theirs.
  public static func passages(
    cues: [StoredCue], codeSamples: [CodeSample] = [], chapters: [TalkChapter] = [],
    normalizer: TalkNormalizer = TalkNormalizer()
  ) -> [Passage] {
    var passages = placing(codeSamples, among: normalizer.passages(from: cues))
    heading(&passages, by: chapters)
    return passages
  }

  private static func placing(_ samples: [CodeSample], among speech: [Passage]) -> [Passage] {
    guard !samples.isEmpty else { return speech }
    var result: [Passage] = []
    result.reserveCapacity(speech.count + samples.count)
    var pending = stablySorted(samples, by: \.startMilliseconds)[...]
    for passage in speech {
      while let sample = pending.first, sample.startMilliseconds <= (passage.startMilliseconds ?? 0) {
        result.append(codePassage(sample))
        pending.removeFirst()
      }
      result.append(passage)
    }
    result += pending.map(codePassage)
    return result
  }

  private static func codePassage(_ sample: CodeSample) -> Passage {
    Passage(
      kind: .code, text: sample.code, startMilliseconds: sample.startMilliseconds,
      endMilliseconds: sample.startMilliseconds, heading: sample.title)
  }

  private static func heading(_ passages: inout [Passage], by chapters: [TalkChapter]) {
    guard !chapters.isEmpty else { return }
    let sorted = stablySorted(chapters, by: \.startMilliseconds)
    for index in passages.indices where passages[index].kind == .speech {
      let start = passages[index].startMilliseconds ?? 0
      if let chapter = sorted.last(where: { $0.startMilliseconds <= start }) {
        passages[index].heading = chapter.title
      }
    }
  }

  private static func stablySorted<Element>(_ elements: [Element], by key: (Element) -> Int) -> [Element] {
    elements.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
  }

  /// `document` with the cue starts of its talk passages that lack them (a document read
  /// from a format before 4) found again: the passages are made again from its cues, and a
  /// passage takes the cue starts of the one made again with its first cue and text. A
  /// passage made otherwise (an older normalization, an import of passages) gets none, so
  /// a match in it is timed at its start. Other documents are returned as they are.
  public static func completingCueStarts(
    _ document: Document, normalizer: TalkNormalizer = TalkNormalizer()
  ) -> Document {
    guard document.kind == .talk, document.passages.contains(where: \.lacksCueStarts) else { return document }
    var completed = document
    var byKey: [Key: [CueMark]] = [:]
    if document.passages.contains(where: { $0.lacksCueStarts && $0.firstCue != $0.lastCue }) {
      for passage in normalizer.passages(from: document.cues) {
        guard let firstCue = passage.firstCue, let starts = passage.cueStarts, !starts.isEmpty else { continue }
        byKey[Key(firstCue: firstCue, text: passage.text)] = starts
      }
    }
    for index in completed.passages.indices where completed.passages[index].lacksCueStarts {
      let passage = completed.passages[index]
      let key = passage.firstCue.map { Key(firstCue: $0, text: passage.text) }
      completed.passages[index].cueStarts = key.flatMap { byKey[$0] } ?? []
    }
    return completed
  }

  private struct Key: Hashable {
    var firstCue: Int
    var text: String
  }
}
