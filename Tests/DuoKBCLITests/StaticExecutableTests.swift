import Foundation
import Testing

/// On Linux duo-kb is a static executable (Package.swift). glibc answers account and host
/// lookups there by loading the system's NSS modules into it, and that can crash it (a user
/// found in no file did). So no module linked into duo-kb calls one on Linux: homes come
/// from `AccountFile`, an entry's existence from `lstat`. Code for macOS only may.
@Suite struct StaticExecutableTests {
  /// Calls that reach NSS: glibc's account, group and host lookups, and Foundation's calls
  /// that make them (an item's attributes carry its owner's and group's names).
  static let lookups = [
    "getpwnam", "getpwuid", "getpwent", "getgrnam", "getgrgid", "getgrent", "getgrouplist", "initgroups",
    "getaddrinfo", "gethostbyname", "gethostbyaddr", "getnameinfo", "getservbyname", "getlogin",
    "attributesOfItem", "attributesOfFileSystem", "expandingTildeInPath", "homeDirectoryForCurrentUser",
    "homeDirectory(forUser", "NSHomeDirectory", "NSUserName", "NSFullUserName", ".userName", ".fullUserName",
  ]

  /// The lines of Swift `source` that are compiled on Linux, without their comments: the
  /// branches of an `#if` chain that name only Darwin (`canImport(Darwin)`, `os(macOS)`) go.
  static func linuxLines(_ source: String) -> [String] {
    var darwinOnly: [Bool] = []  // one per open `#if`: whether the current branch is Darwin's
    var lines: [String] = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let isDarwin = ["canImport(Darwin)", "os(macOS)"].contains { trimmed.contains($0) && !trimmed.contains("!" + $0) }
      if trimmed.hasPrefix("#if") {
        darwinOnly.append(isDarwin)
        continue
      }
      if trimmed.hasPrefix("#elseif") || trimmed.hasPrefix("#else") {
        if !darwinOnly.isEmpty { darwinOnly[darwinOnly.count - 1] = isDarwin }
        continue
      }
      if trimmed.hasPrefix("#endif") {
        _ = darwinOnly.popLast()
        continue
      }
      guard !darwinOnly.contains(true) else { continue }
      let code = (trimmed.components(separatedBy: "//").first ?? "").trimmingCharacters(in: .whitespaces)
      if !code.isEmpty { lines.append(code) }
    }
    return lines
  }

  @Test func theReaderDropsDarwinBranchesAndComments() {
    let source = """
      let a = getpwnam(name)  // Linux
      #if canImport(Glibc)
        let b = AccountFile.home(ofUser: name)
      #elseif canImport(Darwin)
        let c = getpwnam(name)
      #endif
      #if os(macOS)
        let d = getpwuid(0)
      #else
        let e = 1  // getpwuid
      #endif
      #if !os(macOS)
        let f = 2
      #endif
      /// getpwuid in a comment
      """
    #expect(
      Self.linuxLines(source) == [
        "let a = getpwnam(name)", "let b = AccountFile.home(ofUser: name)", "let e = 1", "let f = 2",
      ])
  }

  @Test func noModuleOfDuoKBLooksUpAnAccountOrAHostOnLinux() throws {
    let graph = try ArchitectureTableTests.moduleGraph()
    let modules = ArchitectureTableTests.reachable(from: "duo-kb", in: graph).union(["duo-kb"])
    #expect(modules.contains("DuoKBCLI") && modules.contains("SearchIndex") && !modules.contains("Harvest"))
    var found: [String] = []
    for module in modules.sorted() {
      let folder = RepositoryFile.url("Sources/\(module)")
      guard
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
          .compactMap({ $0 as? URL }).filter({ $0.pathExtension == "swift" })
      else { continue }
      for file in files {
        let lines = Self.linuxLines(try String(contentsOf: file, encoding: .utf8))
        for line in lines {
          for lookup in Self.lookups where line.contains(lookup) {
            found.append("\(module)/\(file.lastPathComponent): \(line)")
          }
        }
      }
    }
    #expect(found.isEmpty, "NSS lookups in the static executable: \(found)")
  }
}
