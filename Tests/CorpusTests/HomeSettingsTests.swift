import Corpus
import DuoKBTestSupport
import Foundation
import Testing

/// `Corpus/settings.json`: what a home remembers for refreshes, read strictly and written
/// atomically without following links.
@Suite struct HomeSettingsTests {
  final class Home {
    let scratch: ScratchFolder
    var url: URL { scratch.url }
    init() throws {
      scratch = try ScratchFolder("home-settings")
      try FileManager.default.createDirectory(
        at: url.appendingPathComponent("Corpus"), withIntermediateDirectories: true)
    }
    var file: URL { url.appendingPathComponent("Corpus/settings.json") }
    func write(_ text: String) throws { try Data(text.utf8).write(to: file) }
    func load() throws(CorpusError) -> HomeSettings { try HomeSettings.load(from: file, within: url) }
  }

  @Test func aMissingFileIsNoSettingsAndASavedOneReadsBack() throws {
    let home = try Home()
    #expect(try home.load() == HomeSettings())
    let settings = HomeSettings(
      allowHosts: ["127.0.0.1", "*.example.org", "[::1]"],
      mirrors: ["https://developer.apple.com=http://127.0.0.1:8080"],
      caFile: "/etc/ssl/local.pem", languages: ["en", "zh-Hans"], jobs: 4)
    try settings.save(to: home.file, within: home.url)
    #expect(try home.load() == settings)
    let text = try String(contentsOf: home.file, encoding: .utf8)
    #expect(text.contains("\"allowHosts\""), "documented field names: \(text)")
  }

  @Test func fieldsLeftOutAreDefaults() throws {
    let home = try Home()
    try home.write("{\"version\": 1, \"jobs\": 8}")
    #expect(try home.load() == HomeSettings(jobs: 8))
  }

  @Test(
    "Malformed or hostile files are refused, naming what is wrong",
    arguments: [
      ("", "not a settings file"),
      ("{", "not a settings file"),
      ("[]", "not a settings file"),
      ("{\"allowHosts\": []}", "not a settings file"),
      ("{\"version\": 1, \"allowHosts\": \"127.0.0.1\"}", "not a settings file"),
      ("{\"version\": 1, \"jobs\": \"4\"}", "not a settings file"),
      ("{\"version\": 1, \"jobs\": 99999999999999999999999}", "not a settings file"),
      ("{\"version\": 1, \"jobs\": 0}", "jobs: 0 is not"),
      ("{\"version\": 1, \"jobs\": 65}", "jobs: 65 is not"),
      ("{\"version\": 1, \"jobs\": -3}", "jobs: -3 is not"),
      ("{\"version\": 1, \"allowHosts\": [\"\"]}", "allowHosts: '' is not a host name"),
      ("{\"version\": 1, \"allowHosts\": [\"a b\"]}", "allowHosts: 'a b' is not a host name"),
      ("{\"version\": 1, \"allowHosts\": [\"evil.com/path\"]}", "allowHosts: 'evil.com/path'"),
      ("{\"version\": 1, \"allowHosts\": [\"\\u0000\"]}", "allowHosts: '\u{FFFD}'"),
      ("{\"version\": 1, \"mirrors\": [\"https://developer.apple.com\"]}", "mirrors: 'https://developer.apple.com'"),
      ("{\"version\": 1, \"mirrors\": [\"file:///etc=http://x\"]}", "mirrors: "),
      ("{\"version\": 1, \"caFile\": \"\"}", "caFile: not a file path"),
      ("{\"version\": 1, \"languages\": []}", "languages: needs 1 to 256"),
      ("{\"version\": 1, \"languages\": [\"en_US!\"]}", "languages: 'en_US!' is not a language tag"),
      ("{\"version\": 2}", "version 2; this build reads version 1"),
    ])
  func malformedFilesAreRefused(text: String, reason: String) throws {
    let home = try Home()
    try home.write(text)
    do throws(CorpusError) {
      let settings = try home.load()
      Issue.record("read \(settings) from \(text)")
    } catch {
      #expect(error.description.contains(reason), "\(text): \(error.description)")
      #expect(error.description.hasPrefix(home.file.path), "names the file: \(error.description)")
    }
  }

