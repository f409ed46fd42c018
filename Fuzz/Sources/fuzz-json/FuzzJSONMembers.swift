import Foundation
import JSON

/// Any bytes through `JSONMembers`, as a refresh reads a document's head: the scan either
/// refuses them or finds members whose ranges lie inside them, and what it selects is a
/// text the scan accepts again. The same bytes through `JSONValue(parsing:)`, as a search
/// reads the index manifest: refused, or a value that reads back equal once written, and
/// an object the scan accepts too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONMembers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  if let value = try? JSONValue(parsing: bytes) {
    var writer = JSONWriter()
    write(value, into: &writer)
    let again = writer.bytes.withUnsafeBytes { try? JSONValue(parsing: $0) }
    precondition(again == value, "a parsed value that does not read back equal")
    if case .object = value { precondition((try? JSONMembers.scan(bytes)) != nil, "an object the scan refuses") }
  }
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

/// `value` as JSON text.
private func write(_ value: JSONValue, into writer: inout JSONWriter) {
  switch value {
  case .null: writer.null()
  case .bool(let flag): writer.bool(flag)
  case .int(let number): writer.number(number)
  case .double(let number): writer.number(number)
  case .string(let text): writer.string(text)
  case .array(let elements):
    writer.beginArray()
    for element in elements { write(element, into: &writer) }
    writer.endArray()
  case .object(let members):
    writer.beginObject()
    for (key, member) in members {
      writer.key(key)
      write(member, into: &writer)
    }
    writer.endObject()
  }
}
