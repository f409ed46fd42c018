/// The kinds of quotation a write-up uses.
public enum QuotationForm: String, Sendable, Codable, CaseIterable {
  /// `“…”`
  case curly
  /// `"…"`
  case straight
  /// `‘…’`, when it is clearly a quotation and not an apostrophe.
  case single
  /// `«…»`
  case guillemets
  /// A Markdown blockquote (`> …`) without quotation marks of its own.
  case blockquote
}

/// Pairs of quotation marks in a block, outside code spans.
///
/// - `“…”` and `«…»` always pair.
/// - `"…"` opens at the start, after a space or one of `([{—–-*_:/`, before a non-space; it
///   closes at the next `"` (which then ends the quotation).
/// - `‘…’` opens like `"` but before a letter, and closes at a `’` that is not followed by a
///   letter (so `don’t` inside is an apostrophe); it holds at least two words.
enum QuotationMarks {
  struct Pair: Sendable {
    var open: Int
    var close: Int
    var form: QuotationForm
  }

  static let maximumQuotationLength = 4_000

  static func pairs(in block: WriteUp.Block) -> [Pair] {
    let characters = block.characters
    var pairs: [Pair] = []
    var index = 0
    while index < characters.count {
      defer { index += 1 }
      guard !block.isCode[index] else { continue }
      let character = characters[index]
      let form: QuotationForm
      switch character {
      case "“": form = .curly
      case "«": form = .guillemets
      case "\"" where opens(characters, at: index, needsLetter: false): form = .straight
      case "‘" where opens(characters, at: index, needsLetter: true): form = .single
      default: continue
      }
      guard let close = closing(of: form, in: block, after: index), close > index + 1 else { continue }
      if form == .single, !characters[index + 1..<close].contains(where: \.isWhitespace) { continue }
      pairs.append(Pair(open: index, close: close, form: form))
      index = close
    }
    return pairs
  }

  private static func opens(_ characters: [Character], at index: Int, needsLetter: Bool) -> Bool {
    guard index + 1 < characters.count else { return false }
    let after = characters[index + 1]
    guard !after.isWhitespace, !needsLetter || after.isLetter else { return false }
    guard index > 0 else { return true }
    let before = characters[index - 1]
    return before.isWhitespace || "([{—–-*_:/".contains(before)
  }

  private static func closing(of form: QuotationForm, in block: WriteUp.Block, after open: Int) -> Int? {
    let characters = block.characters
    let limit = min(characters.count, open + 1 + maximumQuotationLength)
    var index = open + 1
    while index < limit {
      defer { index += 1 }
      if block.isCode[index] { continue }
      let character = characters[index]
      switch form {
      case .curly where character == "”": return index
      case .guillemets where character == "»": return index
      case .straight where character == "\"":
        // `"measured"inch` is no quotation: a closing mark is not followed by a letter.
        if index + 1 < characters.count, characters[index + 1].isLetter { return nil }
        return index
      case .single where character == "’":
        if index + 1 < characters.count, characters[index + 1].isLetter { continue }
        return characters[index - 1].isWhitespace ? nil : index
      case .curly where character == "“", .guillemets where character == "«":
        return nil
      default: continue
      }
    }
    return nil
  }
}
