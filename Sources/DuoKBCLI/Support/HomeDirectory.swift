#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The directory that holds `Corpus/` and `Index/`.
///
/// In order: `--home DIR`; the `DUO_KB_HOME` variable; the nearest directory at or
/// above the working directory that has `Corpus/sources.json`; else the platform's place
/// for an application's data: `~/Library/Application Support/duo-kb` on macOS,
/// `$XDG_DATA_HOME/duo-kb` elsewhere (`~/.local/share/duo-kb` when unset).
package struct HomeDirectory: Sendable, Equatable {
  enum Origin: String, Sendable { case option, environment, workingDirectory, dataHome }

  /// Whose conventions the default follows.
  enum Platform: Sendable {
    case macOS, other

    static var current: Platform {
      #if os(macOS)
        .macOS
      #else
        .other
      #endif
    }
  }

  package let url: URL
  let origin: Origin

  package var corpusDirectory: URL { url.appendingPathComponent("Corpus", isDirectory: true) }
  package var indexDirectory: URL { url.appendingPathComponent("Index", isDirectory: true) }

  /// Where the home came from, for `duo-kb status`.
  var originDescription: String {
    switch origin {
    case .option: "from --home"
    case .environment: "from DUO_KB_HOME"
    case .workingDirectory: "the nearest directory with Corpus/sources.json at or above the working one"
    case .dataHome: "the default on this system"
    }
  }

  static func resolve(
    option: String?, environment: [String: String], workingDirectory: URL,
    platform: Platform = .current,
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> HomeDirectory {
    if let option, !option.isEmpty {
      return HomeDirectory(url: absolute(option, in: workingDirectory, environment: environment), origin: .option)
    }
    if let variable = environment["DUO_KB_HOME"], !variable.isEmpty {
      return HomeDirectory(
        url: absolute(variable, in: workingDirectory, environment: environment), origin: .environment)
    }
    var directory = workingDirectory.standardizedFileURL
    while true {
      if fileExists(directory.appendingPathComponent("Corpus/sources.json").path) {
        return HomeDirectory(url: directory, origin: .workingDirectory)
      }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path { break }
      directory = parent
    }
    return HomeDirectory(url: defaultURL(environment: environment, platform: platform), origin: .dataHome)
  }

  /// The default home: what the schedule files and `duo-kb status` assume too.
  static func defaultURL(environment: [String: String], platform: Platform = .current) -> URL {
    let user = URL(fileURLWithPath: TildeExpansion.userHome(environment: environment) ?? "/", isDirectory: true)
    let dataHome: URL
    switch platform {
    case .macOS:
      dataHome = user.appendingPathComponent("Library/Application Support", isDirectory: true)
    case .other:
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
      } else {
        dataHome = user.appendingPathComponent(".local/share", isDirectory: true)
      }
    }
    return dataHome.appendingPathComponent("duo-kb", isDirectory: true)
  }

  private static func absolute(_ path: String, in workingDirectory: URL, environment: [String: String]) -> URL {
    let expanded = TildeExpansion.expand(path, environment: environment)
    if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded, isDirectory: true) }
    return workingDirectory.appendingPathComponent(expanded, isDirectory: true).standardizedFileURL
  }
}
