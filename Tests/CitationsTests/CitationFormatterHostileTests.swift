import AppleSite
import DocumentModel
import Foundation
import Testing

@testable import Citations

/// Every citation format given titles, speakers, addresses and words that would act in
/// the output (HTML, link syntax, a `javascript:` address, line breaks, braces, controls,
/// bidi overrides): each shows them as text, and a link only ever goes to a web address.
@Suite struct CitationFormatterHostileTests {
  struct Hostile: Sendable, CustomTestStringConvertible {
    var name: String
    var title = "Meet the toolbar"
    var speaker: String? = "Ada"
    var url = "https://developer.apple.com/videos/play/wwdc2024/900002/"
    var quote = "The toolbar moves to the side."
    var testDescription: String { name }
  }

  static let cases: [Hostile] = [
    Hostile(name: "HTML title", title: "<img src=x onerror=alert(1)>"),
    Hostile(name: "link syntax in the title", title: "Evil](javascript:alert(1)) [x"),
    Hostile(name: "javascript: address", url: "javascript:alert(document.cookie)"),
    Hostile(name: "data: address", url: "data:text/html,<script>alert(1)</script>"),
    Hostile(name: "address that breaks a link", url: "https://example.com/a b)(<x>`\"'"),
    Hostile(name: "script speaker", speaker: "<script>alert(1)</script>"),
    Hostile(name: "line breaks", title: "One\nER  - \nTY  - JOUR\n# Heading", speaker: "A\r\nB"),
    Hostile(name: "LaTeX specials", title: "{}\\%#&$_~^ \\input{/etc/passwd}"),
    Hostile(name: "controls", title: "bell\u{7} escape\u{1B}[31m red\u{9B}2J", speaker: "nul\u{0}"),
    Hostile(name: "bidi override", title: "harmless\u{202E}exe.txt\u{2066}", speaker: "\u{202D}Ada"),
    Hostile(name: "backticks and brackets", title: "`code` [a] \\[b\\]", speaker: "]("),
    Hostile(name: "HTML quote", quote: "Say <script>alert(1)</script> and [x](javascript:alert(1)) \\<b>."),
  ]

  static func hit(_ hostile: Hostile) -> QuotedHit {
    let id = "wwdc2024/900002"
    return QuotedHit(
      rank: 1, score: 1, quote: hostile.quote, passageKind: .speech, startMilliseconds: 70_000,
      endMilliseconds: 72_000, matchStartMilliseconds: 70_000, timestamp: "1:10", anchor: nil, heading: nil,
      link: DeepLink.talkLink(hostile.url), citation: CitationID(documentID: id, locator: .time(seconds: 70)),
      speaker: hostile.speaker,
      source: .init(kind: .talk, id: id, title: hostile.title, url: hostile.url, event: "wwdc2024", year: 2024),
      matchedRanges: [], documentIndex: 0, passageIndex: 0)
  }

  /// A scalar that a terminal or renderer would act on, or that reorders what follows.
  static func hasHiddenScalar(_ text: String, allowingLineBreaks: Bool) -> Bool {
    text.unicodeScalars.contains { scalar in
      (allowingLineBreaks && scalar == "\n") ? false : DisplayText.isHidden(scalar)
    }
  }

  /// `<` that would open a tag or an autolink, without the backslash that escapes it.
  static func hasRawTag(_ markdown: String) -> Bool {
    let scalars = Array(markdown.unicodeScalars)
    for (position, scalar) in scalars.enumerated() where scalar == "<" && position + 1 < scalars.count {
      let next = scalars[position + 1]
      let opens = next.isASCII && next.properties.isAlphabetic || next == "/" || next == "!" || next == "?"
      var backslashes = 0
      var before = position - 1
      while before >= 0, scalars[before] == "\\" {
        backslashes += 1
        before -= 1
      }
      if opens && backslashes % 2 == 0 { return true }
    }
    return false
  }

  /// The destinations of the inline links (`[text](destination)`) in `markdown`.
  static func linkDestinations(_ markdown: String) -> [String] {
    let scalars = Array(markdown.unicodeScalars)
    var destinations: [String] = []
    for position in scalars.indices.dropLast() where scalars[position] == "]" && scalars[position + 1] == "(" {
      var backslashes = 0
      var before = position - 1
      while before >= 0, scalars[before] == "\\" {
        backslashes += 1
        before -= 1
      }
      guard backslashes % 2 == 0 else { continue }
      var end = position + 2
      while end < scalars.count, scalars[end] != ")", scalars[end] != " " { end += 1 }
      destinations.append(String(String.UnicodeScalarView(scalars[(position + 2)..<end])))
    }
    return destinations
  }

  @Test(arguments: cases)
  func markdownShowsTheDataAsText(_ hostile: Hostile) {
    let output = CitationFormatter.format(Self.hit(hostile), as: .markdown)
    #expect(!output.contains("\n"), "\(output)")
    #expect(!Self.hasHiddenScalar(output, allowingLineBreaks: false), "\(output)")
    #expect(!Self.hasRawTag(output), "\(output)")
    let destinations = Self.linkDestinations(output)
    #expect(destinations.count <= 1, "\(output)")
    #expect(destinations.allSatisfy(WebAddress.isWeb), "\(output)")
    #expect(!destinations.contains { $0.contains("<") || $0.contains("`") || $0.contains("\"") }, "\(output)")
  }

  @Test(arguments: cases)
  func textShowsTheDataOnOneLine(_ hostile: Hostile) {
    let output = CitationFormatter.format(Self.hit(hostile), as: .text)
    #expect(!output.contains("\n"), "\(output)")
    #expect(!Self.hasHiddenScalar(output, allowingLineBreaks: false), "\(output)")
  }