  @Test func tooManyHostsAndOversizedFilesAreRefused() throws {
    let home = try Home()
    let hosts = (0...HomeSettings.maxEntries).map { "\"h\($0).example\"" }.joined(separator: ",")
    try home.write("{\"version\": 1, \"allowHosts\": [\(hosts)]}")
    #expect(throws: CorpusError.self) { try home.load() }
    try home.write("{\"version\": 1, \"caFile\": \"" + String(repeating: "a", count: 2 << 20) + "\"}")
    #expect(throws: CorpusError.self) { try home.load() }
  }

  @Test func aSymbolicLinkIsNeitherReadNorWrittenThrough() throws {
    let home = try Home()
    let target = home.url.appendingPathComponent("elsewhere.json")
    try Data("{\"version\": 1}".utf8).write(to: target)
    try FileManager.default.createSymbolicLink(at: home.file, withDestinationURL: target)
    #expect(throws: CorpusError.symbolicLink(path: home.file.path)) { try home.load() }
    #expect(throws: CorpusError.symbolicLink(path: home.file.path)) {
      try HomeSettings(jobs: 2).save(to: home.file, within: home.url)
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "{\"version\": 1}")
  }

  @Test func settingsThatDoNotValidateAreNotSaved() throws {
    let home = try Home()
    #expect(throws: CorpusError.self) { try HomeSettings(jobs: 0).save(to: home.file, within: home.url) }
    #expect(!FileManager.default.fileExists(atPath: home.file.path))
  }

  @Test func givenAgainHostsAreAddedMirrorsAndOthersReplaced() {
    let stored = HomeSettings(
      allowHosts: ["127.0.0.1"], mirrors: ["https://developer.apple.com=http://127.0.0.1:1"], caFile: "/a",
      languages: ["en"], jobs: 2)
    let merged = stored.merging(
      HomeSettings(
        allowHosts: ["127.0.0.1", "LOCALHOST"], mirrors: ["https://developer.apple.com=http://127.0.0.1:2"], jobs: 5))
    #expect(merged.allowHosts == ["127.0.0.1", "LOCALHOST"])
    #expect(merged.mirrors == ["https://developer.apple.com=http://127.0.0.1:2"])
    #expect(merged.caFile == "/a" && merged.languages == ["en"] && merged.jobs == 5)
    let forgotten = merged.forgetting(hosts: ["localhost"], mirrors: ["https://developer.apple.com"])
    #expect(forgotten.allowHosts == ["127.0.0.1"] && forgotten.mirrors.isEmpty)
  }

  @Test(
    "A failure's cause is its error without URLs",
    arguments: [
      ("http://127.0.0.1:5/videos/play/a/1/: HTTP status 404", "HTTP status 404"),
      ("not attempted: interrupted", "not attempted: interrupted"),
      ("playlist https://x/y.m3u8 is empty", "playlist is empty"),
      ("https://x/", "https://x/"),
    ])
  func causeOfAnError(error: String, cause: String) {
    #expect(FailureGroup.cause(of: error) == cause)
  }

  @Test func failuresGroupByCauseTheLargestFirst() {
    var failures: [(source: String, error: String)] = [("one", "http://h/1: timed out")]
    for number in 0..<200 {
      failures.append(("talk\(number)", "http://h/t\(number): host 'h' is not in the allow-list"))
    }
    failures.append(("two", "http://h/2: timed out"))
    let groups = FailureGroup.grouping(failures)
    #expect(groups.map(\.count) == [200, 2])
    #expect(groups[0].cause == "host 'h' is not in the allow-list")
    #expect(groups[0].sampled() == "talk0, talk1, talk2 and 197 more")
    #expect(groups[1].sources == ["one", "two"] && groups[1].sampled() == "one, two")
    #expect(FailureGroup.grouping([]).isEmpty)
  }
}
