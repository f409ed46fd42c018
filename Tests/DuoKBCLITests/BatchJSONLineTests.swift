import Foundation
import Testing

/// `duo-kb search --batch` writes its JSON lines with `JSONWriter`: each line must read
/// back as the very answer `--format json` gives through the encoder, keys in the same
/// (sorted) order, whatever the quoted text holds.
@Suite struct BatchJSONLineTests {
  /// Passages whose texts and titles hold what JSON must escape, and what it must not.
  static let passages = #"""
    {"doc": "tech-talks/900001", "kind": "talk", "title": "Quotes \"inside\" and back\\slashes", "url": "https://developer.apple.com/videos/play/tech-talks/900001/", "start": 12.5, "end": 15.25, "text": "Say \"hello\" to C:\\Users, a/b paths, café, 日本語 and 🎉 emoji in the sidebar.", "speaker": "Zoë \"Z\" Ng"}
    {"doc": "tech-talks/900001", "start": 15.25, "end": 18.0, "text": "A line\u2028separator and a paragraph\u2029separator in the sidebar."}
    {"doc": "hig/sidebars", "kind": "hig", "title": "Sidebars", "url": "https://developer.apple.com/design/human-interface-guidelines/sidebars", "anchor": "Best-practices", "text": "Keep the sidebar <short> & {simple}: \\n is not a newline."}

    """#

  static let queries = ["sidebar", "separator", "hello", "zebra", "\"sidebar"]

  /// The keys of every object in `text`, in the order written (a key is a string before a colon).
  static func keyOrder(_ text: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: #""([A-Za-z]+)"\s*:"#)
    let range = NSRange(text.startIndex..., in: text)
    return pattern.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) }
  }

  /// A decoded object written again with sorted keys: equal values give equal bytes.
  static func canonical(_ object: [String: Any]) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
  }

  @Test func batchLinesReadBackAsTheEncodersAnswer() async throws {
    let home = try ScratchDirectory()
    let environment = ["DUO_KB_HOME": home.url.path]
    let imported = await runCLI(["import", "-"], environment: environment, stdin: Self.passages)
    #expect(imported.status == .success, "\(imported.stderr)")
    let batch = await runCLI(
      ["search", "--batch", "-"], environment: environment, stdin: Self.queries.joined(separator: "\n") + "\n")
    let lines = batch.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == Self.queries.count)
    for (query, line) in zip(Self.queries, lines) {
      var batchObject = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let single = await runCLI(["search", query, "--format", "json"], environment: environment)
      if query.hasPrefix("\"") {
        // Does not parse: the error line, as the encoder wrote it.
        #expect(Self.keyOrder(line) == ["column", "error", "query", "status"])
        #expect(batchObject["query"] as? String == query)
        #expect(batchObject["status"] as? Int == 2)
        continue
      }
      #expect(batchObject["micros"] is Int)
      #expect(batchObject["status"] as? Int == (batchObject["total"] as? Int == 0 ? 1 : 0))
      batchObject["micros"] = nil
      batchObject["status"] = nil
      let singleObject = try #require(
        try JSONSerialization.jsonObject(with: Data(single.stdout.utf8)) as? [String: Any])
      #expect(try Self.canonical(batchObject) == Self.canonical(singleObject), "\(query): \(line)")
      #expect(
        Self.keyOrder(line).filter { $0 != "micros" && $0 != "status" } == Self.keyOrder(single.stdout),
        "\(query): keys in the encoder's order")
      // Non-ASCII stays UTF-8, slashes stay unescaped: as the encoder writes them.
      #expect(!line.contains("\\u00e9") && !line.contains("\\/"))
    }
    let sidebar = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let quotes = (sidebar["results"] as? [[String: Any]] ?? []).compactMap { $0["quote"] as? String }
    #expect(quotes.contains("Say \"hello\" to C:\\Users, a/b paths, café, 日本語 and 🎉 emoji in the sidebar."))
    #expect(quotes.contains("Keep the sidebar <short> & {simple}: \\n is not a newline."))
  }
}
