import AppleSite
import DocCRender
import DocumentModel
import Foundation
import Harvest
import Normalize

/// DocC render JSON through the decoder, its outline, and the HIG normalizer, as a harvest
/// of a HIG page runs them; then as a documentation page: its sections (declarations,
/// parameters, deprecation summary), metadata, the ids of the pages its topic sections list.
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

  let documentationURL = URL(string: "https://developer.apple.com/tutorials/data/documentation/uikit/uiview.json")!
  let inputs = DocumentationSectionInput.inputs(from: page)
  var document = Document(
    id: "doc/uikit/uiview", kind: .doc, title: page.title, url: documentationURL.absoluteString,
    passages: normalizer.passages(from: inputs), sections: normalizer.sections(from: inputs))
  document.documentation = DocumentationSectionInput.metadata(of: page)
  // What a harvest stores must read back as itself.
  guard (try? DocumentFormat.decode(DocumentFormat.encode(document))) == document else {
    fatalError("a documentation page does not read back as itself once written")
  }
  if let identifier = page.identifierURL { _ = DocumentationURL.identifier(identifier, matches: documentationURL) }
  for item in page.topicSections.flatMap(\.items) {
    if let path = DocumentationURL.path(fromIdentifier: item.url ?? item.identifier) {
      _ = try? DocumentID.documentation(path: path)
    }
  }
  return 0
}
