/// The scripts written without spaces between words, which the analyzer indexes as
/// overlapping character bigrams (as Lucene's CJK bigram filter does): Han (with the
/// iteration marks `々`, `〆`, `〇`), Hiragana, Katakana (full- and half-width, with the
/// prolonged sound mark `ー`) and Hangul.
enum CJKScript {
  @inline(__always)
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF,  // Hangul Jamo
      0x3005...0x3007,  // 々 〆 〇
      0x3041...0x309F,  // Hiragana
      0x30A0...0x30FF,  // Katakana (ー is U+30FC)
      0x3130...0x318F,  // Hangul Compatibility Jamo
      0x31F0...0x31FF,  // Katakana Phonetic Extensions
      0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
      0x4E00...0x9FFF,  // CJK Unified Ideographs
      0xA960...0xA97F,  // Hangul Jamo Extended-A
      0xAC00...0xD7AF,  // Hangul Syllables
      0xD7B0...0xD7FF,  // Hangul Jamo Extended-B
      0xF900...0xFAFF,  // CJK Compatibility Ideographs
      0xFF66...0xFF9F,  // half-width Katakana
      0xFFA0...0xFFDC,  // half-width Hangul
      0x20000...0x3FFFF:  // CJK Unified Ideographs Extensions B and later
      true
    default: false
    }
  }
}
