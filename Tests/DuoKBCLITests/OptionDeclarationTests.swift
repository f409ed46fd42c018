import Foundation
import Harvest
import Testing

@testable import DuoKBCLI

/// The typed option parser: how a command line becomes a command's checked options, and
/// every way it refuses one, worded as the commands word it.
@Suite struct OptionDeclarationTests {
  struct Sample: CommandOptions {
    var limit = 10
    var verbatim = false
    var hosts: [String] = []
    var format: String?
    var context = 0
    var threshold: Double?
    var color = ColorChoice.auto
    var period: Double?

    static var declarations: [OptionDeclaration<Sample>] {
      [
        .value("limit", "N", short: "n", \.limit, .positiveInteger(atMost: 10), help: ""),
        .flag("verbatim", \.verbatim, help: ""),
        .values("allow-host", "HOST", \.hosts, .text, help: ""),
        .value("format", "FORMAT", \.format, .word(among: ["text", "json"]), help: ""),
        .value(
          "context", "N", short: "C", \.context,
          .integer(in: 0...1_000) { name, text in "--\(name) needs a whole number from 0 to 1000, not '\(text)'" },
          help: ""),
        .value(
          "threshold", "X", \.threshold,
          .number(
            where: { (0...1).contains($0) },
            otherwise: { name, text in "--\(name) takes a number from 0 to 1, not '\(text)'" }),
          help: ""),
        .value("color", "WHEN", \.color, .choice, help: ""),
        .value("deep-every", "DAYS", \.period, .period, help: ""),
      ]
    }

    func validate() throws(UsageError) {
      if verbatim, format == "json" { throw UsageError("--verbatim shows in text only") }
    }
  }

  static func parse(_ arguments: [String]) throws(UsageError) -> (options: Sample, positionals: [String]) {
    let parsed = try ArgumentParser.parse(arguments, options: Sample.declarations.map(\.spec), command: "t")
    return (try Sample.parse(parsed), parsed.positionals)
  }

  @Test func unsetOptionsKeepTheirDefaults() throws {
    let (options, positionals) = try Self.parse([])
    #expect(options.limit == 10 && !options.verbatim && options.hosts.isEmpty && options.format == nil)
    #expect(options.context == 0 && options.threshold == nil && options.color == .auto && options.period == nil)
    #expect(positionals.isEmpty)
  }

  @Test(
    "Every spelling of a value: --opt value, --opt=value, -x value, -xvalue",
    arguments: [["--limit", "3"], ["--limit=3"], ["-n", "3"], ["-n3"]])
  func everySpellingOfAValue(arguments: [String]) throws {
    #expect(try Self.parse(arguments).options.limit == 3)
  }

  @Test func acceptsEveryOptionSpelling() throws {
    let (options, positionals) = try Self.parse(
      ["q", "--limit=3", "--verbatim", "--allow-host", "a", "--allow-host=b", "--", "-x", "-"])
    #expect(positionals == ["q", "-x", "-"])
    #expect(options.limit == 3)
    #expect(options.verbatim)
    #expect(options.hosts == ["a", "b"])
  }

  @Test func valuesArriveTyped() throws {
    #expect(try Self.parse(["--format", "json"]).options.format == "json")
    #expect(try Self.parse(["--format=text"]).options.format == "text")
    #expect(try Self.parse(["-C0"]).options.context == 0)
    #expect(try Self.parse(["-C", "1000"]).options.context == 1_000)
    #expect(try Self.parse(["--threshold", "0.35"]).options.threshold == 0.35)
    #expect(try Self.parse(["--color", "never"]).options.color == .never)
    #expect(try Self.parse(["--deep-every", "12h"]).options.period == 43_200)
    #expect(try Self.parse(["--deep-every=30M"]).options.period == 1_800)
    #expect(try Self.parse(["--deep-every", " 7 "]).options.period == 604_800)
  }

