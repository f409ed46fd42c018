#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shell's `~` in a path argument: `~` and `~/...` are the user's home (`HOME`, else the
/// account's), `~name/...` that user's; anything else, or an unknown user, is left as written.
/// Trailing slashes go, as Foundation's `expandingTildeInPath` drops them.
enum TildeExpansion {
  static func expand(_ path: String, environment: [String: String]) -> String {
    guard path.hasPrefix("~") else { return path }
    let afterTilde = path.dropFirst()
    let name = afterTilde.prefix { $0 != "/" }
    let rest = afterTilde.dropFirst(name.count)
    guard let home = name.isEmpty ? userHome(environment: environment) : home(ofUser: String(name)) else { return path }
    var expanded = home + rest
    while expanded.count > 1 && expanded.hasSuffix("/") { expanded.removeLast() }
    return expanded
  }

  /// `HOME`, else the home of this process's account.
  static func userHome(environment: [String: String]) -> String? {
    if let home = environment["HOME"], !home.isEmpty { return home }
    #if canImport(Glibc)
      // A static executable must not load NSS modules (AccountFile).
      return AccountFile.home(ofUserID: getuid())
    #elseif canImport(Darwin)
      guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
      return String(cString: directory)
    #endif
  }

  private static func home(ofUser name: String) -> String? {
    #if canImport(Glibc)
      return AccountFile.home(ofUser: name)
    #elseif canImport(Darwin)
      guard let entry = getpwnam(name), let directory = entry.pointee.pw_dir else { return nil }
      return String(cString: directory)
    #endif
  }
}
