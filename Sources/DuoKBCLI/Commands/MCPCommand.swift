import Citations
import KnowledgeBase
import MCPServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb mcp`: serves the knowledge base to AI assistants over the Model Context Protocol
/// on stdin and stdout, until stdin closes.
enum MCPCommand: LocalCommand {
  static let name = "mcp"
  static let summary = "Serve the knowledge base to AI assistants (Model Context Protocol, stdio)"
  static let usage = "[--home DIR]"
  static let discussion = """
    Speaks MCP over stdin and stdout, one JSON-RPC message a line: protocol 2026-07-28
    (stateless, server/discover) and, after an initialize, 2025-11-25, 2025-06-18, 2025-03-26
    and 2024-11-05. Tools: search, quote, cite, verify, audit, documents, status. Prompts:
    quote-apple, audit-checklist, verify-draft. Resources: every document of the corpus at
    duokb://document/ID, as Markdown with time links. Stdout carries only protocol messages;
    notices go to stderr. Exits when stdin closes. An assistant starts it; see docs/MCP.md.
    """
  typealias Options = NoOptions

  static func run(_ options: NoOptions, _ context: CommandContext) throws -> ExitStatus {
    guard context.positionals.isEmpty else {
      throw UsageError("mcp takes no arguments", hint: "duo-kb mcp [--home DIR]")
    }
    let home = context.home
    let reporter = context.reporter
    reporter.notice("serving \(home.url.path) over MCP on stdio; close stdin to stop")
    let server = MCPServer(
      knowledgeBase: KnowledgeBase(home: home.url), serverVersion: DuoKBCLI.version,
      status: { try StatusCommand.gather(home) }, log: { reporter.notice($0) })
    var input = MessageLineReader.fileDescriptor(0)
    server.run(input: &input) { context.stdout.write($0 + "\n") }
    return .success
  }
}
