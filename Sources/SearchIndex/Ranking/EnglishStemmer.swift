/// The English (Porter2) stemmer of the Snowball project, as its published rules describe
/// it (snowballstem.org, "The English (Porter2) stemming algorithm"): `adapting`,
/// `adaptive` and `adapts` all become `adapt`.
///
/// It reads folded words (lower case, no diacritics) and stems ASCII letters only: a word
/// with any other byte (a digit, an apostrophe inside it aside, a non-Latin letter) is
/// returned as it is. Stems are for matching, never shown.
enum EnglishStemmer {
  /// The stem of a folded word.
  static func stem(_ word: [UInt8]) -> [UInt8] {
    var letters = word
    while letters.first == apostrophe { letters.removeFirst() }
    guard letters.count > 2,
      letters.allSatisfy({ ($0 >= a && $0 <= z) || $0 == apostrophe })
    else { return word }
    // (The lists' lengths are checked first: a lookup hashes the whole word.)
    if letters.count <= longestException, let exception = exceptions[letters] { return exception }
    var stemmer = Work(letters)
    stemmer.run()
    return stemmer.word.map { $0 == upperY ? y : $0 }
  }

  static let apostrophe = UInt8(ascii: "'")
  static let a = UInt8(ascii: "a")
  static let z = UInt8(ascii: "z")
  static let y = UInt8(ascii: "y")
  /// A `y` that acts as a consonant (`Y` in the published rules).
  static let upperY = UInt8(ascii: "Y")

  /// Whole words the rules leave to a list (the published exceptions, first list).
  static let exceptions: [[UInt8]: [UInt8]] = {
    let pairs = [
      ("skis", "ski"), ("skies", "sky"), ("dying", "die"), ("lying", "lie"), ("tying", "tie"),
      ("idly", "idl"), ("gently", "gentl"), ("ugly", "ugli"), ("early", "earli"), ("only", "onli"),
      ("singly", "singl"), ("sky", "sky"), ("news", "news"), ("howe", "howe"), ("atlas", "atlas"),
      ("cosmos", "cosmos"), ("bias", "bias"), ("andes", "andes"),
    ]
    return Dictionary(uniqueKeysWithValues: pairs.map { (Array($0.0.utf8), Array($0.1.utf8)) })
  }()

  static let longestException = exceptions.keys.map(\.count).max() ?? 0

  /// Words left alone after step 1a (the published exceptions, second list).
  static let invariantAfterStep1a: Set<[UInt8]> = Set(
    ["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"].map { Array($0.utf8) })
  static let invariantLengths = Set(invariantAfterStep1a.map(\.count))

  /// The word being stemmed, with its regions R1 and R2 (offsets where they start).
  private struct Work {
    var word: [UInt8]
    var r1 = 0
    var r2 = 0

    init(_ letters: [UInt8]) {
      word = letters
    }

    mutating func run() {
      markConsonantY()
      findRegions()
      step0()
      step1a()
      if EnglishStemmer.invariantLengths.contains(word.count) && EnglishStemmer.invariantAfterStep1a.contains(word) {
        return
      }
      step1b()
      step1c()
      step2()
      step3()
      step4()
      step5()
    }

    static func isVowel(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"),
        UInt8(ascii: "y"):
        true
      default: false
      }
    }

    func isVowel(at index: Int) -> Bool { Self.isVowel(word[index]) }

    /// An initial `y`, and a `y` after a vowel, act as consonants.
    mutating func markConsonantY() {
      for index in word.indices where word[index] == EnglishStemmer.y {
        if index == 0 || Self.isVowel(word[index - 1]) { word[index] = EnglishStemmer.upperY }
      }
    }

    /// R1: after the first non-vowel following a vowel (after `gener`, `commun`, `arsen`
    /// when the word starts with one); R2: the same rule applied again inside R1.
    mutating func findRegions() {
      func regionStart(from start: Int) -> Int {
        var index = start
        while index < word.count && !isVowel(at: index) { index += 1 }
        while index < word.count && isVowel(at: index) { index += 1 }
        return min(word.count, index + 1)
      }
      r1 = regionStart(from: 0)
      for prefix in Self.shortR1Prefixes where word.starts(with: prefix.utf8) {
        r1 = prefix.utf8.count
      }
      r2 = regionStart(from: r1)
    }

    /// Words whose R1 starts after them.
    static let shortR1Prefixes = ["gener", "commun", "arsen"]

    /// Whether the word ends with `suffix`, compared byte by byte where it stands (a stem
    /// looks at some sixty suffixes, and a copy of each was most of its time).
    func ends(_ suffix: String) -> Bool {
      let count = suffix.utf8.count
      guard word.count >= count else { return false }
      var index = word.count - count
      for byte in suffix.utf8 {
        if word[index] != byte { return false }
        index += 1
      }
      return true
    }

    /// The longest of `suffixes` the word ends with (the first of the longest).
    func longest(_ suffixes: [String]) -> String? {
      var found: String?
      var foundCount = -1
      for suffix in suffixes where suffix.utf8.count > foundCount && ends(suffix) {
        found = suffix
        foundCount = suffix.utf8.count
      }
      return found
    }

    func start(of suffix: String) -> Int { word.count - suffix.utf8.count }

    mutating func replace(_ suffix: String, with replacement: String) {
      word.removeLast(suffix.utf8.count)
      word.append(contentsOf: replacement.utf8)
    }

