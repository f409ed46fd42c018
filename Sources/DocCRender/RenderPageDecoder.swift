import Foundation
import JSON

/// Reads one DocC render JSON page (the format of
/// `developer.apple.com/tutorials/data/...json`, described by swift-docc's
/// `RenderNode.spec.json`) into a `RenderPage` of plain-text sections.
///
/// Unknown block and inline types, unknown fields and unknown section kinds never fail
/// the page: their text is kept and they are listed in `warnings`. Throws only on input
/// that is not a render node, or is too large, too deep, truncated or not UTF-8.
public struct RenderPageDecoder: Sendable {
  /// `schemaVersion.major` values this decoder reads (swift-docc writes 0.x and 1.x).
  public static let supportedMajorVersions: ClosedRange<Int> = 0...1

  public let limits: DocCLimits

  public init(limits: DocCLimits = .default) {
    self.limits = limits
  }

  public func decode(_ data: Data, url: URL?) throws(DocCRenderError) -> RenderPage {
    let (root, preflightWarnings) = try Self.parse(data, url: url, limits: limits)
    guard case .object(let members) = root else {
      throw .notRenderJSON(url: url, reason: "the top level is not an object")
    }
    guard members["primaryContentSections"]?.arrayValue != nil || members["sections"]?.arrayValue != nil
    else {
      let keys = members.keys.sorted().prefix(8).joined(separator: ", ")
      throw .notRenderJSON(
        url: url, reason: "no primaryContentSections or sections array (keys: \(keys))")
    }
    var warnings = preflightWarnings
    let version = try schemaVersion(root, url: url, warnings: &warnings)
    var walker = RenderTextWalker(references: root["references"])
    walker.warnings = warnings
    return walker.page(from: root, schemaVersion: version)
  }

  private func schemaVersion(
    _ root: JSONValue, url: URL?, warnings: inout [DocCWarning]
  ) throws(DocCRenderError) -> String? {
    guard let version = root["schemaVersion"], version.isObject else {
      warnings.append(.missingSchemaVersion)
      return nil
    }
    let parts = ["major", "minor", "patch"].map { version[$0]?.intValue }
    let text = parts.map { $0.map(String.init) ?? "?" }.joined(separator: ".")
    guard let major = parts[0], Self.supportedMajorVersions.contains(major) else {
      throw .unsupportedSchemaVersion(
        url: url, found: text, supportedMajors: Self.supportedMajorVersions)
    }
    return text
  }

  /// Checks the bytes (`JSONPreflight`) and parses them.
  static func parse(
    _ data: Data, url: URL?, limits: DocCLimits
  ) throws(DocCRenderError) -> (JSONValue, [DocCWarning]) {
    let preflight = try JSONPreflight(url: url, limits: limits).check(data)
    do {
      let object = try JSONSerialization.jsonObject(
        with: preflight.data, options: [.fragmentsAllowed])
      return (JSONValue(jsonObject: object), preflight.warnings)
    } catch {
      let nsError = error as NSError
      let reason = nsError.userInfo["NSDebugDescription"] as? String ?? nsError.localizedDescription
      throw .malformedJSON(url: url, reason: reason)
    }
  }
}
