import CLibXML2
import Foundation

/// An HTML document parsed by libxml2's HTML parser (error-recovering, no network).
///
/// The tree lives only inside `withParsed`'s body and is freed on every path out of it.
struct HTMLDocument {
  /// The document node; its children are the top-level nodes (usually `<html>`).
  let root: HTMLNode

  /// Parses `html` and runs `body` on the tree; nil when libxml2 builds no document
  /// (empty input).
  ///
  /// Leniency: bytes that are not UTF-8 are replaced by U+FFFD before parsing, whatever
  /// the page declares — Apple serves UTF-8, and this keeps libxml2 from guessing
  /// another encoding halfway through a page.
  /// libxml2 2.9 asks for `xmlInitParser()` once before parsing on several threads; a
  /// static is initialized exactly once, whichever thread comes first.
  private static let libraryInitialized: Void = xmlInitParser()

  static func withParsed<Result>(
    _ html: Data, baseURL: URL,
    _ body: (HTMLDocument) throws(TalkPageError) -> Result
  ) throws(TalkPageError) -> Result? {
    _ = libraryInitialized
    let bytes = Array(String(decoding: html, as: UTF8.self).utf8)
    guard !bytes.isEmpty, bytes.count <= Int(Int32.max) else { return nil }
    let options = Int32(
      bitPattern: HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_NONET.rawValue | HTML_PARSE_RECOVER.rawValue
        | HTML_PARSE_COMPACT.rawValue)
    let parsed = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        htmlReadMemory(
          chars.baseAddress, Int32(chars.count), baseURL.absoluteString, "UTF-8", options)
      }
    }
    guard let document = parsed else { return nil }
    defer { xmlFreeDoc(document) }
    // libxml2 lays out xmlDoc as an xmlNode prefix and walks it as one.
    let root = HTMLNode(pointer: xmlNodePtr(OpaquePointer(document)))
    return try body(HTMLDocument(root: root))
  }
}
