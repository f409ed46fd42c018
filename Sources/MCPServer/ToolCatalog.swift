/// Every tool the server offers, in the order `tools/list` gives them (a fixed order:
/// 2026-07-28 changelog, minor change 3), and the instructions sent with the capabilities.
enum ToolCatalog {
  static var tools: [Tool] {
    [
      SearchTool.tool, QuoteTool.tool, CiteTool.tool, VerifyTool.tool, AuditTool.tool, DocumentsTool.tool,
      StatusTool.tool,
    ]
  }

  static let instructions = """
    duo-kb answers with Apple's exact words from its developer talks (WWDC, tech talks) and \
    the Human Interface Guidelines. Use `search` to find passages, `quote` to read the words \
    around a citation id, and `cite` for a ready-to-paste citation. Quote a result's `quote` \
    verbatim inside quotation marks, never paraphrased, and cite it with its `link` (a talk link \
    opens the video at that second), its `timestamp` (m:ss) or HIG section, and its `citation` \
    id. Before handing over a text that quotes Apple, run `verify` on it and fix every \
    quotation that is not verified. `audit` checks a checklist's rules against Apple's words and \
    says which nothing supports; `documents` lists what the knowledge base holds (by kind, event, \
    year, language) and `status` how fresh it is (last refresh, failing sources). Each document is \
    also a resource (duokb://document/ID) readable as Markdown with time links. The prompts \
    quote-apple, audit-checklist and verify-draft run these steps for a topic, a checklist or a draft.
    """
}
