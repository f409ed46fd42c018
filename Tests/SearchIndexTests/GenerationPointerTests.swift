import Foundation
import Testing

@testable import SearchIndex

/// The name `CURRENT` holds, as the index reads it: the ASCII spaces, tabs and line breaks
/// around it go; anything else is the name's, and a pointer that is not UTF-8 names nothing.
@Suite struct GenerationPointerTests {
  @Test(
    arguments: [
      ("generation-1\n", "generation-1"),
      ("generation-12", "generation-12"),
      ("  generation-2 \r\n", "generation-2"),
      ("\tgeneration-3\t\n\n", "generation-3"),
      ("", ""),
      ("\n \r\t", ""),
      ("generation-4\u{A0}", "generation-4\u{A0}"),  // not ASCII: the name's, so no such folder
      ("gener ation-5\n", "gener ation-5"),
    ] as [(String, String)])
  func readsTheNameBetweenASCIISpaces(text: String, name: String) {
    #expect(IndexDirectory.pointedName(Data(text.utf8)) == name)
  }

  @Test func aPointerThatIsNotUTF8NamesNothing() {
    #expect(IndexDirectory.pointedName(Data([0x67, 0xFF, 0x0A])) == nil)
    #expect(IndexDirectory.pointedName(Data([0xC3])) == nil)
  }
}
