import Citations
import DocumentModel
import DuoKBTestSupport
import Foundation
import Testing

/// Imported text is kept as given and shown as text: `import` refuses an address that is
/// not a web address, and a hostile title, speaker or passage comes out of `cite` (every
/// format) and `search --format markdown` without acting there.
@Suite struct ImportHygieneTests {
  static let hostileTitle = "<img src=x onerror=alert(1)>](javascript:alert(2)) {\\input} %#&$_~^ \u{202E}fdp.exe"
  static let hostileSpeaker = "<script>alert(3)</script>\u{1B}[31m"

  static func line(url: String, title: String = hostileTitle, speaker: String = hostileSpeaker) throws -> String {
    let object: [String: Any] = [
      "doc": "wwdc2024/101", "kind": "talk", "title": title, "url": url, "start": 5.0, "end": 8.0,
      "text": "Hinges fold <b>gently</b> [away](javascript:alert(4)) from the edge.", "speaker": speaker,
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }

  @Test(
    arguments: [
      "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "/videos/101",
      "JAVASCRIPT:alert(1)", "https://", "https://exa mple.com",
    ])
  func importRefusesAnAddressThatIsNotOnTheWeb(url: String) async throws {
    let home = try ScratchDirectory()
    let good = try Self.line(url: "https://developer.apple.com/videos/play/wwdc2024/101/", title: "Fine")
    let input = good.replacingOccurrences(of: "wwdc2024/101", with: "wwdc2024/100") + "\n" + (try Self.line(url: url))
    let run = await runCLI(["import", "-"], environment: ["DUO_KB_HOME": home.url.path], stdin: input + "\n")
    #expect(run.status == .usage, "\(run.stdout)")
    #expect(run.stderr.contains("-:2: url '"), "\(run.stderr)")
    #expect(run.stderr.contains("is not an http:// or https:// address"), "\(run.stderr)")
    #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("Corpus/documents").path))
  }

  @Test func aWebVTTImportRefusesAnAddressThatIsNotOnTheWeb() async throws {
    let home = try ScratchDirectory()
    try home.write("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello there.\n", to: "talk.vtt")
    let run = await runCLI(
      ["import", "talk.vtt", "--id", "wwdc2026/101", "--title", "T", "--url", "javascript:alert(1)"], in: home.url,
      environment: ["DUO_KB_HOME": home.url.path])
    #expect(run.status == .usage, "\(run.stdout)")
    #expect(run.stderr.contains("talk.vtt: url 'javascript:alert(1)' is not an http:// or https:// address"))
  }

  /// A home with one hostile talk, imported; its title and speaker stored as given.
  func hostileHome() async throws -> (ScratchDirectory, [String: String]) {
    let home = try ScratchDirectory()
    let env = ["DUO_KB_HOME": home.url.path]
    let input = try Self.line(url: "https://developer.apple.com/videos/play/wwdc2024/101/?a=(b)<c>") + "\n"
    let run = await runCLI(["import", "-"], environment: env, stdin: input)
    #expect(run.status == .success, "\(run.stderr)")
    let stored = try DocumentFormat.decode(
      Data(
        contentsOf: home.url.appendingPathComponent(
          "Corpus/documents/wwdc2024/101.json")))
    #expect(stored.title == Self.hostileTitle)
    #expect(stored.passages.first?.speaker == Self.hostileSpeaker)
    return (home, env)
  }

  @Test func everyFormatOfCiteAndSearchShowsAHostileImportAsText() async throws {
    let (home, env) = try await hostileHome()
    defer { withExtendedLifetime(home) {} }
    var outputs: [String: String] = [:]
    for format in ["markdown", "text", "json", "csl-json", "bibtex", "ris"] {
      let run = await runCLI(["cite", "hinges fold gently", "--format", format], environment: env)
      #expect(run.status == .success, "\(format): \(run.stderr)")
      outputs[format] = run.stdout
    }
    let search = await runCLI(["search", "hinges fold gently", "--format", "markdown"], environment: env)
    #expect(search.status == .success, "\(search.stderr)")
    outputs["search"] = search.stdout
    let plain = await runCLI(["search", "hinges fold gently"], environment: env)
    outputs["search text"] = plain.stdout

    for (name, output) in outputs where name != "json" && name != "csl-json" {
      // Nothing a terminal acts on, nothing that reorders the text (JSON keeps the data as
      // it is, in strings a program reads).
      #expect(!output.unicodeScalars.contains { $0 != "\n" && DisplayText.isHidden($0) }, "\(name): \(output)")
    }
    for name in ["markdown", "search"] {
      let output = outputs[name] ?? ""
      // With what is escaped set aside, no tag and no link to anything but the web is left.
      let bare = output.replacingOccurrences(of: "\\<", with: "").replacingOccurrences(of: "\\](", with: "")
      for construct in ["<script", "<img", "<b>", "](javascript:", "](data:"] {
        #expect(!bare.contains(construct), "\(name): \(output)")
      }
      #expect(output.contains("(https://developer.apple.com/videos/play/wwdc2024/101/?"), "\(name): \(output)")
      #expect(!output.contains("?a=(b)<c>"), "\(name): \(output)")
    }
    let ris = outputs["ris"] ?? ""
    #expect(ris.split(separator: "\n").allSatisfy { $0.wholeMatch(of: /[A-Z][A-Z0-9]  - .*/) != nil }, "\(ris)")
    let bibtex = outputs["bibtex"] ?? ""
    #expect(bibtex.contains("{{\\textless{}") || bibtex.contains("{{<img"), "\(bibtex)")
    #expect(bibtex.contains("\\{\\textbackslash{}input\\}"), "\(bibtex)")
    #expect(bibtex.contains("\\%\\#\\&\\$\\_\\textasciitilde{}\\textasciicircum{}"), "\(bibtex)")
    for name in ["csl-json", "json"] {
      #expect(try JSONSerialization.jsonObject(with: Data((outputs[name] ?? "").utf8)) is NSObject, "\(name)")
    }
    let items = try JSONSerialization.jsonObject(with: Data((outputs["csl-json"] ?? "").utf8)) as? [[String: Any]]
    #expect(items?.first?["title"] as? String == Self.hostileTitle)
  }
}
