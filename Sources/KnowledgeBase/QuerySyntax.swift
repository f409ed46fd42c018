/// The query language, described once: its operators and its filters with an example of
/// each. Every description of it is made from here: the MCP tool `search` lists the filters
/// (`filterList`); `duo-kb search`'s help (and the manual page made from it) composes its
/// sentence on the syntax from these parts; `duo-kb help --generated` writes docs/QUERIES.md's
/// table and the web page's search label (`shortLabel`) from them, which scripts/gen-docs
/// puts in place. `GeneratedDocsTests` checks that the checked-in copies are current,
/// `QuerySyntaxAgreementTests` that these filters are the ones the query parser reads.
public enum QuerySyntax {
  /// One part of the language: as it is written in a query, and what it does.
  public struct Part: Sendable, Equatable {
    /// As every description writes it (`prefix*`, `kind:`).
    public let spelling: String
    /// One line: what it does.
    public let help: String
    /// As a label short of room writes it (the web page's `“phrases”`); nil when such a
    /// label leaves it out.
    public let short: String?
    /// Whether a query that uses it matches strictly (only passages with every word).
    public let makesStrict: Bool
    /// As a description's example gives it (`event:wwdc2024`).
    public let example: String

    init(spelling: String, help: String, short: String? = nil, makesStrict: Bool = false, example: String? = nil) {
      self.spelling = spelling
      self.help = help
      self.short = short
      self.makesStrict = makesStrict
      self.example = example ?? spelling
    }
  }

  /// The operators, in the order the descriptions give them.
  public static let operators: [Part] = [
    Part(spelling: "\"exact phrases\"", help: "the words in this order, next to each other", short: "“phrases”"),
    Part(spelling: "OR", help: "either side (the query matches strictly)", short: "OR", makesStrict: true),
    Part(spelling: "-word", help: "passages without the word", short: "-word"),
    Part(spelling: "NOT", help: "passages without what follows (the query matches strictly)", makesStrict: true),
    Part(
      spelling: "prefix*", help: "any word that begins so (the query matches strictly)", short: "prefix*",
      makesStrict: true),
    Part(spelling: "parentheses", help: "group operators"),
  ]

  /// The filters (`name:value`), in the order the descriptions give them.
  public static let filters: [Part] = [
    Part(
      spelling: "kind:", help: listed(SearchRequest.kinds),
      example: kindFilter),
    Part(spelling: "source:", help: "one document, by id (tech-talks/111466)", example: "source:ID"),
    Part(spelling: "event:", help: "an event (wwdc2024, tech-talks)", example: "event:wwdc2024"),
    Part(spelling: "year:", help: "a year", example: "year:2026"),
    Part(spelling: "speaker:", help: "a talk's speaker", example: "speaker:NAME"),
    Part(spelling: "lang:", help: "a BCP 47 language tag (zh also finds zh-Hans)", example: "lang:ja"),
    Part(spelling: "framework:", help: "documentation pages of a framework", example: "framework:UIKit"),
    Part(spelling: "platform:", help: "documentation pages available on a platform", example: "platform:iOS"),
  ]

  /// The filter of kinds as every description writes it: `kind:talk|hig|doc|code`.
  public static var kindFilter: String { "kind:" + SearchRequest.kinds.joined(separator: "|") }

  /// Every filter's example, in order: `kind:talk|hig|doc|code, source:ID, ...`.
  public static var filterList: String { filters.map(\.example).joined(separator: ", ") }

  /// The filters' names, as the query parser reads them (`kind`, `source`, ...).
  public static var filterNames: [String] { filters.map { String($0.spelling.dropLast()) } }

  /// The web page's search label: words, then the operators a short label names, in order
  /// (`Words, “phrases”, OR, -word, prefix*`).
  public static var shortLabel: String { (["Words"] + operators.compactMap(\.short)).joined(separator: ", ") }

  /// Words listed as the descriptions list them: `a`, `a or b`, `a, b or c`.
  public static func listed(_ words: [String], conjunction: String = "or") -> String {
    guard let last = words.last else { return "" }
    let rest = words.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " \(conjunction) " + last
  }
}
