import Citations
import Foundation
import FuzzSupport
import KnowledgeBase
import SearchIndex

/// A query through the parser, the compiler and the search of a small index, with and
/// without --verbatim, and a citation id through the quote path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let index = try? FuzzKnowledgeBase.shared.openIndex().index else { return 0 }
  _ = try? index.answer(text, limit: 10)
  _ = try? index.answer(text, limit: 3, scope: SearchScope(kinds: ["talk"], verbatim: true))
  if let citation = CitationID(parsing: text) { _ = try? index.quote(citation, context: 1) }
  return 0
}
