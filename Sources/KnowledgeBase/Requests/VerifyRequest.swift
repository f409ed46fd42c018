import Citations
import DocumentModel
import SearchIndex

/// A check of a document's quotations, as `duo-kb verify`, `POST /api/verify` and the MCP
/// tool `verify` ask it.
public struct VerifyRequest: Sendable, Equatable {
  /// The document's text.
  public var text: String
  /// Its name in the verdicts.
  public var file: String
  public var toleranceSeconds: Int
  /// Whether a quotation that cannot be checked (no source named) passes.
  public var allowsUnchecked: Bool

  public init(
    text: String, file: String, toleranceSeconds: Int = VerifyRequest.tolerance.defaultValue(on: .cli),
    allowsUnchecked: Bool = false
  ) {
    self.text = text
    self.file = file
    self.toleranceSeconds = toleranceSeconds
    self.allowsUnchecked = allowsUnchecked
  }

  /// How far a quotation's time may be off, in seconds: `--tolerance` on the command line
  /// and in the API, `toleranceSeconds` in MCP.
  public static let tolerance = IntegerField(
    name: "toleranceSeconds", help: "How far a quotation's time may be off", default: 5, minimum: 0, maximum: 3_600,
    names: [.cli: "tolerance", .api: "tolerance"])

  /// The report on the text, its times checked against the cue that holds each first word
  /// of `documents` (the corpus).
  public func report(index: SearchIndex, documents: [Document]) -> VerificationReport {
    let verifier = QuotationVerifier(index: index, documents: documents, toleranceSeconds: toleranceSeconds)
    return VerificationReport(
      checks: [verifier.check(text: text, file: file)], toleranceSeconds: toleranceSeconds,
      allowsUnchecked: allowsUnchecked)
  }
}
