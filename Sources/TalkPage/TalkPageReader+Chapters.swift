/// Chapters (pages from 2023 on):
/// `<li class="chapter-item" data-start-time="75">1:15 - <a class="jump-to-time"
/// data-start-time="75" data-chapter-end-time="336" data-chapter-lenght="261">Title</a></li>`.
extension TalkPageReader {
  mutating func chapters() -> [Chapter] {
    var chapters: [Chapter] = []
    let items = root.elements { $0.isElement(named: "li") && $0.hasClass("chapter-item") }
    for (index, item) in items.enumerated() {
      let link = item.firstElement { $0.isElement(named: "a") && $0.hasClass("jump-to-time") }
      guard
        let startSeconds = Self.seconds(item.attribute("data-start-time"))
          ?? Self.seconds(link?.attribute("data-start-time"))
      else {
        warnings.append(.skippedChapter(index: index, reason: "no readable data-start-time"))
        continue
      }
      // Without the link, the item's text is "1:15 - Title".
      let title = link?.collapsedText ?? Self.droppingTimePrefix(item.collapsedText)
      guard !title.isEmpty else {
        warnings.append(.skippedChapter(index: index, reason: "no title"))
        continue
      }
      let endSeconds = endSeconds(of: link ?? item, start: startSeconds)
      chapters.append(Chapter(title: title, startSeconds: startSeconds, endSeconds: endSeconds))
    }
    return chapters
  }

  /// `data-chapter-end-time`, else the start plus `data-chapter-lenght` (Apple's spelling)
  /// or `data-chapter-length`; nil when neither is readable or the end precedes the start.
  private func endSeconds(of element: HTMLNode, start: Int) -> Int? {
    if let end = Self.seconds(element.attribute("data-chapter-end-time")) {
      return end >= start ? end : nil
    }
    let length = element.attribute("data-chapter-lenght") ?? element.attribute("data-chapter-length")
    return Self.seconds(length).map { start + $0 }
  }

  /// "1:15 - Title" → "Title"; text without such a prefix is returned whole.
  static func droppingTimePrefix(_ text: String) -> String {
    guard let separator = text.range(of: " - ") else { return text }
    let time = text[..<separator.lowerBound]
    let isTime =
      !time.isEmpty && time.contains(":") && time.allSatisfy { $0 == ":" || $0.isASCIIDigit }
    return isTime ? String(text[separator.upperBound...]) : text
  }

  /// "1:15" → 75, "1:02:03" → 3723; nil for anything else.
  static func seconds(clock text: Substring) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (2...3).contains(parts.count) else { return nil }
    var total = 0
    for part in parts {
      guard (1...4).contains(part.count), part.allSatisfy(\.isASCIIDigit), let value = Int(part)
      else { return nil }
      total = total * 60 + value
    }
    return total
  }
}
