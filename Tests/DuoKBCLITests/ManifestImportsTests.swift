import Foundation
import Testing

/// Each target of Package.swift declares exactly the modules of the package its sources
/// import: none it does not import (a dependency nobody uses), none it imports undeclared
/// (which builds only while another target happens to bring it along).
@Suite struct ManifestImportsTests {
  /// The modules `source` imports (`import X`, `@testable import X`, inside `#if` too).
  static func imports(_ source: String) -> Set<String> {
    var modules: Set<String> = []
    for line in source.split(separator: "\n") {
      var words = line.split(separator: " ")[...]
      if words.first == "@testable" { words = words.dropFirst() }
      guard words.count == 2, words.first == "import" else { continue }
      modules.insert(String(words[words.index(after: words.startIndex)]))
    }
    return modules
  }

  /// The modules the Swift files under `folder` import.
  static func imports(under folder: URL) throws -> Set<String> {
    var modules: Set<String> = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      modules.formUnion(imports(try String(contentsOf: file, encoding: .utf8)))
    }
    return modules
  }

  @Test func everyTargetDeclaresExactlyThePackageModulesItImports() throws {
    let targets = ArchitectureTableTests.packageTargets(try RepositoryFile.text("Package.swift"))
    let names = Set(targets.map(\.name))
    let compiled = targets.filter { $0.kind != "systemLibrary" }
    #expect(compiled.count >= 30, "the manifest reader found \(compiled.count) targets")
    for target in compiled {
      let folder = RepositoryFile.url((target.kind == "testTarget" ? "Tests/" : "Sources/") + target.name)
      let imported = try Self.imports(under: folder).intersection(names).subtracting([target.name])
      #expect(
        imported == target.dependencies,
        "\(target.name) imports \(imported.sorted()), Package.swift declares \(target.dependencies.sorted())")
    }
  }

  @Test func importsAreReadFromEveryForm() {
    let source = """
      import Foundation
      @testable import Example
      #if canImport(Glibc)
        import Glibc
      #endif
      // import Commented
      let text = "import Quoted"
      """
    #expect(Self.imports(source) == ["Foundation", "Example", "Glibc"])
  }
}
