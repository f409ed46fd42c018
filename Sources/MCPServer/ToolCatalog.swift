/// Every tool the server offers, in the order `tools/list` gives them (a fixed order:
/// 2026-07-28 changelog, minor change 3), and the instructions sent with the capabilities.
enum ToolCatalog {
  static var tools: [Tool] { [SearchTool.tool] }

  static let instructions = """
    duo-kb answers with Apple's exact words from its developer talks (WWDC, tech talks) and \
    the Human Interface Guidelines. Use `search` to find passages. Quote a result's `quote` \
    verbatim inside quotation marks, never paraphrased, and cite it with its `link` (a talk link \
    opens the video at that second), its `timestamp` (m:ss) or HIG section, and its `citation` \
    id. Each document is also a resource (duokb://document/ID) readable as Markdown with time \
    links.
    """
}
