/// A token of cue text (W3C WebVTT §6.4 "WebVTT cue text tokenizer").
enum CueTextToken: Equatable {
  case string(String)
  case startTag(name: String, classes: [String], annotation: String?)
  case endTag(name: String)
  case timestamp(String)
}

/// The cue text tokenizer's state machine, over UTF-8 (every byte it tests is ASCII).
struct CueTextTokenizer {
  private enum State {
    case data, tag, startTag, startTagClass, startTagAnnotation, endTag, timestampTag
  }

  private let input: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(input: UnsafeBufferPointer<UInt8>) {
    self.input = input
  }

  /// The next token, or `nil` at the end of the input.
  mutating func next() -> CueTextToken? {
    guard position < input.count else { return nil }
    var state = State.data
    var result: [UInt8] = []
    var buffer: [UInt8] = []
    var classes: [String] = []
    while true {
      let c: UInt8? = position < input.count ? input[position] : nil
      switch state {
      case .data:
        switch c {
        case UInt8(ascii: "&"):
          position += 1
          if let characters = CharacterReference.consume(input, at: &position) {
            result.append(contentsOf: characters)
          } else {
            result.append(UInt8(ascii: "&"))
          }
          continue
        case UInt8(ascii: "<"):
          if !result.isEmpty { return .string(Self.string(result)) }
          state = .tag
        case nil:
          return .string(Self.string(result))
        case let c?:
          result.append(c)
        }
      case .tag:
        switch c {
        case 0x09, 0x0A, 0x0C, 0x20: state = .startTagAnnotation
        case UInt8(ascii: "."): state = .startTagClass
        case UInt8(ascii: "/"): state = .endTag
        case let c? where c.isASCIIDigit:
          result = [c]
          state = .timestampTag
        case UInt8(ascii: ">"):
          position += 1
          return .startTag(name: "", classes: [], annotation: nil)
        case nil:
          return .startTag(name: "", classes: [], annotation: nil)
        case let c?:
          result = [c]
          state = .startTag
        }
      case .startTag:
        switch c {
        case 0x09, 0x0C, 0x20: state = .startTagAnnotation
        case 0x0A:
          buffer = [0x0A]
          state = .startTagAnnotation
        case UInt8(ascii: "."): state = .startTagClass
        case UInt8(ascii: ">"):
          position += 1
          return .startTag(name: Self.string(result), classes: [], annotation: nil)
        case nil:
          return .startTag(name: Self.string(result), classes: [], annotation: nil)
        case let c?:
          result.append(c)
        }
      case .startTagClass:
        switch c {
        case 0x09, 0x0C, 0x20:
          classes.append(Self.string(buffer))
          buffer = []
          state = .startTagAnnotation
        case 0x0A:
          classes.append(Self.string(buffer))
          buffer = [0x0A]
          state = .startTagAnnotation
        case UInt8(ascii: "."):
          classes.append(Self.string(buffer))
          buffer = []
        case UInt8(ascii: ">"), nil:
          if c != nil { position += 1 }
          classes.append(Self.string(buffer))
          return .startTag(name: Self.string(result), classes: classes, annotation: nil)
        case let c?:
          buffer.append(c)
        }
      case .startTagAnnotation:
        switch c {
        case UInt8(ascii: "&"):
          position += 1
          if let characters = CharacterReference.consume(
            input, at: &position, additionalAllowed: UInt8(ascii: ">"))
          {
            buffer.append(contentsOf: characters)
          } else {
            buffer.append(UInt8(ascii: "&"))
          }
          continue
        case UInt8(ascii: ">"), nil:
          if c != nil { position += 1 }
          return .startTag(
            name: Self.string(result), classes: classes,
            annotation: Self.collapsingWhitespace(buffer))
        case let c?:
          buffer.append(c)
        }
      case .endTag:
        switch c {
        case UInt8(ascii: ">"), nil:
          if c != nil { position += 1 }
          return .endTag(name: Self.string(result))
        case let c?:
          result.append(c)
        }
      case .timestampTag:
        switch c {
        case UInt8(ascii: ">"), nil:
          if c != nil { position += 1 }
          return .timestamp(Self.string(result))
        case let c?:
          result.append(c)
        }
      }
      position += 1
    }
  }

  private static func string(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Leading and trailing ASCII whitespace removed, inner runs made one space.
  private static func collapsingWhitespace(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var pendingSpace = false
    for byte in bytes {
      if byte.isASCIIWhitespace {
        pendingSpace = !output.isEmpty
      } else {
        if pendingSpace { output.append(0x20) }
        pendingSpace = false
        output.append(byte)
      }
    }
    return string(output)
  }
}
