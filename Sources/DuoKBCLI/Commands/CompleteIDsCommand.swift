import Citations
import KnowledgeBase
import SearchIndex

/// `duo-kb __complete-ids PREFIX`: what the shell completions offer for a citation id, one
/// per line. Hidden: not in `--help`, the manual or the completions' list of commands.
///
/// Without `@` or `#` in PREFIX, the ids of the documents that begin with it; with one, the
/// citation ids of that document's passages that begin with it (each passage's id, a talk's
/// moments, a HIG page's sections). Reads the index as it is (never builds or repairs it: a
/// shell waits for this), prints at most `limit` ids, and prints nothing, with status 0, when
/// there is no index or nothing matches, so that a shell never shows an error while typing.
enum CompleteIDsCommand: LocalCommand {
  static let name = "__complete-ids"
  static let summary = "List the document and citation ids that begin with PREFIX (for shell completions)"
  static let usage = "[PREFIX]"
  /// Most ids printed: a shell shows no more than a screen of them.
  static let limit = 200

  typealias Options = NoOptions

  static func run(_ options: NoOptions, _ context: CommandContext) throws -> ExitStatus {
    let prefix = context.positionals.first ?? ""
    guard context.positionals.count <= 1,
      let index = try? SearchIndex.open(at: context.home.indexDirectory)
    else { return .success }
    let ids = candidates(prefix, in: index, limit: limit)
    if !ids.isEmpty { context.stdout.write(ids.joined(separator: "\n") + "\n") }
    return .success
  }

  /// The ids beginning with `prefix`, in the index's order, at most `limit`.
  static func candidates(_ prefix: String, in index: SearchIndex, limit: Int) -> [String] {
    var ids: [String] = []
    guard let mark = prefix.firstIndex(where: { $0 == "@" || $0 == "#" }) else {
      for number in 0..<index.documentCount where ids.count < limit {
        let id = index.document(number).id
        if id.hasPrefix(prefix) { ids.append(id) }
      }
      return ids
    }
    guard let document = index.documentIndex(id: String(prefix[..<mark])) else { return [] }
    for passage in 0..<index.document(document).passageCount where ids.count < limit {
      let id = index.citationID(document: document, passage: passage).description
      if id.hasPrefix(prefix), ids.last != id { ids.append(id) }
    }
    return ids
  }
}
