import Foundation
import Testing

/// `duo-kb` links FoundationEssentials, never the whole of Foundation (whose ICU data a
/// start would relocate: 84.5 MB and 5.3 ms for `--version`, against 35.5 MB and 3.5 ms):
/// every module it links imports Foundation only where FoundationEssentials is missing
/// (macOS), and none imports FoundationNetworking or FoundationXML. One plain
/// `import Foundation` would bring it all back without any build failing.
@Suite struct EssentialsImportsTests {
  /// The lines of `source` that import more of Foundation than `duo-kb` may link: Foundation
  /// outside the `#else` of `#if canImport(FoundationEssentials)`, or FoundationNetworking
  /// or FoundationXML anywhere.
  static func forbiddenImports(_ source: String) -> [String] {
    var found: [String] = []
    /// Where the line is: outside, in the FoundationEssentials branch, or in its `#else`.
    var state = 0
    var depth = 0
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("#if") {
        depth += 1
        if depth == 1 && text == "#if canImport(FoundationEssentials)" { state = 1 }
      } else if text.hasPrefix("#else") || text.hasPrefix("#elseif") {
        if depth == 1 && state == 1 { state = text == "#else" ? 2 : 0 }
      } else if text.hasPrefix("#endif") {
        depth -= 1
        if depth == 0 { state = 0 }
      }
      var words = text.split(separator: " ")[...]
      if words.first == "@testable" || words.first == "@_exported" { words = words.dropFirst() }
      guard words.count == 2, words.first == "import", let module = words.last else { continue }
      switch module {
      case "Foundation" where !(state == 2 && depth == 1), "FoundationNetworking", "FoundationXML":
        found.append(text)
      default: break
      }
    }
    return found
  }

  /// The package modules `duo-kb` links: its target's dependencies, and theirs.
  static func modulesLinked(by executable: String, in targets: [ArchitectureTableTests.PackageTarget]) -> Set<String> {
    let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var linked: Set<String> = []
    var pending = [executable]
    while let name = pending.popLast() {
      guard let target = byName[name], target.kind != "systemLibrary", linked.insert(name).inserted else { continue }
      pending += target.dependencies
    }
    return linked
  }

  @Test func theModulesDuoKBLinksImportFoundationEssentialsOnly() throws {
    let targets = ArchitectureTableTests.packageTargets(try RepositoryFile.text("Package.swift"))
    let linked = Self.modulesLinked(by: "duo-kb", in: targets)
    // The search path at least; the harvest and server modules stay out.
    #expect(linked.isSuperset(of: ["DuoKBCLI", "Citations", "SearchIndex", "Corpus", "DocumentModel", "MCPServer"]))
    #expect(linked.isDisjoint(with: ["Harvest", "DocCRender", "KnowledgeServer", "DuoKBHarvestCLI"]))
    var files = 0
    for module in linked.sorted() {
      let folder = RepositoryFile.url("Sources/" + module)
      let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let file = enumerator?.nextObject() as? URL {
        guard file.pathExtension == "swift" else { continue }
        files += 1
        let forbidden = Self.forbiddenImports(try String(contentsOf: file, encoding: .utf8))
        #expect(forbidden.isEmpty, "\(module)/\(file.lastPathComponent): \(forbidden)")
      }
    }
    #expect(files > 100, "read \(files) files")
  }

  @Test(
    "What may and may not be imported",
    arguments: [
      ("import Foundation", ["import Foundation"]),
      ("@testable import Foundation", ["@testable import Foundation"]),
      ("import FoundationEssentials", []),
      ("import FoundationNetworking", ["import FoundationNetworking"]),
      (
        "#if canImport(FoundationEssentials)\n  import FoundationEssentials\n#else\n  import Foundation\n#endif",
        []
      ),
      // Foundation in the branch that runs where FoundationEssentials exists.
      ("#if canImport(FoundationEssentials)\n  import Foundation\n#endif", ["import Foundation"]),
      // Another condition's #else is not macOS's.
      ("#if canImport(Glibc)\n  import Glibc\n#else\n  import Foundation\n#endif", ["import Foundation"]),
      ("#if canImport(FoundationEssentials)\n#elseif os(Linux)\n  import Foundation\n#endif", ["import Foundation"]),
      // A plain import after the block.
      (
        "#if canImport(FoundationEssentials)\n  import FoundationEssentials\n#else\n  import Foundation\n#endif\nimport Foundation",
        ["import Foundation"]
      ),
      // Nested conditions inside the #else stay in it.
      (
        "#if canImport(FoundationEssentials)\n  import FoundationEssentials\n#else\n  #if os(macOS)\n  #endif\n  import Foundation\n#endif",
        []
      ),
      ("#if canImport(FoundationNetworking)\n  import FoundationNetworking\n#endif", ["import FoundationNetworking"]),
      ("// import Foundation\nlet text = \"import Foundation\"", []),
    ])
  func forbiddenImportsAreFound(source: String, expected: [String]) {
    #expect(Self.forbiddenImports(source) == expected)
  }
}
