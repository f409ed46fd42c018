/// A token of cue text (W3C WebVTT §6.4 "WebVTT cue text tokenizer").
enum CueTextToken: Equatable {
  case string(String)
  case startTag(name: String, classes: [String], annotation: String?)
  case endTag(name: String)
  case timestamp(String)
}

/// The cue text tokenizer's state machine, over UTF-8 (every byte it tests is ASCII).
/// One method per state; each says whether to emit a token, move on, or stay put.
struct CueTextTokenizer {
  private enum State {
    case data, tag, startTag, startTagClass, startTagAnnotation, endTag, timestampTag
  }

  private enum Step {
    case emit(CueTextToken)
    /// The spec's "next": advance one character and loop.
    case advance
    /// A character reference moved the position itself.
    case stay
  }

  /// The variables of one run of the tokenizer.
  private struct Token {
    var state = State.data
    var result: [UInt8] = []
    var buffer: [UInt8] = []
    var classes: [String] = []
  }

  private let input: UnsafeBufferPointer<UInt8>
  private var position = 0

  init(input: UnsafeBufferPointer<UInt8>) {
    self.input = input
  }

  /// The next token, or `nil` at the end of the input.
  mutating func next() -> CueTextToken? {
    guard position < input.count else { return nil }
    var token = Token()
    while true {
      let c: UInt8? = position < input.count ? input[position] : nil
      let step: Step
      switch token.state {
      case .data: step = data(c, &token)
      case .tag: step = tag(c, &token)
      case .startTag: step = startTag(c, &token)
      case .startTagClass: step = startTagClass(c, &token)
      case .startTagAnnotation: step = startTagAnnotation(c, &token)
      case .endTag: step = endTag(c, &token)
      case .timestampTag: step = timestampTag(c, &token)
      }
      switch step {
      case .emit(let emitted): return emitted
      case .advance: position += 1
      case .stay: break
      }
    }
  }

  private mutating func data(_ c: UInt8?, _ token: inout Token) -> Step {
    switch c {
    case UInt8(ascii: "&"):
      position += 1
      token.result += CharacterReference.consume(input, at: &position) ?? [UInt8(ascii: "&")]
      return .stay
    case UInt8(ascii: "<"):
      if !token.result.isEmpty { return .emit(.string(Self.string(token.result))) }
      token.state = .tag
    case nil:
      return .emit(.string(Self.string(token.result)))
    case let c?:
      token.result.append(c)
    }
    return .advance
  }

  private mutating func tag(_ c: UInt8?, _ token: inout Token) -> Step {
    switch c {
    case 0x09, 0x0A, 0x0C, 0x20: token.state = .startTagAnnotation
    case UInt8(ascii: "."): token.state = .startTagClass
    case UInt8(ascii: "/"): token.state = .endTag
    case let c? where c.isASCIIDigit:
      token.result = [c]
      token.state = .timestampTag
    case UInt8(ascii: ">"), nil:
      if c != nil { position += 1 }
      return .emit(.startTag(name: "", classes: [], annotation: nil))
    case let c?:
      token.result = [c]
      token.state = .startTag
    }
    return .advance
  }

  private mutating func startTag(_ c: UInt8?, _ token: inout Token) -> Step {
    switch c {
    case 0x09, 0x0C, 0x20: token.state = .startTagAnnotation
    case 0x0A:
      token.buffer = [0x0A]
      token.state = .startTagAnnotation
    case UInt8(ascii: "."): token.state = .startTagClass
    case UInt8(ascii: ">"), nil:
      if c != nil { position += 1 }
      return .emit(.startTag(name: Self.string(token.result), classes: [], annotation: nil))
    case let c?:
      token.result.append(c)
    }
    return .advance
  }

  private mutating func startTagClass(_ c: UInt8?, _ token: inout Token) -> Step {
    switch c {
    case 0x09, 0x0A, 0x0C, 0x20, UInt8(ascii: "."):
      token.classes.append(Self.string(token.buffer))
      token.buffer = c == 0x0A ? [0x0A] : []
      if c != UInt8(ascii: ".") { token.state = .startTagAnnotation }
    case UInt8(ascii: ">"), nil:
      if c != nil { position += 1 }
      token.classes.append(Self.string(token.buffer))
      return .emit(
        .startTag(name: Self.string(token.result), classes: token.classes, annotation: nil))
    case let c?:
      token.buffer.append(c)
    }
    return .advance
  }

  private mutating func startTagAnnotation(_ c: UInt8?, _ token: inout Token) -> Step {
    switch c {
    case UInt8(ascii: "&"):
      position += 1
      token.buffer +=
        CharacterReference.consume(input, at: &position, additionalAllowed: UInt8(ascii: ">"))
        ?? [UInt8(ascii: "&")]
      return .stay
    case UInt8(ascii: ">"), nil:
      if c != nil { position += 1 }
      return .emit(
        .startTag(
          name: Self.string(token.result), classes: token.classes,
          annotation: Self.collapsingWhitespace(token.buffer)))
    case let c?:
      token.buffer.append(c)
    }
    return .advance
  }

  private mutating func endTag(_ c: UInt8?, _ token: inout Token) -> Step {
    guard let c, c != UInt8(ascii: ">") else {
      if c != nil { position += 1 }
      return .emit(.endTag(name: Self.string(token.result)))
    }
    token.result.append(c)
    return .advance
  }

  private mutating func timestampTag(_ c: UInt8?, _ token: inout Token) -> Step {
    guard let c, c != UInt8(ascii: ">") else {
      if c != nil { position += 1 }
      return .emit(.timestamp(Self.string(token.result)))
    }
    token.result.append(c)
    return .advance
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
