#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `duo-kb refresh`: brings the corpus up to date with every source, then rebuilds the
/// index; safe to run unattended (one at a time, atomic, interruptible).
package enum RefreshCommand: Command {
  package static let name = "refresh"
  package static let summary = "Harvest every source in sources.json into the corpus"
  package static let usage =
    "[--sources FILE] [--deep] [--deep-every DAYS] [--timeout SECONDS] [--source-timeout SECONDS] [--quiet|--verbose] [--format text|json]"
  package static let discussion = """
    Walks each talk page to its subtitle track and each HIG page's render JSON, and writes
    the documents into Corpus/ atomically; a source that fails keeps its previous copy, and
    a talk's segments that did arrive are tried again at the end, then kept for the next
    refresh (.refresh-staging/ in the home). A change of title, summary or URL is a change.
    Conditional requests make an unchanged source cost one small request. Talks whose last
    deep check is older than --deep-every also revalidate every playlist and segment (about
    a seventh of them each day, for the default of 7 days); --deep does it for all.
    Catalog sources add every matching talk. A talk page that is gone upstream keeps its
    document, marked removed. The index is rebuilt when the corpus changed, and each refresh
    appends a line to Corpus/changelog.jsonl.
    The report is one line of counts, then only what needs attention: failures grouped by
    cause (the first sources and how many), sources never found upstream, then what was
    added, changed or marked gone (--verbose lists every source; --format json gives all).
    While it runs, progress goes to stderr: a redrawn line on a terminal, elsewhere (a log,
    CI) a line every 5 seconds.
    --allow-host, --mirror, --cacert, --language and --jobs are remembered in the home
    (Corpus/settings.json; 'duo-kb status' shows them), so a later plain refresh fetches
    the same way: given again, hosts are added and the others replaced; --forget-host,
    --forget-mirror and --forget-settings remove them. A mirror's host is allowed too.
    One refresh runs at a time (the lock is .refresh.lock in the home). SIGINT and SIGTERM
    stop it gracefully: work in flight is dropped, the report is printed, the lock released.
    Exit status: 0 all sources fine, 1 some failed or not attempted (the rest applied),
    2 usage or fatal error (another refresh is running).
    --mirror ORIGINAL=MIRROR fetches URLs under ORIGINAL from MIRROR (a local copy of the
    site) while documents keep the original URLs; the mirror's validators are kept for it.
    """
  /// `refresh`'s options, checked (`setup` takes them too, but `--sources`).
  package struct Options: CommandOptions {
    package var sources: String?
    /// `--jobs`, `--allow-host`, `--language`, `--cacert`, `--mirror` and the `--forget-` options.
    package var settings = SettingsOptions()
    package var format = "text"
    /// Seconds; nil for no deadline.
    package var timeout: Double?
    /// Seconds; nil for the refresher's default.
    package var sourceTimeout: Double?
    package var deep = false
    /// Seconds; nil for the schedule's default.
    package var deepEvery: Double?
    package var quiet = false
    package var verbose = false

    package init() {}

    package static var declarations: [OptionDeclaration<Options>] {
      [
        .value("sources", "FILE", \.sources, .text, help: "the sources list (default: Corpus/sources.json)"),
        SettingsOptions.jobs.within(\.settings),
        SettingsOptions.allowHost(help: "also fetch from HOST (Apple's hosts are allowed); remembered")
          .within(\.settings),
        SettingsOptions.languages(help: "harvest talks that name no language in TAG (default en); repeatable")
          .within(\.settings),
        .value("format", "FORMAT", \.format, .word(among: ["text", "json"]), help: "text or json (default text)"),
        SettingsOptions.caFile.within(\.settings),
        SettingsOptions.mirror.within(\.settings),
        .value(
          "timeout", "SECONDS", \.timeout, seconds,
          help: "start no source after this long; sources left are reported failed"),
        .value(
          "source-timeout", "SECONDS", \.sourceTimeout, seconds,
          help: "give up a source (all its requests and retries) after this long (default 120)"),
        .flag("deep", \.deep, help: "revalidate every playlist and segment of every talk"),
        .value(
          "deep-every", "DAYS", \.deepEvery, .period,
          help: "deep-check each talk this often (default 7; also 12h, 30m)"),
        .flag("quiet", short: "q", \.quiet, help: "print only failures, grouped by cause (for cron mail)"),
        .flag("verbose", \.verbose, help: "list every source with what happened to it"),
      ] + SettingsOptions.forgetting.map { $0.within(\.settings) }
    }

    /// A number of seconds, more than 0 and less than a billion.
    static var seconds: ValueParser<Double> {
      .number(
        where: { $0 > 0 && $0 < 1e9 }, otherwise: { name, text in "--\(name) needs a number of seconds, not '\(text)'" }
      )
    }
  }
}
