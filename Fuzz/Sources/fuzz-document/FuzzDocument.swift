import DocumentModel
import Foundation

/// A document file through the reader; what reads must write and read back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let document = try? DocumentFormat.decode(Data(bytes: data, count: size)) else { return 0 }
  let written = DocumentFormat.encode(document)
  guard let again = try? DocumentFormat.decode(written), again == document,
    ContentHash.of(again) == ContentHash.of(document)
  else {
    fatalError("a document read from the input does not read back as itself once written")
  }
  _ = ContentHash.of(document)
  return 0
}
