#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The verdicts of one `verify` run over one or more write-ups: what `duo-kb verify
/// --format json` prints and what the MCP `verify` tool returns, in one shape.
public struct VerificationReport: Sendable, Encodable {
  /// The version of this JSON shape; a change that renames or removes a field bumps it.
  public static let formatVersion = 1

  public var toleranceSeconds: Int
  /// Whether unchecked quotations pass (`--allow-unchecked`).
  public var allowsUnchecked: Bool
  /// The verdicts listed in full (the first `FileCheck.defaultListingLimit`, or the limit
  /// the checks were made with); `total` and `count(_:)` count them all.
  public var verdicts: [QuotationVerdict] { check.verdicts }
  public var passedOver: [PassedOver] { check.passedOver }
  public var total: Int { check.total }
  /// Verdicts and texts passed over that were counted but not listed.
  public var unlistedVerdicts: Int { check.unlistedVerdicts }
  public var unlistedPassedOver: Int { check.unlistedPassedOver }
  private var check: QuotationVerifier.FileCheck

  public init(checks: [QuotationVerifier.FileCheck], toleranceSeconds: Int, allowsUnchecked: Bool = false) {
    self.toleranceSeconds = toleranceSeconds
    self.allowsUnchecked = allowsUnchecked
    check = QuotationVerifier.FileCheck(
      listingLimit: checks.first?.listingLimit ?? QuotationVerifier.FileCheck.defaultListingLimit)
    for fileCheck in checks { check.append(fileCheck) }
  }

  public func count(_ status: QuotationVerdict.Status) -> Int { check.counts[status] ?? 0 }

  /// True when there was something to verify and every quotation is verified (editorial
  /// marks allowed; unchecked ones too with `allowsUnchecked`). Too short ones (a few words
  /// with no time, link or citation id) are counted but fail nothing, and verify nothing.
  public var passed: Bool {
    total - count(.tooShort) > 0
      && QuotationVerdict.Status.allCases.allSatisfy { status in
        count(status) == 0 || status == .verified || status == .verifiedWithMarks || status == .tooShort
          || (allowsUnchecked && status == .unchecked)
      }
  }

  /// `N quotations: V verified, E verified with editorial marks, …, U unchecked`; too
  /// short ones, when there are any, are said not to fail the run.
  public var summary: String {
    let counts = QuotationVerdict.Status.allCases.map { status in
      "\(count(status)) \(status.label)" + (status == .tooShort && count(status) > 0 ? " (not failing)" : "")
    }
    return "\(total) quotation\(total == 1 ? "" : "s"): " + counts.joined(separator: ", ")
  }

  enum CodingKeys: String, CodingKey {
    case version, toleranceSeconds, allowsUnchecked, total, counts, passed, summary, quotations, passedOver, unlisted
  }

  enum UnlistedKeys: String, CodingKey {
    case quotations, passedOver, limit
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.formatVersion, forKey: .version)
    try container.encode(toleranceSeconds, forKey: .toleranceSeconds)
    try container.encode(allowsUnchecked, forKey: .allowsUnchecked)
    try container.encode(total, forKey: .total)
    var counts = container.nestedContainer(keyedBy: StatusKey.self, forKey: .counts)
    for status in QuotationVerdict.Status.allCases {
      try counts.encode(count(status), forKey: StatusKey(stringValue: status.rawValue))
    }
    try container.encode(passed, forKey: .passed)
    try container.encode(summary, forKey: .summary)
    try container.encode(verdicts, forKey: .quotations)
    try container.encode(passedOver, forKey: .passedOver)
    var unlisted = container.nestedContainer(keyedBy: UnlistedKeys.self, forKey: .unlisted)
    try unlisted.encode(unlistedVerdicts, forKey: .quotations)
    try unlisted.encode(unlistedPassedOver, forKey: .passedOver)
    try unlisted.encode(check.listingLimit, forKey: .limit)
  }

  struct StatusKey: CodingKey {
    var stringValue: String
    init(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  /// The report as JSON, keys sorted, for scripts and for the MCP tool alike.
  public func json(pretty: Bool = true) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}

extension QuotationVerdict: Encodable {
  enum CodingKeys: String, CodingKey {
    case file, line, column, quotation, form, status, marks, claimedTime, claimedSeconds, claimedUntilSeconds
    case claimedLink, claimedSource, time, seconds, citation, link, source, sourceID, closest, diff, note
  }

  enum DiffKeys: String, CodingKey {
    case text, edits, omitted, added
  }

  /// Every field is written, null when unknown, so that the shape never changes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(file, forKey: .file)
    try container.encode(line, forKey: .line)
    try container.encode(column, forKey: .column)
    try container.encode(quotation, forKey: .quotation)
    try container.encode(form, forKey: .form)
    try container.encode(status, forKey: .status)
    try container.encode(marks, forKey: .marks)
    try container.encode(claimedTime, forKey: .claimedTime)
    try container.encode(claimedSeconds, forKey: .claimedSeconds)
    try container.encode(claimedUntilSeconds, forKey: .claimedUntilSeconds)
    try container.encode(claimedLink, forKey: .claimedLink)
    try container.encode(claimedSource, forKey: .claimedSource)
    try container.encode(time, forKey: .time)
    try container.encode(milliseconds.map { Double($0) / 1000 }, forKey: .seconds)
    try container.encode(citation?.description, forKey: .citation)
    try container.encode(link, forKey: .link)
    try container.encode(sourceTitle, forKey: .source)
    try container.encode(sourceID, forKey: .sourceID)
    try container.encode(closest, forKey: .closest)
    if let diff {
      var nested = container.nestedContainer(keyedBy: DiffKeys.self, forKey: .diff)
      try nested.encode(diff.rendered, forKey: .text)
      try nested.encode(diff.edits, forKey: .edits)
      try nested.encode(diff.leftOut, forKey: .omitted)
      try nested.encode(diff.added, forKey: .added)
    } else {
      try container.encodeNil(forKey: .diff)
    }
    try container.encode(note, forKey: .note)
  }
}
