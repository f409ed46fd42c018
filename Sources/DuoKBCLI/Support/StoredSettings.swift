import Corpus

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The options a home remembers (`Corpus/settings.json`, see `HomeSettings`): `add`,
/// `setup` and `refresh` store the ones given, so that the next plain `duo-kb refresh`
/// fetches from the same hosts and mirrors. Given again, hosts are added and the others
/// replaced; `--forget-host`, `--forget-mirror` and `--forget-settings` take them away.
package enum StoredSettings {
  /// The options that change stored settings (part of `refresh`'s and `setup`'s options).
  package static let forgetOptions: [OptionSpec] = [
    .value("forget-host", "HOST", repeatable: true, help: "stop allowing HOST (a stored --allow-host)"),
    .value("forget-mirror", "ORIGINAL", repeatable: true, help: "drop the stored --mirror of ORIGINAL"),
    .flag("forget-settings", help: "drop every stored setting first (hosts, mirrors, CA file, languages, jobs)"),
  ]

  /// The settings the command line gives: hosts as given, mirrors checked, the CA file as
  /// an absolute path, languages as tags.
  /// `languagesAreSettings`: `--language` is the setting (refresh, setup), not a source's
  /// own languages (add).
  package static func given(_ context: CommandContext, languagesAreSettings: Bool = true) throws(UsageError)
    -> HomeSettings
  {
    let arguments = context.arguments
    var settings = HomeSettings()
    for host in arguments.allValues("allow-host") {
      guard HomeSettings.isHostPattern(host) else {
        throw UsageError("--allow-host takes a host name, IP address or *.domain, not '\(host)'")
      }
      settings = settings.merging(HomeSettings(allowHosts: [host]))
    }
    for text in arguments.allValues("mirror") {
      guard HomeSettings.mirrorParts(text) != nil else {
        throw UsageError("--mirror takes ORIGINAL=MIRROR (two http or https URLs), not '\(text)'")
      }
      settings = settings.merging(HomeSettings(mirrors: [text]))
    }
    settings.caFile = arguments.value("cacert").map { context.fileURL($0).path }
    settings.languages = languagesAreSettings ? try arguments.languages() : nil
    settings.jobs = try arguments.positiveInteger("jobs", atMost: HomeSettings.maxJobs)
    return settings
  }

  /// Reads the home's settings and applies what the command line forgets and gives:
  /// the settings to use, and those stored (to `save` them once the command has checked
  /// the rest of its options).
  package static func resolve(_ context: CommandContext, languagesAreSettings: Bool = true) throws
    -> (settings: HomeSettings, stored: HomeSettings)
  {
    let store = CorpusStore(directory: context.home.corpusDirectory)
    let stored = try HomeSettings.load(from: HomeSettings.file(of: store), within: store.home)
    let arguments = context.arguments
    var settings = arguments.has("forget-settings") ? HomeSettings() : stored
    settings = settings.forgetting(
      hosts: arguments.allValues("forget-host"), mirrors: arguments.allValues("forget-mirror"))
    settings = settings.merging(try given(context, languagesAreSettings: languagesAreSettings))
    return (settings, stored)
  }

  /// Writes `resolved.settings` when they differ from what is stored.
  package static func save(_ resolved: (settings: HomeSettings, stored: HomeSettings), _ context: CommandContext)
    throws
  {
    guard resolved.settings != resolved.stored else { return }
    let store = CorpusStore(directory: context.home.corpusDirectory)
    try resolved.settings.save(to: HomeSettings.file(of: store), within: store.home)
  }

  /// `resolve`, then `save`: the settings to use.
  @discardableResult
  package static func update(_ context: CommandContext, languagesAreSettings: Bool = true) throws -> HomeSettings {
    let resolved = try resolve(context, languagesAreSettings: languagesAreSettings)
    try save(resolved, context)
    return resolved.settings
  }

  /// The stored settings, for `status`: nil when the file cannot be read (with why).
  package static func stored(in home: HomeDirectory) -> Result<HomeSettings, CorpusError> {
    let store = CorpusStore(directory: home.corpusDirectory)
    do throws(CorpusError) {
      return .success(try HomeSettings.load(from: HomeSettings.file(of: store), within: store.home))
    } catch {
      return .failure(error)
    }
  }
}
