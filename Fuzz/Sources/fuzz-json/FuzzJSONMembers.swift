import Foundation
import JSON

/// Any bytes through `JSONMembers`, as a refresh reads a document's head: the scan either
/// refuses them or finds members whose ranges lie inside them, and what it selects is a
/// text the scan accepts again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONMembers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  guard let members = try? JSONMembers.scan(bytes) else { return 0 }
  for member in members {
    precondition(member.key.lowerBound >= 0 && member.key.upperBound <= size, "a key outside the input")
    precondition(member.value.lowerBound >= 0 && member.value.upperBound <= size, "a value outside the input")
  }
  let keys = Set(members.prefix(3).map { String(decoding: bytes[$0.key], as: UTF8.self) })
  if let selected = try? JSONMembers.selecting(keys, from: Data(bytes)) {
    let again = selected.withUnsafeBytes { try? JSONMembers.scan($0) }
    precondition(again != nil, "a selection the scan refuses")
  }
  return 0
}
