import DocumentModel
import OwnedFiles

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `Corpus/settings.json`: how this home is refreshed, so that a plain `duo-kb refresh`
/// does what the `setup`, `add` or `refresh` that gave the options did. Beside
/// sources.json (what to harvest) it says where and how to fetch it:
///
/// ```json
/// {"version": 1, "allowHosts": ["127.0.0.1"],
///  "mirrors": ["https://developer.apple.com=http://127.0.0.1:8080"],
///  "caFile": "/etc/ssl/local-ca.pem", "languages": ["en", "ja"], "jobs": 4}
/// ```
///
/// Every field may be left out. The file is read leniently about nothing: a field of the
/// wrong type, an empty or oversized host, a mirror that is not `ORIGINAL=MIRROR` with two
/// http(s) URLs, jobs outside 1...64 make it `.malformed`, naming the field, so that a hand
/// edit gone wrong is caught before a refresh fetches from the wrong place. It is written
/// atomically, and never through a symbolic link.
public struct HomeSettings: Codable, Sendable, Equatable {
  public static let currentVersion = 1
  /// At most this many hosts, mirrors or languages; a file is at most 1 MiB.
  public static let maxEntries = 256
  public static let maxJobs = 64

  public var version: Int
  /// Hosts fetched besides Apple's (`--allow-host`), in the order given.
  public var allowHosts: [String]
  /// `ORIGINAL=MIRROR` (`--mirror`): URLs under ORIGINAL are fetched from MIRROR.
  public var mirrors: [String]
  /// A CA file trusted too (`--cacert`).
  public var caFile: String?
  /// The languages talks that name none are harvested in (`--language`).
  public var languages: [String]?
  /// Connections per host (`--jobs`).
  public var jobs: Int?

  public init(
    allowHosts: [String] = [], mirrors: [String] = [], caFile: String? = nil, languages: [String]? = nil,
    jobs: Int? = nil
  ) {
    version = Self.currentVersion
    self.allowHosts = allowHosts
    self.mirrors = mirrors
    self.caFile = caFile
    self.languages = languages
    self.jobs = jobs
  }

  enum CodingKeys: String, CodingKey {
    case version, allowHosts, mirrors, caFile, languages, jobs
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    allowHosts = try container.decodeIfPresent([String].self, forKey: .allowHosts) ?? []
    mirrors = try container.decodeIfPresent([String].self, forKey: .mirrors) ?? []
    caFile = try container.decodeIfPresent(String.self, forKey: .caFile)
    languages = try container.decodeIfPresent([String].self, forKey: .languages)
    jobs = try container.decodeIfPresent(Int.self, forKey: .jobs)
  }

  /// Nothing stored: every setting at its default.
  public var isEmpty: Bool {
    allowHosts.isEmpty && mirrors.isEmpty && caFile == nil && languages == nil && jobs == nil
  }

  /// `Corpus/settings.json` of a corpus.
  public static func file(of store: CorpusStore) -> URL {
    store.directory.appendingPathComponent("settings.json")
  }

  /// Reads the settings; a missing file is no settings. Nothing below `root` is followed if
  /// it is a symbolic link.
  public static func load(from url: URL, within root: URL) throws(CorpusError) -> HomeSettings {
    let read: Data?
    do {
      read = try OwnedFile.read(url, within: root, limit: 1 << 20)
    } catch {
      throw CorpusError(error)
    }
    guard let data = read else { return HomeSettings() }
    let settings: HomeSettings
    do {
      settings = try JSONDecoder().decode(HomeSettings.self, from: data)
    } catch {
      throw .malformed(path: url.path, reason: "not a settings file: \(ErrorReason.of(error))")
    }
    guard settings.version == currentVersion else {
      throw .unsupportedSourcesVersion(path: url.path, found: settings.version, supported: currentVersion)
    }
    if let problem = settings.problem {
      throw .malformed(path: url.path, reason: problem)
    }
    return settings
  }

  /// Writes the settings atomically, refusing a symbolic link below `root`.
  public func save(to url: URL, within root: URL) throws(CorpusError) {
    if let problem { throw .malformed(path: url.path, reason: problem) }
    let data: Data
    do {
      data = try CorpusStore.encoder.encode(self) + Data("\n".utf8)
    } catch {
      throw .malformed(path: url.path, reason: "cannot encode: \(ErrorReason.of(error))")
    }
    try AtomicFile.write(data, to: url, within: root)
  }

