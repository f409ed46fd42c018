#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// This process's environment variables, for the executable's command line.
enum ProcessEnvironment {
  /// On Linux read from `environ` itself: Foundation's `ProcessInfo` sets up more than a
  /// command needs, and took 3 % of a one-off search. A name given twice has its first
  /// value, as `getenv` answers; an entry without `=` is passed over.
  static func current() -> [String: String] {
    #if canImport(Glibc)
      var variables: [String: String] = [:]
      var entry = environ  // at a process's start an array, empty or not, ended by nil
      while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
          let name = String(text[..<equals])
          if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
        }
        entry += 1
      }
      return variables
    #elseif canImport(Darwin)
      return ProcessInfo.processInfo.environment
    #endif
  }
}
