import Citations
import Corpus
import DuoKBCLI
import Foundation
import Harvest
import KnowledgeBase

/// `duo-kb refresh`, run in the helper executable.
extension RefreshCommand: HelperCommandRunner {
  /// Runs a refresh. `ownsProcess`: this process is the refresh's own (the executable), so
  /// a refresh that does not stop in time ends it (`RefreshWatchdog`).
  static func perform(_ options: Options, _ context: CommandContext, ownsProcess: Bool) async throws -> ExitStatus {
    guard context.positionals.isEmpty else {
      throw UsageError("refresh takes no arguments, got '\(context.positionals[0])'")
    }
    let format = options.format
    let quiet = options.quiet
    let home = context.home
    let store = CorpusStore(directory: home.corpusDirectory)
    let sourcesURL = options.sources.map(context.fileURL) ?? store.sourcesFile
    guard FileManager.default.fileExists(atPath: sourcesURL.path) else {
      throw CommandFailure(
        "no sources list at \(sourcesURL.path)", hint: "add one with 'duo-kb add URL'")
    }
    let list = try SourceList.load(from: sourcesURL)
    let resolved = try StoredSettings.resolve(options.settings, context)
    let settings = resolved.settings
    var configuration = clientConfiguration(context, settings: settings)
    if let seconds = options.timeout { configuration.deadline = .now + .milliseconds(Int(seconds * 1000)) }
    let client = try HTTPClient(configuration: configuration)
    let siteMirror = try mirror(settings.mirrors)
    var schedule = DeepCheckSchedule(isForced: options.deep)
    if let seconds = options.deepEvery { schedule.periodSeconds = seconds }
    let sourceTimeout = options.sourceTimeout ?? Refresher.defaultSourceTimeoutSeconds
    // Stored once every option checked out: a refresh refused for its options remembers nothing.
    try StoredSettings.save(resolved, context)
    let clock = fetchClock(context.environment)
    var refresher = Refresher(
      fetcher: SiteFetcher(client: client, mirror: siteMirror), corpus: store,
      staging: SegmentStaging(directory: RefreshSession.stagingDirectory(inHome: home.url)),
      deepChecks: schedule, sourceTimeoutSeconds: sourceTimeout, now: clock)
    if let languages = settings.languages { refresher.overridingLanguages = languages }
    let session = RefreshSession(
      refresher: refresher, lockFile: RefreshSession.lockFile(inHome: home.url),
      index: KnowledgeBaseRefreshIndex(home: home, store: store), clock: clock)

    let progress = RefreshProgress(reporter: context.reporter, client: client, quiet: quiet || format == "json")
    progress.start()
    let result = await supervise(
      session, list: list, progress: progress, deadline: client.configuration.deadline, ownsProcess: ownsProcess)
    progress.finish()
    let outcome: RefreshSession.Outcome
    switch result {
    case .success(let value): outcome = value
    case .failure(let error): throw CommandFailure(error.description, hint: lockHint(error))
    }
    if let stale = outcome.tookOverLockFrom, !quiet {
      context.reporter.notice("took over the lock left by process \(stale), which is no longer running")
    }
    if let failure = outcome.changeLogFailure {
      context.reporter.warning("could not append to the change log: \(failure)")
    }
    switch format {
    case "json": context.stdout.write(try RefreshReportFormatter.json(outcome))
    default:
      let detail: RefreshReportFormatter.Detail = options.verbose ? .everySource : quiet ? .failures : .summary
      context.stdout.write(RefreshReportFormatter.text(outcome, detail: detail))
    }
    if case .failed(let reason) = outcome.index { context.reporter.error("the index was not rebuilt: \(reason)") }
    if case .failed = outcome.index { return .usage }
    if case .failed(let reason) = outcome.integrity {
      context.reporter.error("the rebuilt index failed its check: \(reason)")
      return .usage
    }
    return outcome.report.hasFailures ? .failure : .success
  }

  /// The lock hint only for a lock held by another refresh; a lock file that cannot be
  /// written (a read-only home, a full disk) is about the home, not about waiting.
  static func lockHint(_ error: RefreshError) -> String {
    if case .locked = error {
      return "wait for it to finish; a lock left by a dead process is taken over automatically"
    }
    if case .symbolicLink = error { return CorpusError.symbolicLinkHint }
    return "refresh writes into the home: check that it exists and is writable"
  }

  /// The client's settings: `settings` (the home's stored ones, or those the command line
  /// gives). A mirror's host is allowed too: `--mirror` names it.
  static func clientConfiguration(_ context: CommandContext, settings: HomeSettings) -> HTTPClientConfiguration {
    var configuration = HTTPClientConfiguration()
    let mirrorHosts = settings.mirrors.compactMap {
      HomeSettings.mirrorParts($0).flatMap { URLComponents(string: $0.mirror)?.host }
    }
    for host in settings.allowHosts + mirrorHosts {
      configuration.allowedHosts = configuration.allowedHosts.adding(host)
    }
    if let jobs = settings.jobs { configuration.maxConnectionsPerHost = jobs }
    if let file = settings.caFile { configuration.caFile = file }
    return configuration.withEnvironmentCAFile(context.environment)
  }

  /// The time recorded as "fetched at": now, or `SOURCE_DATE_EPOCH` when set, so that a
  /// corpus built from fixed inputs is byte for byte reproducible.
  static func fetchClock(_ environment: [String: String]) -> @Sendable () -> Date {
    if let epoch = environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init) {
      let fixed = Date(timeIntervalSince1970: epoch)
      return { fixed }
    }
    return { Date() }
  }

  static func mirror(_ texts: [String]) throws(UsageError) -> SiteMirror {
    var mappings: [SiteMirror.Mapping] = []
    for text in texts {
      guard let mapping = SiteMirror.mapping(parsing: text) else {
        throw UsageError("--mirror takes ORIGINAL=MIRROR (two URLs), not '\(text)'")
      }
      mappings.append(mapping)
    }
    return SiteMirror(mappings)
  }
}
