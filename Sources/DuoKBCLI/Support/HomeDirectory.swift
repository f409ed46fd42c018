import Foundation

/// The directory that holds `Corpus/` and `Index/`.
///
/// In order: `--home DIR`; the `DUO_KB_HOME` variable; the nearest directory at or
/// above the working directory that has `Corpus/sources.json`; else
/// `$XDG_DATA_HOME/duo-kb` (`~/.local/share/duo-kb` when unset).
struct HomeDirectory: Sendable, Equatable {
  enum Origin: String, Sendable { case option, environment, workingDirectory, dataHome }

  let url: URL
  let origin: Origin

  var corpusDirectory: URL { url.appendingPathComponent("Corpus", isDirectory: true) }
  var indexDirectory: URL { url.appendingPathComponent("Index", isDirectory: true) }

  static func resolve(
    option: String?, environment: [String: String], workingDirectory: URL,
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> HomeDirectory {
    if let option, !option.isEmpty {
      return HomeDirectory(url: absolute(option, in: workingDirectory), origin: .option)
    }
    if let variable = environment["DUO_KB_HOME"], !variable.isEmpty {
      return HomeDirectory(url: absolute(variable, in: workingDirectory), origin: .environment)
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
    let dataHome: URL
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      dataHome = URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".local/share", isDirectory: true)
    }
    return HomeDirectory(
      url: dataHome.appendingPathComponent("duo-kb", isDirectory: true), origin: .dataHome)
  }

  private static func absolute(_ path: String, in workingDirectory: URL) -> URL {
    let expanded = (path as NSString).expandingTildeInPath
    if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded, isDirectory: true) }
    return workingDirectory.appendingPathComponent(expanded, isDirectory: true).standardizedFileURL
  }
}
