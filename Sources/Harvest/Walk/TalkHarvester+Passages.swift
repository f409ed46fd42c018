import DocumentModel
import Foundation
import Normalize
import TalkPage

extension TalkHarvester {
  /// The documentation pages the talk page links to, as the document records them; nil
  /// when it links to none, so a talk without keeps its file and content hash.
  static func relatedDocumentation(_ links: [DocumentationLink]) -> [RelatedDocumentation]? {
    links.isEmpty ? nil : links.map { RelatedDocumentation(title: $0.title, url: $0.url.absoluteString) }
  }

  /// A code sample of the page, for `TalkDocument` to place among the passages.
  static func codeSample(_ sample: CodeSample) -> TalkDocument.CodeSample {
    TalkDocument.CodeSample(
      title: sample.title, code: sample.code, startMilliseconds: milliseconds(sample.startSeconds))
  }

  /// A chapter of the page, for `TalkDocument` to head the passages with.
  static func chapter(_ chapter: Chapter) -> TalkChapter {
    TalkChapter(title: chapter.title, startMilliseconds: milliseconds(chapter.startSeconds))
  }

  /// Whole seconds of a page in milliseconds, held at the bounds of `Int`.
  private static func milliseconds(_ seconds: Int) -> Int {
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
    return overflow ? (seconds < 0 ? .min : .max) : product
  }
}
