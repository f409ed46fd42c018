import DocCRender
import DocumentModel
import Normalize

/// A documentation page as the normalizer takes it: the deprecation summary (an aside
/// named `Deprecated`) and the abstract, then the declarations and the parameters each
/// under their own heading, then the page's sections (`Return Value`, `Discussion`, an
/// article's headings), each with Apple's anchor.
///
/// The render JSON gives the declarations and the parameters no heading of their own; the
/// page shows them under `Declaration` and `Parameters`, at the anchors DocC's renderer
/// gives them (`declaration`, `parameters`), which these sections take.
public enum DocumentationSectionInput {
  public static let declarationAnchor = "declaration"
  public static let parametersAnchor = "parameters"

  public static func inputs(from page: RenderPage) -> [HIGSectionInput] {
    var preamble: [HIGBlockInput] = []
    if !page.metadata.deprecationSummary.isEmpty {
      var block = HIGBlockInput(kind: .asideParagraph, text: page.metadata.deprecationSummary, style: "deprecated")
      block.aside = "Deprecated"
      preamble.append(block)
    }
    if !page.abstract.isEmpty { preamble.append(HIGBlockInput(kind: .paragraph, text: page.abstract)) }
    var declarations: [HIGBlockInput] = []
    var parameters: [HIGBlockInput] = []
    var sections: [HIGSectionInput] = []
    for section in page.sections {
      var blocks: [HIGBlockInput] = []
      for block in section.blocks where block.kind != .tabTitle {
        var input = HIGBlockInput(block: block)
        if block.kind == .asideParagraph { input.aside = block.aside?.name }
        if section.heading == nil && section.anchor == nil {
          switch block.kind {
          case .declaration:
            declarations.append(input)
            continue
          case .term, .definition:
            parameters.append(input)
            continue
          default: break
          }
        }
        blocks.append(input)
      }
      if section.heading == nil && section.anchor == nil {
        preamble += blocks
      } else {
        sections.append(
          HIGSectionInput(heading: section.heading, anchor: section.anchor, level: section.level, blocks: blocks))
      }
    }
    var inputs: [HIGSectionInput] = []
    if !preamble.isEmpty { inputs.append(HIGSectionInput(heading: nil, anchor: nil, level: 1, blocks: preamble)) }
    if !declarations.isEmpty {
      inputs.append(HIGSectionInput(heading: "Declaration", anchor: declarationAnchor, level: 2, blocks: declarations))
    }
    if !parameters.isEmpty {
      inputs.append(HIGSectionInput(heading: "Parameters", anchor: parametersAnchor, level: 2, blocks: parameters))
    }
    return inputs + sections
  }

  /// The page's metadata as the document keeps it.
  public static func metadata(of page: RenderPage) -> DocumentationMetadata {
    DocumentationMetadata(
      role: page.role, symbolKind: page.metadata.symbolKind, roleHeading: page.metadata.roleHeading,
      modules: page.metadata.modules,
      platforms: page.metadata.platforms.map {
        PlatformAvailability(
          name: $0.name, introduced: $0.introducedAt, deprecated: $0.deprecatedAt, isDeprecatedFlag: $0.isDeprecated,
          isBeta: $0.isBeta, isUnavailable: $0.isUnavailable)
      },
      deprecationSummary: page.metadata.deprecationSummary.isEmpty ? nil : page.metadata.deprecationSummary)
  }
}
