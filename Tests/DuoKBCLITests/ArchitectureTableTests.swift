import Foundation
import Testing

/// ARCHITECTURE.md's module table says what each module depends on; Package.swift says what
/// it really does. The two must agree, so the table is a map a reader can trust.
@Suite struct ArchitectureTableTests {
  /// A target of Package.swift: its kind (`target`, `testTarget`, ...), name and direct
  /// dependencies as written.
  struct PackageTarget: Equatable {
    var kind: String
    var name: String
    var dependencies: Set<String>
  }

  /// Reads every `.target(…)`, `.executableTarget(…)`, `.systemLibrary(…)` and
  /// `.testTarget(…)` call of the manifest: the call's balanced parentheses, its `name:` and
  /// the strings of its `dependencies:` list.
  static func packageTargets(_ manifest: String) -> [PackageTarget] {
    let characters = Array(manifest)
    var targets: [PackageTarget] = []
    for kind in ["target", "executableTarget", "systemLibrary", "testTarget"] {
      let opening = Array(".\(kind)(")
      var index = 0
      while index + opening.count <= characters.count {
        guard Array(characters[index..<(index + opening.count)]) == opening else {
          index += 1
          continue
        }
        var depth = 0
        var end = index + opening.count - 1
        repeat {
          if characters[end] == "(" { depth += 1 }
          if characters[end] == ")" { depth -= 1 }
          end += 1
        } while depth > 0 && end < characters.count
        let call = String(characters[index..<end])
        if let name = firstString(after: "name:", in: call) {
          targets.append(PackageTarget(kind: kind, name: name, dependencies: dependencies(in: call)))
        }
        index = end
      }
    }
    return targets
  }

  private static func firstString(after label: String, in text: String) -> String? {
    guard let labelRange = text.range(of: label) else { return nil }
    let rest = text[labelRange.upperBound...]
    guard let open = rest.firstIndex(of: "\"") else { return nil }
    let afterOpen = rest.index(after: open)
    guard let close = rest[afterOpen...].firstIndex(of: "\"") else { return nil }
    return String(rest[afterOpen..<close])
  }

  private static func dependencies(in call: String) -> Set<String> {
    guard let label = call.range(of: "dependencies:"),
      let open = call[label.upperBound...].firstIndex(of: "["),
      let close = call[open...].firstIndex(of: "]")
    else { return [] }
    return Set(
      call[call.index(after: open)..<close].split(separator: ",").compactMap { item in
        let trimmed = item.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2 else { return nil }
        return String(trimmed.dropFirst().dropLast())
      })
  }

  /// The table's rows: the module in the first column, the backticked names of the third.
  static func tableRows(_ markdown: String) -> [String: Set<String>] {
    var rows: [String: Set<String>] = [:]
    for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 4 else { continue }
      let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      rows[module] = Set(backticked(cells[3]))
    }
    return rows
  }

  private static func backticked(_ text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  @Test func everyModuleIsInTheTableWithExactlyItsDependencies() throws {
    let targets = Self.packageTargets(try RepositoryFile.text("Package.swift"))
    let rows = Self.tableRows(try RepositoryFile.text("ARCHITECTURE.md"))
    let modules = targets.filter { $0.kind != "testTarget" }
    #expect(modules.count >= 15, "the manifest reader found \(modules.count) modules")
    for module in modules {
      let row = rows[module.name]
      #expect(row != nil, "ARCHITECTURE.md has no row for \(module.name)")
      if let row {
        #expect(
          row == module.dependencies,
          "\(module.name): the table says \(row.sorted()), Package.swift says \(module.dependencies.sorted())")
      }
    }
    let unknown = Set(rows.keys).subtracting(modules.map(\.name))
    #expect(unknown.isEmpty, "ARCHITECTURE.md lists modules Package.swift lacks: \(unknown.sorted())")
  }

  /// The modules that are not tests, by name.
  static func moduleGraph() throws -> [String: Set<String>] {
    let targets = packageTargets(try RepositoryFile.text("Package.swift")).filter { $0.kind != "testTarget" }
    return Dictionary(targets.map { ($0.name, $0.dependencies) }, uniquingKeysWith: { first, _ in first })
  }

  /// Every module `name` depends on, directly or not.
  static func reachable(from name: String, in graph: [String: Set<String>]) -> Set<String> {
    var seen: Set<String> = []
    var pending = Array(graph[name] ?? [])
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      pending += graph[next] ?? []
    }
    return seen
  }

  @Test func theModuleGraphHasNoCycle() throws {
    let graph = try Self.moduleGraph()
    for module in graph.keys.sorted() {
      #expect(!Self.reachable(from: module, in: graph).contains(module), "\(module) depends on itself")
    }
  }

  /// The knowledge base sits between the citations and the front ends: each front end
  /// reaches it, and it reaches none of them (nor the harvest, nor the server).
  @Test func theKnowledgeBaseSitsBetweenCitationsAndTheFrontEnds() throws {
    let graph = try Self.moduleGraph()
    let below = Self.reachable(from: "KnowledgeBase", in: graph)
    #expect(below.contains("Citations") && below.contains("SearchIndex") && below.contains("Corpus"))
    for frontEnd in ["MCPServer", "KnowledgeServer", "DuoKBCLI", "DuoKBHarvestCLI", "Harvest", "HTTPServing"] {
      #expect(!below.contains(frontEnd), "KnowledgeBase reaches \(frontEnd)")
    }
    for frontEnd in ["MCPServer", "KnowledgeServer", "DuoKBCLI"] {
      #expect(graph[frontEnd]?.contains("KnowledgeBase") == true, "\(frontEnd) does not depend on KnowledgeBase")
    }
    #expect(!Self.reachable(from: "Citations", in: graph).contains("KnowledgeBase"))
  }

  /// A talk document is made once, by the harvest: the index and the citations read the cue
  /// starts it stores and never link the normalizer, directly or through another module.
  @Test func theIndexNeverNormalizes() throws {
    let graph = try Self.moduleGraph()
    for module in ["SearchIndex", "Citations"] {
      #expect(graph[module] != nil)
      let reached = Self.reachable(from: module, in: graph)
      #expect(!reached.contains("Normalize"), "\(module) reaches \(reached.sorted())")
    }
  }

  @Test func theManifestReaderReadsNamesAndDependencies() {
    let manifest = """
      .target(name: "A"),
      .target(
        name: "B", dependencies: ["A", "C"],
        exclude: ["x.md"]),
      .systemLibrary(name: "C", path: "Sources/C", providers: [.apt(["c-dev"])]),
      .testTarget(name: "BTests", dependencies: ["B"]),
      """
    #expect(
      Self.packageTargets(manifest).sorted { $0.name < $1.name } == [
        PackageTarget(kind: "target", name: "A", dependencies: []),
        PackageTarget(kind: "target", name: "B", dependencies: ["A", "C"]),
        PackageTarget(kind: "testTarget", name: "BTests", dependencies: ["B"]),
        PackageTarget(kind: "systemLibrary", name: "C", dependencies: []),
      ])
  }

  @Test func theTableReaderTakesTheBacktickedNamesOfTheThirdColumn() {
    let table = """
      | module | job | depends on |
      | --- | --- | --- |
      | `A` | parses `x` | Foundation |
      | `B` | joins | `A`, `C` |
      """
    #expect(Self.tableRows(table) == ["A": [], "B": ["A", "C"]])
  }
}
