import JSON

/// The prompts the server offers (MCP server/prompts): the tasks people do by hand with
/// duo-kb, as messages that drive the tools. Each argument is a string; `prompts/get` fills
/// them in.
enum PromptCatalog {
  struct Prompt: Sendable {
    struct Argument: Sendable {
      let name: String
      let description: String
      let isRequired: Bool
    }

    let name: String
    let title: String
    let description: String
    let arguments: [Argument]
    let text: @Sendable ([String: String]) -> String

    var listing: JSONValue {
      [
        "name": .string(name), "title": .string(title), "description": .string(description),
        "arguments": .array(
          arguments.map {
            ["name": .string($0.name), "description": .string($0.description), "required": .bool($0.isRequired)]
          }),
      ]
    }
  }

  static let prompts: [Prompt] = [quoteApple, auditChecklist, verifyDraft]

  /// How many quotations `quote-apple` asks for when its `count` is not given, and the
  /// counts it takes (a `count` outside them is brought inside).
  static let defaultQuotationCount = 3
  static let quotationCounts = 1...20

  static let quoteApple = Prompt(
    name: "quote-apple", title: "Quote Apple on a topic, with citations",
    description: "Finds what Apple says on a topic in its talks and the HIG, and quotes it exactly with links",
    arguments: [
      .init(
        name: "topic", description: "What Apple should be quoted on, e.g. toolbars on the outer display",
        isRequired: true),
      .init(
        name: "count", description: "How many quotations to give (default \(defaultQuotationCount))",
        isRequired: false),
    ],
    text: { arguments in
      let count =
        arguments["count"].flatMap(Int.init).map {
          min(max($0, quotationCounts.lowerBound), quotationCounts.upperBound)
        }
        ?? defaultQuotationCount
      return """
        Quote Apple on this topic: \(arguments["topic"] ?? "")

        Use the duo-kb `search` tool (try a few phrasings, and `kind: hig` for the guidelines) and \
        pick the \(count) passages that say most about it. For each, give Apple's exact words from \
        the result's `quote` inside quotation marks (never paraphrase or shorten them silently), \
        then the speaker where known, the talk or page title, the `timestamp` (m:ss) or HIG \
        section, and the `link`. Use `quote` with a result's `citation` to read the words around \
        it when the context matters. Finish by running `verify` on your answer and fix any \
        quotation that is not verified. If nothing in the knowledge base speaks to the topic, say so.
        """
    })

  static let auditChecklist = Prompt(
    name: "audit-checklist", title: "Audit a checklist against Apple's guidance",
    description: "Checks each rule of a checklist against Apple's words, with cited support or a flag",
    arguments: [
      .init(
        name: "checklist", description: "The checklist: a Markdown list of rules (one per item)", isRequired: true)
    ],
    text: { arguments in
      """
      Audit this checklist against Apple's guidance:

      \(arguments["checklist"] ?? "")

      Run the duo-kb `audit` tool on the checklist. For each rule, say whether Apple's words \
      support it and quote the best supporting passages exactly (their `quote` in quotation \
      marks, with the `timestamp` or section and the `link`). List the rules nothing supports \
      separately, and do not invent support for them; where a `search` with other words finds \
      better support, use it and say so. Run `verify` on the finished report.
      """
    })

  static let verifyDraft = Prompt(
    name: "verify-draft", title: "Check the quotations of a draft",
    description: "Verifies every quotation of Apple in a draft and explains how to fix the ones that are wrong",
    arguments: [.init(name: "draft", description: "The draft, Markdown or plain text", isRequired: true)],
    text: { arguments in
      """
      Check every quotation of Apple in this draft:

      \(arguments["draft"] ?? "")

      Run the duo-kb `verify` tool on the whole draft. For each quotation that is not verified, \
      say what is wrong (misquoted, wrong time, wrong source, not found) and give the corrected \
      quotation with Apple's real words, time and link from the verdict. Change nothing else.
      """
    })

  /// `prompts/get`: the prompt's messages with its arguments filled in.
  static func get(_ params: [String: JSONValue]) throws(ProtocolError) -> JSONValue {
    guard case .string(let name)? = params["name"] else { throw .invalidParams("prompts/get needs 'name' (a string)") }
    guard let prompt = prompts.first(where: { $0.name == name }) else {
      throw .invalidParams(
        "Unknown prompt: \(name) (this server has \(prompts.map(\.name).joined(separator: ", ")))",
        data: ["prompt": .string(name)])
    }
    var arguments: [String: String] = [:]
    switch params["arguments"] {
    case nil, .null?: break
    case .object(let object)?:
      for (key, value) in object {
        guard case .string(let text) = value else { throw .invalidParams("argument '\(key)' must be a string") }
        arguments[key] = text
      }
    case let other?: throw .invalidParams("'arguments' must be an object, not \(other.typeName)")
    }
    for argument in prompt.arguments where argument.isRequired && (arguments[argument.name] ?? "").isEmpty {
      throw .invalidParams(
        "prompt \(name) needs the argument '\(argument.name)'", data: ["argument": .string(argument.name)])
    }
    return [
      "description": .string(prompt.description),
      "messages": [["role": "user", "content": ["type": "text", "text": .string(prompt.text(arguments))]]],
    ]
  }
}
