import AppleSite
import DocCRender
import Foundation
import Normalize

/// DocC render JSON through the decoder, its outline, and the HIG normalizer, as a harvest
/// of a HIG page runs them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocC(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let url = URL(string: "https://developer.apple.com/tutorials/data/design/human-interface-guidelines/layout.json")!
  guard let page = try? RenderPageDecoder().decode(Data(bytes: data, count: size), url: url) else { return 0 }
  _ = page.outline
  let sections = page.sections.map { section in
    HIGSectionInput(
      heading: section.heading, anchor: section.anchor, level: section.level,
      blocks: section.blocks.map { HIGBlockInput(kind: .paragraph, text: $0.text, style: $0.style) })
  }
  let normalizer = HIGNormalizer()
  _ = normalizer.passages(from: sections)
  _ = normalizer.sections(from: sections)
  if let identifier = page.identifierURL { _ = HIGURL.identifier(identifier, matches: url) }
  return 0
}