  @Test(
    "Refusals, each worded as the command line says it",
    arguments: [
      (["--limit"], "--limit needs a value (N)"),
      (["-n"], "--limit needs a value (N)"),
      (["--limit", "abc"], "--limit needs a positive whole number, not 'abc'"),
      (["--limit", "0"], "--limit needs a positive whole number, not '0'"),
      (["--limit", "-3"], "--limit needs a positive whole number, not '-3'"),
      (["--limit", "3.5"], "--limit needs a positive whole number, not '3.5'"),
      (["--limit", ""], "--limit needs a positive whole number, not ''"),
      (["--limit", "99999999999999999999"], "--limit needs a positive whole number, not '99999999999999999999'"),
      (["--limit", "11"], "--limit takes at most 10, not 11"),
      (["--limit", "9223372036854775807"], "--limit takes at most 10, not 9223372036854775807"),
      (["--limit", "1", "--limit", "2"], "--limit is given twice"),
      (["--limit=1", "-n2"], "--limit is given twice"),
      (["--limt", "2"], "unknown option '--limt' for 't'"),
      (["-z"], "unknown option '-z' for 't'"),
      (["--verbatim=yes"], "--verbatim takes no value"),
      (["--format", "jsn"], "--format takes text, json, not 'jsn'"),
      (["--context", "1001"], "--context needs a whole number from 0 to 1000, not '1001'"),
      (["-C", "-1"], "--context needs a whole number from 0 to 1000, not '-1'"),
      (
        ["--context", "18446744073709551616"],
        "--context needs a whole number from 0 to 1000, not '18446744073709551616'"
      ),
      (["--threshold", "1.5"], "--threshold takes a number from 0 to 1, not '1.5'"),
      (["--threshold", "nan"], "--threshold takes a number from 0 to 1, not 'nan'"),
      (["--threshold", "inf"], "--threshold takes a number from 0 to 1, not 'inf'"),
      (["--color", "sometimes"], "--color takes auto, always, never, not 'sometimes'"),
      (["--deep-every", "0"], "--deep-every takes a number of days (7), or 12h, 30m, 90s; not '0'"),
      (["--deep-every", "h"], "--deep-every takes a number of days (7), or 12h, 30m, 90s; not 'h'"),
      (["--deep-every", "1e400"], "--deep-every takes a number of days (7), or 12h, 30m, 90s; not '1e400'"),
      (["--verbatim", "--format", "json"], "--verbatim shows in text only"),
    ])
  func refusals(arguments: [String], message: String) {
    let error = #expect(throws: UsageError.self) { try Self.parse(arguments) }
    #expect(error?.summary == message)
  }

  @Test func aMisspeltWordGetsTheNearestOne() {
    let error = #expect(throws: UsageError.self) { try Self.parse(["--format", "jsn"]) }
    #expect(error?.hint == "did you mean 'json'?")
  }

  @Test func theLastRepeatedValueIsNotKeptForAOneValueOption() throws {
    // A repeatable option keeps every value; a one-value option refuses a second (above).
    #expect(try Self.parse(["--allow-host", "a", "--allow-host", "a"]).options.hosts == ["a", "a"])
  }

  @Test(
    "--deep-every reads periods as the refresher's schedule does",
    arguments: ["7", "0.5", "12h", "30m", "90s", "2d", " 3H "])
  func periodAgreesWithTheSchedule(text: String) throws {
    let parsed = try ValueParser<Double>.period.convert(text, "deep-every")
    #expect(parsed == DeepCheckSchedule.seconds(parsing: text))
  }

  @Test func everyCommandNamesEachOptionOnce() {
    for command in CommandRegistry.entries.map(\.command) {
      let names = (command.options + GlobalOptions.all).map(\.name)
      #expect(Set(names).count == names.count, "\(command.name): \(names)")
    }
  }
}

/// Every option is checked before its command starts: a bad value is reported as itself,
/// never after the command has begun (reading the sources list, classifying a URL), and
/// `--help` answers before any value is checked.
@Suite struct OptionsCheckedFirstTests {
  @Test(
    "A bad value is the error, whatever the command would have done first",
    arguments: [
      (["refresh", "--jobs", "65"], "--jobs takes at most 64, not 65"),
      (["refresh", "--timeout", "0"], "--timeout needs a number of seconds, not '0'"),
      (["refresh", "--deep-every", "0"], "--deep-every takes a number of days (7), or 12h, 30m, 90s; not '0'"),
      (["refresh", "--mirror", "nope"], "--mirror takes ORIGINAL=MIRROR (two http or https URLs), not 'nope'"),
      (["setup", "--language", "zz"], "--language needs a language tag such as en, ja, ko or zh-Hans, not 'zz'"),
      (
        ["add", "https://x.example/a", "--allow-host", "a b"],
        "--allow-host takes a host name, IP address or *.domain, not 'a b'"
      ),
      (["serve", "--token", "a", "--token-file", "b"], "give --token or --token-file, not both"),
    ])
  func badValueFirst(arguments: [String], message: String) async throws {
    let home = try ScratchDirectory()
    let run = await runCLI(arguments, environment: ["DUO_KB_HOME": home.url.path])
    #expect(run.status == .usage)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.split(separator: "\n").first.map(String.init) == "duo-kb: error: \(message)", "\(run.stderr)")
    // Nothing was written: the home stays empty.
    #expect((try? FileManager.default.contentsOfDirectory(atPath: home.url.path)) ?? [] == [])
  }

  @Test func helpAnswersBeforeTheValuesAreChecked() async {
    let help = await runCLI(["help", "search"])
    let run = await runCLI(["search", "q", "--limit", "0", "--help"])
    #expect(run.status == .success)
    #expect(run.stdout == help.stdout)
  }
}
