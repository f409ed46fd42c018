import DocumentModel
import Foundation
import TalkPage

extension TalkHarvester {
  /// The documentation pages the talk page links to, as the document records them; nil
  /// when it links to none, so a talk without keeps its file and content hash.
  static func relatedDocumentation(_ links: [DocumentationLink]) -> [RelatedDocumentation]? {
    links.isEmpty ? nil : links.map { RelatedDocumentation(title: $0.title, url: $0.url.absoluteString) }
  }

  /// Code samples become passages of kind `.code` at their times, among the speech.
  static func placingCodeSamples(_ samples: [CodeSample], among passages: [Passage]) -> [Passage] {
    guard !samples.isEmpty else { return passages }
    var result: [Passage] = []
    result.reserveCapacity(passages.count + samples.count)
    var pending = samples.sorted { $0.startSeconds < $1.startSeconds }[...]
    for passage in passages {
      while let sample = pending.first, sample.startSeconds * 1000 <= (passage.startMilliseconds ?? 0) {
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
      kind: .code, text: sample.code, startMilliseconds: sample.startSeconds * 1000,
      endMilliseconds: sample.startSeconds * 1000, heading: sample.title)
  }

  /// Each speech passage takes the title of the chapter it starts in as its heading.
  static func labelChapters(_ chapters: [Chapter], in passages: inout [Passage]) {
    guard !chapters.isEmpty else { return }
    let sorted = chapters.sorted { $0.startSeconds < $1.startSeconds }
    for index in passages.indices where passages[index].kind == .speech {
      let start = passages[index].startMilliseconds ?? 0
      if let chapter = sorted.last(where: { $0.startSeconds * 1000 <= start }) {
        passages[index].heading = chapter.title
      }
    }
  }
}