  @Test(arguments: cases)
  func risKeepsOneTagALine(_ hostile: Hostile) {
    let output = CitationFormatter.format(Self.hit(hostile), as: .ris)
    let lines = output.split(separator: "\n")
    #expect(lines.allSatisfy { $0.wholeMatch(of: /[A-Z][A-Z0-9]  - .*/) != nil }, "\(output)")
    #expect(lines.filter { $0.hasPrefix("ER  -") }.count == 1, "\(output)")
    #expect(lines.filter { $0.hasPrefix("TY  -") }.count == 1, "\(output)")
    #expect(lines.allSatisfy { !$0.hasPrefix("UR  -") || WebAddress.isWeb(String($0.dropFirst(6))) }, "\(output)")
    #expect(!Self.hasHiddenScalar(output, allowingLineBreaks: true), "\(output)")
  }

  @Test(arguments: cases)
  func bibTeXFieldsStayBalancedAndEscaped(_ hostile: Hostile) {
    let output = CitationFormatter.format(Self.hit(hostile), as: .bibtex)
    // Braces balance once the escaped ones are set aside, and each field is one line.
    var depth = 0
    var previous: Character = " "
    for character in output {
      if previous != "\\" {
        if character == "{" { depth += 1 }
        if character == "}" { depth -= 1 }
      }
      #expect(depth >= 0, "\(output)")
      previous = previous == "\\" && character == "\\" ? " " : character
    }
    #expect(depth == 0, "\(output)")
    let lines = output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("@misc{") == true && lines.last == "}", "\(output)")
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.wholeMatch(of: #/  [a-z]+ = .*/#) != nil }, "\(output)")
    let title = lines.first { $0.hasPrefix("  title = ") }.map(String.init) ?? ""
    for special in ["%", "#", "&", "$", "_"] {
      #expect(!title.contains(special) || title.contains("\\" + special), "\(title)")
    }
    #expect(!title.contains("~") && !title.contains("^"), "\(title)")
    let url = lines.first { $0.hasPrefix("  url = ") }.map(String.init)
    #expect(url.map { $0.hasPrefix("  url = {http") } ?? !WebAddress.isWeb(hostile.url), "\(output)")
    #expect(!Self.hasHiddenScalar(output, allowingLineBreaks: true), "\(output)")
  }

  @Test(arguments: cases)
  func cslJSONIsValidAndKeepsTheData(_ hostile: Hostile) throws {
    let output = CitationFormatter.format(Self.hit(hostile), as: .cslJSON)
    let items = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    let item = try #require(items.first)
    #expect(item["title"] as? String == hostile.title)
    #expect((item["URL"] as? String).map(WebAddress.isWeb) ?? true, "\(output)")
    let json = CitationFormatter.format(Self.hit(hostile), as: .json)
    #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
  }

  @Test(
    "BibTeX escapes",
    arguments: [
      ("Plain title", "Plain title"),
      ("{}", "\\{\\}"),
      ("a\\b", "a\\textbackslash{}b"),
      ("100% #1 & $5 a_b", "100\\% \\#1 \\& \\$5 a\\_b"),
      ("~^", "\\textasciitilde{}\\textasciicircum{}"),
      ("one\ntwo\r\n\tthree", "one two three"),
      ("bell\u{7}", "bell\u{FFFD}"),
      ("a\u{202E}b", "a\u{FFFD}b"),
    ])
  func bibTeXEscapes(input: String, expected: String) {
    #expect(BibTeXWriter.escape(input) == expected)
  }

  @Test(
    "Markdown escapes",
    arguments: [
      ("Meet SwiftUI", "Meet SwiftUI", "Meet SwiftUI"),
      ("Avoid widths < 320 points", "Avoid widths < 320 points", "Avoid widths < 320 points"),
      (
        "Dynamic Type & accessibility (part 2)", "Dynamic Type & accessibility (part 2)",
        "Dynamic Type & accessibility (part 2)"
      ),
      ("<b>bold</b>", "\\<b>bold\\</b>", "\\<b>bold\\</b>"),
      ("[x](javascript:y)", "[x]\\(javascript:y)", "\\[x\\](javascript:y)"),
      ("`code`", "`code`", "\\`code\\`"),
      ("end\\", "end\\", "end\\\\"),
      ("\\<b>", "\\\\\\<b>", "\\\\\\<b>"),
      ("two\nlines", "two lines", "two lines"),
      ("a\u{1B}[2Jb", "a\u{FFFD}[2Jb", "a\u{FFFD}\\[2Jb"),
    ])
  func markdownEscapes(input: String, inline: String, linkText: String) {
    #expect(MarkdownText.inline(input) == inline)
    #expect(MarkdownText.linkText(input) == linkText)
  }

  @Test(
    "Only web addresses are links",
    arguments: [
      (
        "https://developer.apple.com/videos/play/wwdc2024/10173/?time=5",
        "https://developer.apple.com/videos/play/wwdc2024/10173/?time=5"
      ),
      ("HTTP://example.com/a", "HTTP://example.com/a"),
      ("https://example.com/a(c)<d>`", "https://example.com/a%28c%29%3Cd%3E%60"),
      ("https://example.com/a b", nil),
      ("javascript:alert(1)", nil), ("JavaScript:alert(1)", nil), ("data:text/html,x", nil),
      ("file:///etc/passwd", nil), ("/relative", nil), ("https:///no-host", nil), ("", nil),
      (" https://example.com", nil),
    ] as [(String, String?)])
  func destinations(url: String, expected: String?) {
    #expect(MarkdownText.destination(url) == expected)
  }
}

extension DeepLink {
  /// A talk's link at 1:10, as the index makes it from the document's address.
  fileprivate static func talkLink(_ url: String) -> String { talk(page: url, milliseconds: 70_000) }
}