  /// What is wrong with these settings, naming the field; nil when they are sound.
  public var problem: String? {
    for (field, count) in [("allowHosts", allowHosts.count), ("mirrors", mirrors.count)]
    where count > Self.maxEntries {
      return "\(field) lists \(count) entries; at most \(Self.maxEntries)"
    }
    if let host = allowHosts.first(where: { !Self.isHostPattern($0) }) {
      return "allowHosts: '\(CorpusError.shown(host))' is not a host name, IP address or *.domain"
    }
    if let mirror = mirrors.first(where: { Self.mirrorParts($0) == nil }) {
      return "mirrors: '\(CorpusError.shown(mirror))' is not ORIGINAL=MIRROR with two http(s) URLs"
    }
    if let caFile, caFile.isEmpty || caFile.utf8.count > 4096 || caFile.contains("\0") {
      return "caFile: not a file path"
    }
    if let languages {
      if languages.isEmpty || languages.count > Self.maxEntries {
        return "languages: needs 1 to \(Self.maxEntries) language tags"
      }
      if let tag = languages.first(where: { !Self.isLanguageTag($0) }) {
        return "languages: '\(CorpusError.shown(tag))' is not a language tag such as en or zh-Hans"
      }
    }
    if let jobs, !(1...Self.maxJobs).contains(jobs) {
      return "jobs: \(jobs) is not a number of connections from 1 to \(Self.maxJobs)"
    }
    return nil
  }

  /// `example.org`, `127.0.0.1`, `[::1]`, `*.example.org`: letters, digits, `.`, `-`, `:`,
  /// at most 253 bytes.
  public static func isHostPattern(_ text: String) -> Bool {
    var host = Substring(text)
    if host.hasPrefix("*.") { host = host.dropFirst(2) }
    if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
    guard !host.isEmpty, host.utf8.count <= 253 else { return false }
    return host.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-:".unicodeScalars.contains(scalar))
    }
  }

  /// `ORIGINAL=MIRROR` split in two http(s) URLs with hosts; nil otherwise.
  public static func mirrorParts(_ text: String) -> (original: String, mirror: String)? {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, text.utf8.count <= 4096 else { return nil }
    for part in parts {
      guard let components = URLComponents(string: part), let scheme = components.scheme?.lowercased(),
        scheme == "http" || scheme == "https", components.host?.isEmpty == false
      else { return nil }
    }
    return (parts[0], parts[1])
  }

  static func isLanguageTag(_ text: String) -> Bool {
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
    return text.utf8.count <= 35
      && subtags.allSatisfy { subtag in
        (1...8).contains(subtag.count)
          && subtag.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
      }
  }
}

extension HomeSettings {
  /// These settings with `other` given on a command line laid over them: hosts are added
  /// (each once), a mirror replaces the one of the same ORIGINAL, and a CA file, languages
  /// or jobs replace the stored ones.
  public func merging(_ other: HomeSettings) -> HomeSettings {
    var merged = self
    for host in other.allowHosts where !merged.allowHosts.contains(where: { $0.lowercased() == host.lowercased() }) {
      merged.allowHosts.append(host)
    }
    for mirror in other.mirrors {
      let original = Self.mirrorParts(mirror)?.original
      merged.mirrors.removeAll { Self.mirrorParts($0)?.original == original }
      merged.mirrors.append(mirror)
    }
    merged.caFile = other.caFile ?? caFile
    merged.languages = other.languages ?? languages
    merged.jobs = other.jobs ?? jobs
    return merged
  }

  /// These settings without `hosts` (compared ignoring case) and without the mirrors of
  /// `originals` (a mirror's ORIGINAL, or the whole `ORIGINAL=MIRROR`).
  public func forgetting(hosts: [String], mirrors originals: [String]) -> HomeSettings {
    var kept = self
    let lowered = Set(hosts.map { $0.lowercased() })
    kept.allowHosts.removeAll { lowered.contains($0.lowercased()) }
    kept.mirrors.removeAll { mirror in
      originals.contains { $0 == mirror || $0 == Self.mirrorParts(mirror)?.original }
    }
    return kept
  }

  /// The settings as lines for people (`status`): `allowed hosts: 127.0.0.1`; none when
  /// nothing is stored.
  public var describedLines: [String] {
    var lines: [String] = []
    if !allowHosts.isEmpty { lines.append("allowed hosts: " + allowHosts.joined(separator: ", ")) }
    if !mirrors.isEmpty { lines.append("mirrors: " + mirrors.joined(separator: ", ")) }
    if let caFile { lines.append("CA file: \(caFile)") }
    if let languages { lines.append("languages: " + languages.joined(separator: ", ")) }
    if let jobs { lines.append("jobs: \(jobs)") }
    return lines
  }
}
