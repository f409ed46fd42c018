import Foundation
import KnowledgeBase
import Testing

@testable import WebUI

/// The page's files as the binary holds them: in step with `Sources/WebUI/Assets/`, each
/// with the media type of its kind, and nothing in them that reaches beyond the server.
@Suite struct WebAssetsTests {
  static let assetsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/WebUI/Assets")

  static func text(_ path: String) throws -> String {
    let asset = try #require(WebAssets.asset(at: path), "no asset at \(path)")
    return String(decoding: asset.bytes, as: UTF8.self)
  }

  @Test func theBinaryHoldsEveryFileOfAssetsByteForByte() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.assetsFolder.path)
      .filter { !$0.hasPrefix(".") }.sorted()
    #expect(names == WebAssets.files.map(\.name).sorted(), "run scripts/gen-web-assets")
    for name in names {
      let onDisk = try Data(contentsOf: Self.assetsFolder.appendingPathComponent(name))
      let served = try #require(WebAssets.asset(at: WebAssets.path(ofFile: name)))
      let isSame = Array(onDisk) == served.bytes
      #expect(isSame, "\(name) differs from the copy in the binary; run scripts/gen-web-assets")
    }
  }

  @Test(
    "Each kind of file has its media type",
    arguments: [
      ("/", "text/html; charset=utf-8"),
      ("/app.css", "text/css; charset=utf-8"),
      ("/app.js", "text/javascript; charset=utf-8"),
      ("/favicon.svg", "image/svg+xml"),
    ])
  func mediaType(path: String, contentType: String) throws {
    #expect(try #require(WebAssets.asset(at: path)).contentType == contentType)
  }

  @Test func pathsAreUniqueAndRooted() {
    let paths = WebAssets.all.map(\.path)
    #expect(Set(paths).count == paths.count)
    #expect(paths.allSatisfy { $0.hasPrefix("/") && !$0.contains("..") })
  }

  /// Every `http:`, `https:` or protocol-relative `//host` address in a file, bar the XML
  /// namespace an SVG file must name (it is an identifier, never fetched).
  static func externalAddresses(in text: String) throws -> [String] {
    let pattern = try NSRegularExpression(pattern: #"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s"')]*"#)
    let range = NSRange(text.startIndex..., in: text)
    return pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
      .filter { $0 != "http://www.w3.org/2000/svg" }
  }

  @Test func theExternalAddressCheckFindsAddresses() throws {
    #expect(
      try Self.externalAddresses(in: #"<script src="https://cdn.example.com/x.js">"#) == [
        "https://cdn.example.com/x.js"
      ])
    #expect(try Self.externalAddresses(in: "url(//fonts.example.org/a.woff2)") == ["//fonts.example.org/a.woff2"])
    #expect(try Self.externalAddresses(in: #"fetch('/api/search')"#).isEmpty)
  }

  @Test func noFileNamesAnExternalAddress() throws {
    for asset in WebAssets.all {
      let addresses = try Self.externalAddresses(in: String(decoding: asset.bytes, as: UTF8.self))
      #expect(addresses.isEmpty, "\(asset.path) names \(addresses)")
    }
  }

  /// The `href` and `src` values of the page itself.
  static func references(in html: String) throws -> [String] {
    let pattern = try NSRegularExpression(pattern: #"\b(?:href|src)="([^"]*)""#)
    return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
      Range($0.range(at: 1), in: html).map { String(html[$0]) }
    }
  }

  @Test func thePageLoadsOnlyItsOwnAssetsAndLinksWithinItself() throws {
    let html = try Self.text("/")
    let references = try Self.references(in: html)
    #expect(!references.isEmpty)
    for reference in references {
      // The OpenSearch description is written by the server for its own address (OpenSearchTests).
      if reference.hasPrefix("#") || reference == "/opensearch.xml" { continue }
      #expect(WebAssets.asset(at: reference) != nil, "the page references \(reference), which is not served")
    }
  }

  static var scripts: [WebAsset] { WebAssets.all.filter { $0.path.hasSuffix(".js") } }

  static func matches(of pattern: String, in text: String) throws -> [String] {
    let expression = try NSRegularExpression(pattern: pattern)
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test func everyModuleImportIsServed() throws {
    #expect(Self.scripts.count > 1)
    for script in Self.scripts {
      let text = String(decoding: script.bytes, as: UTF8.self)
      for module in try Self.matches(of: #"(?m)^import .* from '\./([^']+)';$"#, in: text) {
        #expect(WebAssets.asset(at: "/" + module) != nil, "\(script.path) imports \(module), which is not served")
      }
    }
  }

  @Test func theScriptsAskOnlyTheirOwnAPI() throws {
    var paths: Set<String> = []
    var fetches = 0
    for script in Self.scripts {
      let text = String(decoding: script.bytes, as: UTF8.self)
      paths.formUnion(try Self.matches(of: #"api\('([^']*)'"#, in: text))
      fetches += text.components(separatedBy: "fetch(").count - 1
      for forbidden in [
        "XMLHttpRequest", "WebSocket", "EventSource", "importScripts", "eval(", "new Function", "import(",
      ] {
        #expect(!text.contains(forbidden), "\(script.path) uses \(forbidden)")
      }
    }
    #expect(paths.isSuperset(of: ["/api/search", "/api/cite", "/api/verify", "/api/documents", "/api/status"]))
    #expect(paths.allSatisfy { $0.hasPrefix("/api/") })
    // One fetch, inside api(); no other way out.
    #expect(fetches == 1)
  }

  @Test func thePageNeedsNoInlineScriptOrStyle() throws {
    let html = try Self.text("/")
    let scripts = try NSRegularExpression(pattern: #"<script\b([^>]*)>"#)
    let tags = scripts.matches(in: html, range: NSRange(html.startIndex..., in: html))
    #expect(tags.count == 1)
    #expect(html.contains(#"<script type="module" src="/app.js"></script>"#))
    for tag in tags {
      let attributes = String(html[Range(tag.range(at: 1), in: html)!])
      #expect(attributes.contains("src="), "an inline script: <script\(attributes)>")
    }
    #expect(!html.contains("<style"))
    #expect(html.range(of: #"\sstyle="#, options: .regularExpression) == nil)
    #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil)
    #expect(!WebAssets.contentSecurityPolicy.contains("unsafe"))
  }

  @Test func everyFieldHasALabelAndThePageALanguage() throws {
    let html = try Self.text("/")
    #expect(html.contains(#"<html lang="en">"#))
    let fields = try NSRegularExpression(pattern: #"<(?:input|select|textarea)\b[^>]*\bid="([^"]+)""#)
    let ids = fields.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
      Range($0.range(at: 1), in: html).map { String(html[$0]) }
    }
    #expect(ids.count >= 7)
    for id in ids {
      #expect(html.contains(#"<label for="\#(id)""#), "no label for #\(id)")
    }
  }

  /// The search field's label is the query syntax's short one (scripts/gen-docs writes it).
  @Test func theSearchLabelIsTheSyntaxsShortLabel() throws {
    let html = try Self.text("/")
    let start = try #require(html.range(of: #"<label for="q">"#))
    let end = try #require(html[start.upperBound...].range(of: "</label>"))
    #expect(String(html[start.upperBound..<end.lowerBound]) == QuerySyntax.shortLabel, "run scripts/gen-docs")
  }
}
