#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a web link with the system's opener (`open ID --browser`): `open` on macOS,
/// `xdg-open` elsewhere, found on the PATH of the command's environment and started with
/// `posix_spawn`, never through a shell, with the link as its one argument. Its output goes
/// to stderr, so that nothing it prints lands in a pipeline reading stdout.
enum LinkOpener {
  #if canImport(Darwin)
    static let program = "open"
  #else
    static let program = "xdg-open"
  #endif

  /// Runs the opener on `link` and waits for it; throws when the link is not http(s), the
  /// opener is not found, or it fails.
  static func open(_ link: String, environment: [String: String]) throws(CommandFailure) {
    // Only a web address: nothing from the corpus reaches the opener as an option or a file.
    guard link.hasPrefix("https://") || link.hasPrefix("http://"),
      !link.contains(where: { $0.isWhitespace || $0.isNewline })
    else {
      throw CommandFailure("'\(link)' is not a web link to open", exitStatus: .failure)
    }
    guard let path = executable(program, path: environment["PATH"] ?? "/usr/bin:/bin") else {
      throw CommandFailure(
        "cannot open the link: no \(program) on PATH",
        hint: "run without --browser to print the link", exitStatus: .failure)
    }
    let status = try spawnAndWait(path, arguments: [program, link], environment: environment)
    guard status == 0 else {
      throw CommandFailure(
        "\(program) could not open \(link) (exit status \(status))",
        hint: "run without --browser to print the link", exitStatus: .failure)
    }
  }

  /// The first executable file named `name` in the folders of `path` (a PATH value).
  static func executable(_ name: String, path: String) -> String? {
    for folder in path.split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Starts `path` with `arguments` (argv, its name first) and `environment`, its stdout
  /// joined to stderr, and waits: its exit status, or 128 + the signal that ended it.
  static func spawnAndWait(
    _ path: String, arguments: [String], environment: [String: String]
  ) throws(CommandFailure) -> Int32 {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    var child = pid_t()
    let code = posix_spawn(&child, path, &actions, nil, argv, envp)
    guard code == 0 else {
      throw CommandFailure(
        "cannot start \(path): \(String(cString: strerror(code)))", hint: "run without --browser to print the link",
        exitStatus: .failure)
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 {
      guard errno == EINTR else {
        throw CommandFailure("lost track of \(path): \(String(cString: strerror(errno)))", exitStatus: .failure)
      }
    }
    // The wait status: the low 7 bits name a signal that ended it, else bits 8-15 the exit status.
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
