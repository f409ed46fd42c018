import Testing

@testable import Citations

/// An audit checklist in JSON nested deeper than the JSON module's limit (64) is refused
/// before it is decoded; one level less is read.
@Suite struct DeepChecklistTests {
  static func checklist(nesting depth: Int) -> String {
    #"[{"rule":"Keep buttons out of the fold","notes":"#
      + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]"
  }

  @Test("A checklist nested up to the limit is read; one level more is refused, saying why")
  func limit() throws {
    #expect(try AuditChecklist.parse(Self.checklist(nesting: 62)).count == 1)
    #expect {
      try AuditChecklist.parse(Self.checklist(nesting: 10_000))
    } throws: { error in
      "\(error)".contains("nested deeper than 64")
    }
  }
}
