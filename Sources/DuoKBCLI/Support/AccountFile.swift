import OwnedFiles

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

/// Home folders from `/etc/passwd`, read by duo-kb itself.
///
/// On Linux a release build of duo-kb is a static executable (Package.swift), and glibc's
/// `getpwnam` there loads the system's NSS modules into a program that carries its own glibc:
/// a user found in no file crashed it (`--home '~nosuchuser/x'`, a segmentation fault). Static
/// programs read the file instead, and so does duo-kb on Linux: a user served by another
/// source (LDAP, systemd-homed) is not found, so `~name` is left as written and a process
/// without `HOME` uses `/`. macOS keeps `getpwnam`, which asks its directory services.
enum AccountFile {
  /// The file, and the most of it read (a system's is a few kilobytes).
  static let path = "/etc/passwd"
  static let sizeLimit = 4 << 20

  /// The home of the account named `name`, or nil (no such account, or no file).
  static func home(ofUser name: String) -> String? {
    guard let text = read() else { return nil }
    return home(in: text) { fields in fields[0].elementsEqual(name.utf8) }
  }

  /// The home of the account with user id `id`, or nil.
  static func home(ofUserID id: UInt32) -> String? {
    guard let text = read() else { return nil }
    return home(in: text) { fields in userID(fields[2]) == id }
  }

  /// The home (sixth field) of the first line of `text` whose seven fields `matches`; lines
  /// that are not an account (a comment, a NIS `+`/`-` entry, fewer or more fields) and an
  /// empty or relative home are passed over, as glibc's files service passes them over.
  static func home(in text: [UInt8], where matches: ([ArraySlice<UInt8>]) -> Bool) -> String? {
    for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      guard let first = line.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "+"),
        first != UInt8(ascii: "-")
      else { continue }
      let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard fields.count == 7, !fields[0].isEmpty, matches(fields) else { continue }
      let home = fields[5]
      guard home.first == UInt8(ascii: "/"), !home.contains(0),
        let decoded = String(validating: home, as: UTF8.self)
      else { return nil }
      return decoded
    }
    return nil
  }

  /// A user id field: decimal digits that fit in 32 bits, else nil.
  static func userID(_ field: ArraySlice<UInt8>) -> UInt32? {
    guard !field.isEmpty, field.count <= 10 else { return nil }
    var value: UInt32 = 0
    for byte in field {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (sum, carried) = times.addingReportingOverflow(UInt32(byte - UInt8(ascii: "0")))
      guard !overflowed, !carried else { return nil }
      value = sum
    }
    return value
  }

  /// The file's bytes, or nil when it cannot be read or is larger than `sizeLimit`.
  private static func read() -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard let data = try? OwnedFile.readAll(from: descriptor, path: path, limit: sizeLimit) else { return nil }
    return [UInt8](data)
  }
}
