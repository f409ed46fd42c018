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
  /// The settings the command line gives: hosts as given, mirrors checked, the CA file as
  /// an absolute path, languages as tags.
  /// `languagesAreSettings`: `--language` is the setting (refresh, setup), not a source's
  /// own languages (add).
  package static func given(_ options: SettingsOptions, _ context: CommandContext, languagesAreSettings: Bool = true)
    -> HomeSettings
  {
    var settings = HomeSettings()
    for host in options.allowHosts { settings = settings.merging(HomeSettings(allowHosts: [host])) }
    for mirror in options.mirrors { settings = settings.merging(HomeSettings(mirrors: [mirror])) }
    settings.caFile = options.caFile.map { context.fileURL($0).path }
    settings.languages = languagesAreSettings ? options.languages : nil
    settings.jobs = options.jobs
    return settings
  }

  /// Reads the home's settings and applies what the command line forgets and gives:
  /// the settings to use, and those stored (to `save` them once the command has checked
  /// the rest of its options).
  package static func resolve(
    _ options: SettingsOptions, _ context: CommandContext, languagesAreSettings: Bool = true
  ) throws -> (settings: HomeSettings, stored: HomeSettings) {
    let store = CorpusStore(directory: context.home.corpusDirectory)
    let stored = try HomeSettings.load(from: HomeSettings.file(of: store), within: store.home)
    var settings = options.forgetSettings ? HomeSettings() : stored
    settings = settings.forgetting(hosts: options.forgetHosts, mirrors: options.forgetMirrors)
    settings = settings.merging(given(options, context, languagesAreSettings: languagesAreSettings))
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
  package static func update(
    _ options: SettingsOptions, _ context: CommandContext, languagesAreSettings: Bool = true
  ) throws -> HomeSettings {
    let resolved = try resolve(options, context, languagesAreSettings: languagesAreSettings)
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

/// The options that give or forget the settings a home remembers, as typed values, each
/// checked as it is parsed; a command declares the ones it takes (`OptionDeclaration`'s
/// `allowHost`, `mirror`, ...) and leaves the others at their defaults.
package struct SettingsOptions: Sendable {
  package var allowHosts: [String] = []
  /// `ORIGINAL=MIRROR`, each checked.
  package var mirrors: [String] = []
  /// As given, made absolute by `StoredSettings.given`.
  package var caFile: String?
  package var languages: [String]?
  package var jobs: Int?
  package var forgetHosts: [String] = []
  package var forgetMirrors: [String] = []
  package var forgetSettings = false

  package init() {}
}

/// The declarations of the settings options, for a command to take as its own with
/// `within(\.settings)`.
extension SettingsOptions {
  package static func allowHost(help: String) -> OptionDeclaration<SettingsOptions> {
    .values(
      "allow-host", "HOST", \.allowHosts,
      ValueParser { text, name throws(UsageError) in
        guard HomeSettings.isHostPattern(text) else {
          throw UsageError("--\(name) takes a host name, IP address or *.domain, not '\(text)'")
        }
        return text
      }, help: help)
  }

  package static var mirror: OptionDeclaration<SettingsOptions> {
    .values(
      "mirror", "ORIGINAL=MIRROR", \.mirrors,
      ValueParser { text, name throws(UsageError) in
        guard HomeSettings.mirrorParts(text) != nil else {
          throw UsageError("--\(name) takes ORIGINAL=MIRROR (two http or https URLs), not '\(text)'")
        }
        return text
      }, help: "fetch URLs under ORIGINAL from MIRROR")
  }

  package static var caFile: OptionDeclaration<SettingsOptions> {
    .value("cacert", "FILE", \.caFile, .text, help: "trust this CA too (also SSL_CERT_FILE)")
  }

  package static var jobs: OptionDeclaration<SettingsOptions> {
    .value(
      "jobs", "N", \.jobs, .positiveInteger(atMost: HomeSettings.maxJobs),
      help: "connections per host (default 6, at most 64)")
  }

  package static func languages(help: String) -> OptionDeclaration<SettingsOptions> {
    .languages(\.languages, help: help)
  }

  /// The options that change stored settings (part of `refresh`'s and `setup`'s options).
  package static var forgetting: [OptionDeclaration<SettingsOptions>] {
    [
      .values("forget-host", "HOST", \.forgetHosts, .text, help: "stop allowing HOST (a stored --allow-host)"),
      .values(
        "forget-mirror", "ORIGINAL", \.forgetMirrors, .text, help: "drop the stored --mirror of ORIGINAL"),
      .flag(
        "forget-settings", \.forgetSettings,
        help: "drop every stored setting first (hosts, mirrors, CA file, languages, jobs)"),
    ]
  }
}
