// swift-tools-version:6.1
import PackageDescription

/// One library module per stage of the data flow (see ARCHITECTURE.md), and two executables:
/// `duo-kb`, and `duo-kb-harvest` beside it for the commands that harvest (libcurl, libxml2)
/// and `serve` (libmicrohttpd).
let package = Package(
  name: "duo-kb",
  platforms: [.macOS(.v15)],
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
    // Numbers with a fixed count of decimals, as C's printf writes them.
    .target(name: "DecimalText"),
    // Foundation's trimming of whitespace, for the modules that must not link Foundation.
    .target(name: "StringTrimming"),
    // A mutex for the modules that must not link Foundation.
    .target(name: "Locking"),
    .target(name: "HLS", dependencies: ["AppleSite", "DecimalText"]),
    .target(name: "WebVTT"),
    .target(name: "TalkPage", dependencies: ["CLibXML2", "AppleSite"]),
    .target(name: "DocCRender", dependencies: ["JSON"]),
    // The document model the corpus stores and the index reads, and its file format.
    .target(name: "DocumentModel", exclude: ["FORMAT.md"]),
    // Cues or blocks into a Document of passages.
    .target(name: "Normalize", dependencies: ["DocumentModel"]),
    // Files on disk: the home's own files, opened without following symbolic links.
    .target(name: "OwnedFiles"),
    .target(name: "Corpus", dependencies: ["AppleSite", "DocumentModel", "JSON", "Locking", "OwnedFiles"]),
    // All network code.
    .target(
      name: "Harvest",
      dependencies: [
        "CCurl", "AppleSite", "HLS", "WebVTT", "TalkPage", "DocCRender", "DocumentModel", "JSON", "Normalize",
        "Corpus", "OwnedFiles",
      ],
      exclude: ["Refresh/REFRESH.md"]),
    .target(
      name: "SearchIndex",
      dependencies: ["AppleSite", "DocumentModel", "Locking", "OwnedFiles"],
      exclude: ["FORMAT.md", "Search/EVALUATION.md"]),
    .target(
      name: "Citations",
      dependencies: [
        "AppleSite", "DecimalText", "JSON", "SearchIndex", "Corpus", "DocumentModel", "StringTrimming",
      ],
      exclude: ["QUOTATIONS.md"]),
    // The home (corpus and index kept in step) and its answers: what every front end asks.
    .target(
      name: "KnowledgeBase",
      dependencies: [
        "AppleSite", "Citations", "Corpus", "DocumentModel", "JSON", "Locking", "Normalize", "SearchIndex",
        "StringTrimming",
      ]),
    // The knowledge base as a Model Context Protocol server (stdio).
    .target(
      name: "MCPServer",
      dependencies: ["AppleSite", "Citations", "KnowledgeBase", "SearchIndex", "Corpus", "DocumentModel", "JSON"]),
    // An HTTP server over libmicrohttpd that knows nothing of duo-kb.
    .target(name: "HTTPServing", dependencies: ["CMicroHTTPD"]),
    // The knowledge base over HTTP: the JSON API, MCP over Streamable HTTP, static files.
    .target(
      name: "KnowledgeServer",
      dependencies: ["HTTPServing", "MCPServer", "Citations", "KnowledgeBase", "SearchIndex", "JSON"]),
    // The page `duo-kb serve` answers at `/`: Assets/ copied into the binary.
    .target(name: "WebUI", exclude: ["Assets"]),
    .target(
      name: "DuoKBCLI",
      dependencies: [
        "AppleSite", "DecimalText", "DocumentModel", "JSON", "Locking", "OwnedFiles", "Corpus", "SearchIndex",
        "Citations", "KnowledgeBase", "MCPServer", "StringTrimming",
      ]),
    // The code of the commands that harvest or parse, run by `duo-kb-harvest`.
    .target(
      name: "DuoKBHarvestCLI",
      dependencies: [
        "DuoKBCLI", "HLS", "WebVTT", "TalkPage", "DocCRender", "DocumentModel", "Normalize", "Corpus", "Harvest",
        "Citations", "KnowledgeBase", "HTTPServing", "KnowledgeServer", "WebUI",
      ]),
    // Settings of a whole process, which each executable makes at its start.
    .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
    .target(name: "ProcessTuning", dependencies: ["CMalloc"]),
    // A release build on Linux links duo-kb as a static executable: no dynamic loader runs
    // at its start (loading libstdc++ alone costs 0.8 ms), and `duo-kb --version` takes
    // 1.6 ms instead of 3.4, a one-off search 3.9 instead of 5.6 (docs/BENCHMARKS.md,
    // "Process start-up"). It links no library of its own: duo-kb-harvest, beside it, keeps
    // libcurl, libxml2 and libmicrohttpd. macOS has no static executables.
    .executableTarget(
      name: "duo-kb", dependencies: ["DuoKBCLI", "ProcessTuning"],
      linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]),
    .executableTarget(name: "duo-kb-harvest", dependencies: ["DuoKBHarvestCLI", "ProcessTuning"]),
    // The transport benchmark that scripts/bench-harvest runs (a release build).
    .executableTarget(
      name: "duo-kb-bench-harvest", dependencies: ["Harvest", "Corpus", "DocumentModel", "DuoKBTestSupport"]),
    // Benchmark of the index against SQLite FTS5 (scripts/bench-search).
    .executableTarget(
      name: "duo-kb-bench",
      dependencies: [
        "SearchIndex", "Citations", "KnowledgeBase", "DocumentModel", "Corpus", "CSQLite3", "DuoKBTestSupport",
        "ProcessTuning",
      ]),

    // For tests and benchmarks only: the loopback server, the fixture site, corpus generators.
    .target(name: "DuoKBTestSupport", dependencies: ["CSQLite3", "DocumentModel"]),
    // For tests only: the size tags (small, medium, large) that scripts/test runs suites by.
    .target(name: "DuoKBTestSizes"),
    .testTarget(name: "DuoKBTestSupportTests", dependencies: ["DuoKBTestSupport", "DuoKBTestSizes"]),
    .testTarget(name: "AppleSiteTests", dependencies: ["AppleSite", "DocumentModel", "DuoKBTestSupport"]),
    .testTarget(name: "DecimalTextTests", dependencies: ["DecimalText"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "DuoKBTestSupport"]),
    .testTarget(name: "HLSTests", dependencies: ["HLS", "DuoKBTestSupport"], exclude: ["Golden"]),
    .testTarget(
      name: "WebVTTTests", dependencies: ["WebVTT", "DuoKBTestSupport"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "TalkPageTests", dependencies: ["TalkPage", "DuoKBTestSupport"],
      exclude: ["Golden"], resources: [.copy("Fixtures")]),
    .testTarget(
      name: "DocCRenderTests", dependencies: ["DocCRender", "DuoKBTestSupport"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(
      name: "NormalizeTests",
      dependencies: ["Normalize", "DocumentModel", "DocCRender", "Harvest", "WebVTT", "DuoKBTestSupport"],
      exclude: ["Fixtures", "Golden"]),
    .testTarget(name: "DocumentModelTests", dependencies: ["DocumentModel"], exclude: ["Fixtures"]),
    .testTarget(name: "OwnedFilesTests", dependencies: ["OwnedFiles", "DuoKBTestSupport"]),
    .testTarget(
      name: "CorpusTests", dependencies: ["Corpus", "DocumentModel", "Normalize", "SearchIndex", "DuoKBTestSupport"]),
    .testTarget(
      name: "HarvestTests",
      dependencies: [
        "Harvest", "Corpus", "DocumentModel", "Normalize", "TalkPage", "DuoKBTestSupport", "DuoKBTestSizes",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "SearchIndexTests",
      dependencies: ["SearchIndex", "DocumentModel", "Normalize", "DuoKBTestSupport", "DuoKBTestSizes"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CitationsTests",
      dependencies: [
        "Citations", "KnowledgeBase", "AppleSite", "Corpus", "DocumentModel", "Normalize", "SearchIndex",
        "DuoKBTestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "DuoKBCLITests",
      dependencies: [
        "DuoKBCLI", "DuoKBHarvestCLI", "JSON", "Citations", "KnowledgeBase", "Corpus", "DocCRender", "DocumentModel",
        "HLS", "Harvest",
        "MCPServer",
        "Normalize", "SearchIndex", "TalkPage", "WebVTT", "DuoKBTestSupport", "DuoKBTestSizes",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "MCPServerTests",
      dependencies: [
        "MCPServer", "JSON", "Citations", "KnowledgeBase", "Corpus", "DocumentModel", "DuoKBCLI", "DuoKBTestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "KnowledgeServerTests",
      dependencies: [
        "KnowledgeServer", "HTTPServing", "Citations", "KnowledgeBase", "DocumentModel", "DuoKBCLI", "DuoKBTestSupport",
      ]),
    .testTarget(
      name: "WebUITests",
      dependencies: [
        "WebUI", "DuoKBHarvestCLI", "KnowledgeServer", "HTTPServing", "Citations", "KnowledgeBase", "DuoKBTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
