import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's peak resident set size, from getrusage.
enum PeakMemory {
  static var bytes: Int {
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    #else
      guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
    #endif
    #if canImport(Darwin)
      return Int(usage.ru_maxrss)  // bytes on Darwin
    #else
      return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #endif
  }
}
