import DecimalText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Words `refresh` and `status` share: byte counts, and a failure's reason.
package enum RefreshWording {
  package static func bytes(_ count: Int) -> String {
    if count < 10_000 { return "\(count) B" }
    if count < 10_000_000 { return DecimalText.fixed(Double(count) / 1000, decimals: 1) + " kB" }
    return DecimalText.fixed(Double(count) / 1_000_000, decimals: 1) + " MB"
  }

  /// A failure's reason without the source's own URL at its start, since the line names it.
  package static func reason(_ error: String, naming source: String) -> String {
    let prefix = "\(source): "
    return error.hasPrefix(prefix) ? String(error.dropFirst(prefix.count)) : error
  }
}
