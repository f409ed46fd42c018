/// Code samples (full from 2023, partial 2020–2022):
/// `<li class="sample-code-main-container"><p>1:15 - <a class="jump-to-time-sample"
/// data-start-time="75">Title</a></p><pre class="code-source"><code>…</code></pre></li>`.
extension TalkPageReader {
  mutating func codeSamples() -> [CodeSample] {
    var samples: [CodeSample] = []
    let items = root.elements { $0.hasClass("sample-code-main-container") }
    for (index, item) in items.enumerated() {
      let link = item.firstElement { $0.isElement(named: "a") && $0.hasClass("jump-to-time-sample") }
      let caption = item.firstElement { $0.isElement(named: "p") }?.collapsedText ?? ""
      guard let startSeconds = startSeconds(link: link, caption: caption) else {
        warnings.append(.skippedCodeSample(index: index, reason: "no start time"))
        continue
      }
      let title = link?.collapsedText ?? Self.droppingTimePrefix(caption)
      guard let code = code(in: item) else {
        warnings.append(.skippedCodeSample(index: index, reason: "no <pre> code block"))
        continue
      }
      samples.append(CodeSample(title: title, startSeconds: startSeconds, code: code))
    }
    return samples
  }

  /// The link's `data-start-time`, else its `?time=` query, else the caption's "1:15 - ".
  private func startSeconds(link: HTMLNode?, caption: String) -> Int? {
    if let seconds = Self.seconds(link?.attribute("data-start-time")) { return seconds }
    if let href = link?.attribute("href"), let linkURL = resolvedWebURL(href),
      let query = linkURL.query
    {
      for item in query.split(separator: "&") where item.hasPrefix("time=") {
        if let seconds = Self.seconds(String(item.dropFirst(5))) { return seconds }
      }
    }
    guard let separator = caption.range(of: " - ") else { return nil }
    return Self.seconds(clock: caption[..<separator.lowerBound])
  }

  /// The text of `<pre class="code-source"><code>` (or the first `<pre>`), exactly: the
  /// highlighting spans dropped, entities decoded by the parser, every space and newline
  /// kept — but one newline right after `<pre>` is dropped, as HTML says (§13.2.6.4.7, "in
  /// body": a start tag "pre") and a browser shows it; libxml2 2.9 keeps it.
  private func code(in item: HTMLNode) -> String? {
    let blocks = item.elements { $0.isElement(named: "pre") }
    guard let block = blocks.first(where: { $0.hasClass("code-source") }) ?? blocks.first else {
      return nil
    }
    if let code = block.firstElement(where: { $0.isElement(named: "code") }) {
      return code.text
    }
    let text = block.text
    let startsWithNewline =
      block.pointer.pointee.children.map { HTMLNode(pointer: $0).content.hasPrefix("\n") } ?? false
    return startsWithNewline ? String(text.dropFirst()) : text
  }
}
