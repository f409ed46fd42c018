import Foundation
import Testing

@testable import DuoKBCLI

/// Every example that `help COMMAND` prints, and the manual with it, is run on the sample
/// corpus with the built `duo-kb`, in /bin/sh, and ends with the status it documents.
@Suite struct ExamplesRunTests {
  /// The example lines of `help NAME`'s EXAMPLES section, as printed.
  static func printedExamples(of name: String) async -> [String] {
    let run = await runCLI(["help", name])
    guard let section = run.stdout.range(of: "\nEXAMPLES:\n") else { return [] }
    return run.stdout[section.upperBound...].split(separator: "\n").filter { $0.hasPrefix("  duo-kb ") }.map {
      String($0.dropFirst(2))
    }
  }

  @Test func everyPrintedExampleRunsOnTheSampleCorpus() async throws {
    let shell = try SampleShell()
    var ran = 0
    for command in CommandRegistry.commands {
      let printed = await Self.printedExamples(of: command.name)
      #expect(printed == CommandExamples.of(command).map(\.line), "\(command.name): help prints its examples")
      for line in printed {
        let example = try #require(CommandExamples.of(command).first { $0.line == line })
        let finished = try shell.run(line)
        #expect(
          finished.status == example.status.rawValue, "\(line): exit status \(finished.status)\n\(finished.stderr)")
        #expect(!finished.stdout.isEmpty || line.contains(">") || line.contains("--browser"), "\(line) prints nothing")
        ran += 1
      }
    }
    #expect(ran >= 10, "only \(ran) examples")
    // The --browser example ran the opener, with the talk's page as its one argument.
    #expect(shell.opened() == ["https://developer.apple.com/videos/play/tech-talks/111463/"])
  }

  @Test func theManualHasEveryExampleOfHelp() async throws {
    let manual = ManualPage.roff()
    let section = try #require(manual.range(of: ".SH EXAMPLES\n"))
    let end = try #require(manual[section.upperBound...].range(of: "\n.SH "))
    let shown = manual[section.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix(".B ") }
    var printed: [String] = []
    for command in CommandRegistry.commands { printed += await Self.printedExamples(of: command.name) }
    #expect(shown.map(String.init) == printed.map { ".B \(ManualPage.quotedArgument($0))" })
    #expect(printed.count == CommandExamples.table.values.map(\.count).reduce(0, +), "an example of no command")
  }

  @Test func manualQuotesAnExampleAsOneArgument() {
    #expect(ManualPage.quotedArgument(#"duo-kb search "a b" -x"#) == #""duo\-kb search ""a b"" \-x""#)
  }
}
