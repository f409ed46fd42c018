#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// This process's resident memory, read in one call: `/proc/self/statm` (kept open) on
/// Linux, `task_info` on macOS. Nil where it cannot be read.
enum ResidentMemory {
  static func bytes() -> Int? {
    #if canImport(Darwin)
      var info = mach_task_basic_info()
      var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
      let result = withUnsafeMutablePointer(to: &info) { pointer in
        pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
          task_info(task, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
        }
      }
      return result == KERN_SUCCESS ? Int(info.resident_size) : nil
    #else
      guard statm >= 0 else { return nil }
      // "size resident shared ...", in pages.
      var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
      return withUnsafeMutableBytes(of: &buffer) { raw -> Int? in
        let count = pread(statm, raw.baseAddress, raw.count, 0)
        guard count > 0 else { return nil }
        return residentPages(UnsafeRawBufferPointer(rebasing: raw[..<count])).map { $0 * pageSize }
      }
    #endif
  }

  /// The second number of a `statm` line (resident pages); nil when there is none or it
  /// would overflow.
  static func residentPages(_ line: UnsafeRawBufferPointer) -> Int? {
    var field = 0
    var value = 0
    var digits = 0
    for byte in line {
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        guard field == 1 else { continue }
        let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowB) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
        guard !overflowA && !overflowB else { return nil }
        value = sum
        digits += 1
      } else if byte == UInt8(ascii: " ") {
        if field == 1 { break }
        field += 1
      } else {
        break
      }
    }
    return field == 1 && digits > 0 ? value : nil
  }

  #if canImport(Darwin)
    /// This task's port, asked for once (not through the global `mach_task_self_`, which
    /// older SDKs do not mark safe to share).
    private static let task = task_self_trap()
  #else
    private static let statm: Int32 = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
  #endif
}
