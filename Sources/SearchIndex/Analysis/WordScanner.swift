/// Finds words and compounds in UTF-8 text.
///
/// A *word* is a run of letters, marks and digits (Unicode general categories L*, M*, N*),
/// with an apostrophe (`'`, U+2019, U+02BC) kept inside it when a letter or digit follows
/// (`don't`, `Apple's`), and a period kept between two ASCII digits (`27.1`). A *compound*
/// is words joined by a hyphen (`-`, U+2010, U+2011) or underscore without spaces
/// (`right-to-left`, `snake_case`); each of its words is still a word of its own.
///
/// Han, Hiragana, Katakana and Hangul (`CJKScript`) are written without spaces between
/// words: a run of them is reported apart, as its characters (each with the combining marks
/// that follow it), and ends any Latin word it touches, so `Xcodeで` is the word `Xcode`
/// and the run `で`.
enum WordScanner {
  enum CharacterClass { case word, cjk, apostrophe, joiner, period, separator }

  /// The class of the character at `index` and its length in bytes.
  @inline(__always)
  static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (CharacterClass, Int) {
    let byte = bytes[index]
    if byte < 0x80 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return (.word, 1)
      case UInt8(ascii: "'"): return (.apostrophe, 1)
      case UInt8(ascii: "-"), UInt8(ascii: "_"): return (.joiner, 1)
      case UInt8(ascii: "."): return (.period, 1)
      default: return (.separator, 1)
      }
    }
    let (scalar, length) = decodeScalar(bytes, index)
    guard let scalar else { return (.separator, length) }
    switch scalar.value {
    case 0x2019, 0x02BC: return (.apostrophe, length)
    case 0x2010, 0x2011: return (.joiner, length)
    default: break
    }
    if CJKScript.contains(scalar) { return (.cjk, length) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      return (.word, length)
    default:
      return (.separator, length)
    }
  }

  /// Decodes one scalar; malformed bytes (impossible in a Swift `String`) count as one
  /// separator byte.
  @inline(__always)
  static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (Unicode.Scalar?, Int) {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: return (nil, 1)
    }
    guard index + length <= bytes.count else { return (nil, 1) }
    for offset in 1..<length {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return (nil, 1) }
      value = value << 6 | UInt32(next & 0x3F)
    }
    return (Unicode.Scalar(value), length)
  }

  static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Calls `body` with the byte ranges of the words of each compound, in order, with
  /// `isCJK` false; or of the characters of each CJK run, with `isCJK` true.
  static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ words: [Range<Int>], _ isCJK: Bool) -> Void
  ) {
    scan(bytes) { words, isCJK in
      body(words, isCJK)
      return true
    }
  }

  /// `scan`, stopping once `body` returns false.
  static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, while body: (_ words: [Range<Int>], _ isCJK: Bool) -> Bool
  ) {
    var words: [Range<Int>] = []
    scan(bytes, words: &words, while: body)
  }

  /// `scan(_:while:)` with the buffer of each compound's words given (scans of many texts
  /// share one).
  static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, words: inout [Range<Int>],
    while body: (_ words: [Range<Int>], _ isCJK: Bool) -> Bool
  ) {
    var index = 0
    let count = bytes.count
    while index < count {
      let (startClass, startLength) = classify(bytes, index)
      if startClass == .cjk {
        words.removeAll(keepingCapacity: true)
        index = scanCJKRun(bytes, from: index, into: &words)
        guard body(words, true) else { return }
        continue
      }
      guard startClass == .word else {
        index += startLength
        continue
      }
      words.removeAll(keepingCapacity: true)
      compound: while true {
        let wordStart = index
        index += startLengthOfWord(bytes, index)
        while index < count {
          let (characterClass, length) = classify(bytes, index)
          if characterClass == .word {
            index += length
          } else if characterClass == .apostrophe, index + length < count,
            classify(bytes, index + length).0 == .word
          {
            index += length
          } else if characterClass == .period, index + 1 < count,
            isASCIIDigit(bytes[index - 1]), isASCIIDigit(bytes[index + 1])
          {
            index += 1
          } else {
            break
          }
        }
        words.append(wordStart..<index)
        if index < count {
          let (characterClass, length) = classify(bytes, index)
          if characterClass == .joiner, index + length < count,
            classify(bytes, index + length).0 == .word
          {
            index += length
            continue compound
          }
        }
        break
      }
      guard body(words, false) else { return }
    }
  }

  /// The characters of the CJK run at `start`: each CJK scalar with the marks after it. Returns where the run ends.
  private static func scanCJKRun(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into characters: inout [Range<Int>]
  ) -> Int {
    var index = start
    while index < bytes.count {
      let (characterClass, length) = classify(bytes, index)
      guard characterClass == .cjk else { break }
      var end = index + length
      while end < bytes.count, bytes[end] >= 0x80 {
        let (scalar, markLength) = decodeScalar(bytes, end)
        guard let scalar, isMark(scalar) else { break }
        end += markLength
      }
      characters.append(index..<end)
      index = end
    }
    return index
  }

  /// Combining marks, and the voiced sound marks (`゙`, `゚`, and their half-width forms,
  /// which width folding joins to the kana before them).
  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3099, 0x309A, 0xFF9E, 0xFF9F: return true
    default: break
    }
    return switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  @inline(__always)
  private static func startLengthOfWord(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
    classify(bytes, index).1
  }
}
