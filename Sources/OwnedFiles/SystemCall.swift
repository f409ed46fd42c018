#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's `open`, `read` and `write` under names that no method shadows (inside a
/// type with a `write` or `read` of its own, the bare name means the method).
enum SystemCall {
  static func open(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags)
    #else
      Darwin.open(path, flags)
    #endif
  }

  static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, buffer, count)
    #else
      Darwin.write(descriptor, buffer, count)
    #endif
  }
}