    func containsVowel(before end: Int) -> Bool { (0..<end).contains { isVowel(at: $0) } }

    /// A short syllable ending at `end - 1`: non-vowel, vowel, non-vowel other than w, x, Y;
    /// or, at the start of the word, a vowel then a non-vowel.
    func endsInShortSyllable(_ end: Int) -> Bool {
      if end == 2 { return isVowel(at: 0) && !isVowel(at: 1) }
      guard end >= 3 else { return false }
      let last = word[end - 1]
      return !isVowel(at: end - 3) && isVowel(at: end - 2) && !Self.isVowel(last)
        && last != UInt8(ascii: "w") && last != UInt8(ascii: "x") && last != EnglishStemmer.upperY
    }

    var isShort: Bool { r1 >= word.count && endsInShortSyllable(word.count) }

    static let step0Suffixes = ["'s'", "'s", "'"]
    static let step1aSuffixes = ["sses", "ied", "ies", "us", "ss", "s"]
    static let step1bSuffixes = ["eed", "eedly", "ed", "edly", "ing", "ingly"]

    mutating func step0() {
      if let suffix = longest(Self.step0Suffixes) { word.removeLast(suffix.utf8.count) }
    }

    mutating func step1a() {
      guard let suffix = longest(Self.step1aSuffixes) else { return }
      switch suffix {
      case "sses": replace(suffix, with: "ss")
      case "ied", "ies": replace(suffix, with: start(of: suffix) > 1 ? "i" : "ie")
      case "s":
        // Deleted when a vowel comes before the letter just before the s (gaps, not gas).
        if containsVowel(before: word.count - 2) { word.removeLast() }
      default: break
      }
    }

    mutating func step1b() {
      guard let suffix = longest(Self.step1bSuffixes) else { return }
      if suffix == "eed" || suffix == "eedly" {
        if start(of: suffix) >= r1 { replace(suffix, with: "ee") }
        return
      }
      guard containsVowel(before: start(of: suffix)) else { return }
      word.removeLast(suffix.utf8.count)
      if ends("at") || ends("bl") || ends("iz") {
        word.append(UInt8(ascii: "e"))
      } else if let last = word.last, word.count >= 2, word[word.count - 2] == last,
        "bdfgmnprt".utf8.contains(last)
      {
        word.removeLast()
      } else if isShort {
        word.append(UInt8(ascii: "e"))
      }
    }

    mutating func step1c() {
      guard let last = word.last, last == EnglishStemmer.y || last == EnglishStemmer.upperY,
        word.count > 2, !isVowel(at: word.count - 2)
      else { return }
      word[word.count - 1] = UInt8(ascii: "i")
    }

    static let step2Rules: [(String, String)] = [
      ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("abli", "able"), ("entli", "ent"),
      ("izer", "ize"), ("ization", "ize"), ("ational", "ate"), ("ation", "ate"), ("ator", "ate"),
      ("alism", "al"), ("aliti", "al"), ("alli", "al"), ("fulness", "ful"), ("ousli", "ous"),
      ("ousness", "ous"), ("iveness", "ive"), ("iviti", "ive"), ("biliti", "ble"), ("bli", "ble"),
      ("ogi", "og"), ("fulli", "ful"), ("lessli", "less"), ("li", ""),
    ]

    static let step2Suffixes = step2Rules.map(\.0)

    mutating func step2() {
      guard let suffix = longest(Self.step2Suffixes), start(of: suffix) >= r1 else { return }
      let before = start(of: suffix) > 0 ? word[start(of: suffix) - 1] : 0
      switch suffix {
      case "ogi":
        if before == UInt8(ascii: "l") { replace(suffix, with: "og") }
      case "li":
        if "cdeghkmnrt".utf8.contains(before) { word.removeLast(2) }
      default:
        replace(suffix, with: Self.step2Rules.first { $0.0 == suffix }!.1)
      }
    }

    static let step3Rules: [(String, String)] = [
      ("tional", "tion"), ("ational", "ate"), ("alize", "al"), ("icate", "ic"), ("iciti", "ic"),
      ("ical", "ic"), ("ful", ""), ("ness", ""), ("ative", ""),
    ]

    static let step3Suffixes = step3Rules.map(\.0)

    mutating func step3() {
      guard let suffix = longest(Self.step3Suffixes), start(of: suffix) >= r1 else { return }
      if suffix == "ative" {
        if start(of: suffix) >= r2 { word.removeLast(suffix.utf8.count) }
        return
      }
      replace(suffix, with: Self.step3Rules.first { $0.0 == suffix }!.1)
    }

    static let step4Suffixes = [
      "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate",
      "iti", "ous", "ive", "ize", "ion",
    ]

    mutating func step4() {
      guard let suffix = longest(Self.step4Suffixes), start(of: suffix) >= r2 else { return }
      if suffix == "ion" {
        let at = start(of: suffix)
        guard at > 0, word[at - 1] == UInt8(ascii: "s") || word[at - 1] == UInt8(ascii: "t") else { return }
      }
      word.removeLast(suffix.utf8.count)
    }

    mutating func step5() {
      guard let last = word.last else { return }
      let at = word.count - 1
      if last == UInt8(ascii: "e") {
        if at >= r2 || (at >= r1 && !endsInShortSyllable(at)) { word.removeLast() }
      } else if last == UInt8(ascii: "l") {
        if at >= r2 && at > 0 && word[at - 1] == UInt8(ascii: "l") { word.removeLast() }
      }
    }
  }
}
