// swift-tools-version:6.0
import PackageDescription

/// One library module per stage of the data flow (see ARCHITECTURE.md), and two executables:
/// `duo-kb`, and `duo-kb-harvest` beside it for the commands that harvest (libcurl, libxml2).
let package = Package(
  name: "duo-kb",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "duo-kb", targets: ["duo-kb"]),
    .executable(name: "duo-kb-harvest", targets: ["duo-kb-harvest"]),
    .library(name: "DuoKB", targets: ["DuoKBCLI", "DuoKBHarvestCLI"]),
  ],
  targets: [
    // System C libraries, through module maps.
    .systemLibrary(
      name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
    .systemLibrary(
      name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    .systemLibrary(
      name: "CSQLite3", path: "Sources/CSQLite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .systemLibrary(
      name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),

    // Apple's URL rules: talk page paths, HIG URLs, deep links, collections and their years.
    .target(name: "AppleSite"),
    // Untyped JSON values, for the parsers and the protocols that read JSON by hand.
    .target(name: "JSON"),
    // Parsers: Foundation, JSON or a C module only.
    .target(name: "HLS"),
    .target(name: "WebVTT"),
    .target(name: "TalkPage", dependencies: ["CLibXML2", "AppleSite"]),
    .target(name: "DocCRender", dependencies: ["JSON"]),
    // Cues or blocks into a Document of passages.
    .target(name: "Normalize", dependencies: ["WebVTT", "DocCRender"]),
    // Files on disk: the home's own files, opened without following symbolic links.
    .target(name: "OwnedFiles"),
    .target(name: "Corpus", dependencies: ["AppleSite", "Normalize", "DocCRender", "OwnedFiles"]),
    // All network code.
    .target(
      name: "Harvest",
      dependencies: [
        "CCurl", "AppleSite", "HLS", "WebVTT", "TalkPage", "DocCRender", "Normalize", "Corpus", "OwnedFiles",
      ],
      exclude: ["Refresh/REFRESH.md"]),
    .target(
      name: "SearchIndex", dependencies: ["AppleSite", "Normalize", "OwnedFiles"], exclude: ["Search/EVALUATION.md"]),
    .target(
      name: "Citations", dependencies: ["AppleSite", "SearchIndex", "Corpus", "Normalize"], exclude: ["QUOTATIONS.md"]),
    // The knowledge base as a Model Context Protocol server (stdio).
    .target(
      name: "MCPServer", dependencies: ["AppleSite", "Citations", "SearchIndex", "Corpus", "Normalize", "JSON"]),
    // An HTTP server over libmicrohttpd that knows nothing of duo-kb.
    .target(name: "HTTPServing", dependencies: ["CMicroHTTPD"]),
    // The knowledge base over HTTP: the JSON API, MCP over Streamable HTTP, static files.
    .target(name: "KnowledgeServer", dependencies: ["HTTPServing", "MCPServer", "Citations", "SearchIndex", "JSON"]),
    // The page `duo-kb serve` answers at `/`: Assets/ copied into the binary.
    .target(name: "WebUI", exclude: ["Assets"]),
    // The CLI of every command but those that harvest: no libcurl, no libxml2.
    .target(
      name: "DuoKBCLI",
      dependencies: [
        "AppleSite", "HLS", "Normalize", "OwnedFiles", "Corpus", "SearchIndex", "Citations", "MCPServer",
        "HTTPServing", "KnowledgeServer", "WebUI",
      ]),
    // The code of the commands that harvest or parse, run by `duo-kb-harvest`.
    .target(
      name: "DuoKBHarvestCLI",
      dependencies: [
        "DuoKBCLI", "HLS", "WebVTT", "TalkPage", "DocCRender", "Normalize", "Corpus", "Harvest", "Citations",
      ]),
    .executableTarget(name: "duo-kb", dependencies: ["DuoKBCLI"]),
    .executableTarget(name: "duo-kb-harvest", dependencies: ["DuoKBHarvestCLI"]),
    // The transport benchmark that scripts/bench-harvest runs (a release build).
    .executableTarget(name: "duo-kb-bench-harvest", dependencies: ["Harvest", "Corpus", "DuoKBTestSupport"]),
    // Benchmark of the index against SQLite FTS5 (scripts/bench-search).
    .executableTarget(
      name: "duo-kb-bench", dependencies: ["SearchIndex", "Normalize", "Corpus", "CSQLite3", "DuoKBTestSupport"]),

    .target(name: "DuoKBTestSupport", dependencies: ["CSQLite3", "Normalize"]),
    .testTarget(name: "AppleSiteTests", dependencies: ["AppleSite", "Normalize"]),
    .testTarget(name: "HLSTests", dependencies: ["HLS", "DuoKBTestSupport"], exclude: ["Golden"]),
    .testTarget(
      name: "WebVTTTests", dependencies: ["WebVTT", "Normalize", "DuoKBTestSupport"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "TalkPageTests", dependencies: ["TalkPage", "Normalize", "DuoKBTestSupport"],
      exclude: ["Golden"], resources: [.copy("Fixtures")]),
    .testTarget(
      name: "DocCRenderTests", dependencies: ["DocCRender", "JSON", "DuoKBTestSupport"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "NormalizeTests", dependencies: ["Normalize", "DuoKBTestSupport"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(name: "OwnedFilesTests", dependencies: ["OwnedFiles"]),
    .testTarget(name: "CorpusTests", dependencies: ["Corpus", "DuoKBTestSupport"]),
    .testTarget(name: "HarvestTests", dependencies: ["Harvest", "DuoKBTestSupport"]),
    .testTarget(
      name: "SearchIndexTests", dependencies: ["SearchIndex", "DuoKBTestSupport", "CSQLite3"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CitationsTests", dependencies: ["Citations", "AppleSite", "DuoKBTestSupport"], exclude: ["Golden"]),
    .testTarget(
      name: "DuoKBCLITests", dependencies: ["DuoKBCLI", "DuoKBHarvestCLI", "JSON", "DuoKBTestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "MCPServerTests",
      dependencies: ["MCPServer", "JSON", "Citations", "Corpus", "Normalize", "DuoKBCLI", "DuoKBTestSupport"],
      exclude: ["Golden"]),
    .testTarget(
      name: "KnowledgeServerTests",
      dependencies: [
        "KnowledgeServer", "HTTPServing", "JSON", "Citations", "MCPServer", "DuoKBCLI", "DuoKBTestSupport",
      ]),
    .testTarget(
      name: "WebUITests", dependencies: ["WebUI", "DuoKBCLI", "KnowledgeServer", "HTTPServing", "Citations"]),
  ],
  swiftLanguageModes: [.v6]
)
