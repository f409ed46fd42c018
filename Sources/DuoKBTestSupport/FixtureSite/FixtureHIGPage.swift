import Foundation

/// A HIG page as DocC render JSON, in the shapes Apple serves: a bold lead sentence then
/// elaboration, an aside, a list, a tab navigator holding a table, links to pages below,
/// and optionally a change log (a heading and a table dating each change).
public struct FixtureHIGPage: Sendable {
  public init(
    slug: String, title: String, children: [String] = [], identifierSlug: String? = nil,
    changeLog: [(date: String, change: String)] = []
  ) {
    self.slug = slug
    self.title = title
    self.children = children
    self.identifierSlug = identifierSlug
    self.changeLog = changeLog
  }

  public var slug: String
  public var title: String
  /// Slugs of the pages its topic sections link to.
  public var children: [String] = []
  /// Overrides the identifier the page answers with (a redirect to another page).
  public var identifierSlug: String?
  /// Rows of the change log that ends the page, newest first as Apple writes them
  /// (`("June 9, 2025", "Added guidance for …")`); none: the page has no change log.
  public var changeLog: [(date: String, change: String)] = []

  public static let jsonFolder = "/tutorials/data/design/human-interface-guidelines"
  /// The root of the guidelines has an empty slug.
  public var jsonPath: String { slug.isEmpty ? "\(Self.jsonFolder).json" : "\(Self.jsonFolder)/\(slug).json" }
  public var pageURL: String {
    "https://developer.apple.com/design/human-interface-guidelines" + (slug.isEmpty ? "" : "/\(slug)")
  }

  /// The page's passages as HIGNormalizer makes them (sentences, list items, cells), in order,
  /// with the anchor of the section each sits in.
  public var expectedPassages: [(text: String, anchor: String?)] {
    [
      ("A \(title.lowercased()) page keeps guidance exact.", nil),
      ("Keep important content away from the hinge.", "Best-practices"),
      ("Text that crosses the fold is hard to read; place it fully on one side.", "Best-practices"),
      ("Prefer system bars.", "Best-practices"),
      ("Test every posture.", "Best-practices"),
      ("Avoid fixed widths.", "Best-practices"),
      ("Don’t hide controls behind the fold.", "Best-practices"),
      ("Size", "Dynamic-Type-sizes"),
      ("Weight", "Dynamic-Type-sizes"),
      ("17 pt", "Dynamic-Type-sizes"),
      ("Regular", "Dynamic-Type-sizes"),
    ] + changeLog.flatMap { [($0.date, "Change-log"), ($0.change, "Change-log")] }
  }

  public var expectedHeadings: [(title: String, anchor: String)] {
    [("Best practices", "Best-practices"), ("Dynamic Type sizes", "Dynamic-Type-sizes")]
      + (changeLog.isEmpty ? [] : [("Change log", "Change-log")])
  }

  public func json() -> String {
    let text = { (value: String) -> [String: Any] in ["type": "text", "text": value] }
    let paragraph = { (inline: [[String: Any]]) -> [String: Any] in ["type": "paragraph", "inlineContent": inline] }
    var references: [String: Any] = [:]
    var identifiers: [String] = []
    for child in children {
      let identifier = "doc://com.apple.HIG/design/Human-Interface-Guidelines/\(child)"
      identifiers.append(identifier)
      references[identifier] = [
        "type": "topic", "kind": "article", "role": "article", "title": child.capitalized,
        "url": "/design/human-interface-guidelines/\(child)", "identifier": identifier,
        "abstract": [text("About \(child).")],
      ]
    }
    let changeLogBlocks: [[String: Any]] =
      changeLog.isEmpty
      ? []
      : [
        ["type": "heading", "level": 2, "text": "Change log", "anchor": "Change-log"],
        [
          "type": "table", "header": "none",
          "rows": changeLog.map { [[paragraph([text($0.date)])], [paragraph([text($0.change)])]] },
        ],
      ]
    let page: [String: Any] = [
      "schemaVersion": ["major": 0, "minor": 3, "patch": 0],
      "kind": "article",
      "identifier": [
        "interfaceLanguage": "swift",
        "url": "doc://com.apple.HIG/design/Human-Interface-Guidelines"
          + ((identifierSlug ?? slug).isEmpty ? "" : "/\(identifierSlug ?? slug)"),
      ],
      "metadata": ["title": title, "role": "article"],
      "abstract": [text("A \(title.lowercased()) page keeps guidance exact.")],
      "primaryContentSections": [
        [
          "kind": "content",
          "content": [
            ["type": "heading", "level": 2, "text": "Best practices", "anchor": "Best-practices"],
            paragraph([
              ["type": "strong", "inlineContent": [text("Keep important content away from the hinge.")]],
              text(" Text that crosses the fold is hard to read; place it fully on one side."),
            ]),
            ["type": "aside", "style": "note", "name": "Note", "content": [paragraph([text("Prefer system bars.")])]],
            [
              "type": "unorderedList",
              "items": [
                ["content": [paragraph([text("Test every posture.")])]],
                ["content": [paragraph([text("Avoid fixed widths.")])]],
              ],
            ],
            paragraph([text("Don’t hide controls behind the fold.")]),
            ["type": "heading", "level": 2, "text": "Dynamic Type sizes", "anchor": "Dynamic-Type-sizes"],
            [
              "type": "tabNavigator",
              "tabs": [
                [
                  "title": "iOS",
                  "content": [
                    [
                      "type": "table", "header": "row",
                      "rows": [
                        [[paragraph([text("Size")])], [paragraph([text("Weight")])]],
                        [[paragraph([text("17 pt")])], [paragraph([text("Regular")])]],
                      ],
                    ]
                  ],
                ]
              ],
            ],
          ] + changeLogBlocks,
        ]
      ],
      "topicSections": children.isEmpty ? [] : [["title": "Pages", "identifiers": identifiers]],
      "references": references,
    ]
    let data = try! JSONSerialization.data(withJSONObject: page, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}
