/// The collections talks belong to (`wwdc2024`, `tech-talks`): the names people write for
/// them, their display names and their years. Case never matters in what people write.
public enum EventName {
  /// A name as people write it, read as the collection's id: `WWDC24`, `wwdc24` and
  /// `wwdc2024` are `wwdc2024`; `tech-talk` and `techtalks` are `tech-talks`.
  public static func normalized(_ name: String) -> String {
    let lower = name.lowercased()
    if lower.hasPrefix("wwdc") {
      let digits = lower.dropFirst(4)
      if digits.count == 2, digits.allSatisfy(isASCIIDigit) { return "wwdc20" + digits }
    }
    if ["tech-talk", "techtalks", "techtalk", "tech_talks"].contains(lower) { return "tech-talks" }
    return lower
  }

  /// `tech-talks` is "Apple Developer Tech Talk", `wwdc2024` is "WWDC24"; other collections
  /// keep their id; nil stays nil (HIG pages).
  public static func display(_ event: String?) -> String? {
    guard let event else { return nil }
    if event == "tech-talks" { return "Apple Developer Tech Talk" }
    if let year = year(event) {
      let short = year % 100
      return "WWDC\(short < 10 ? "0" : "")\(short)"
    }
    return event
  }

  /// The name of the series a talk belongs to, as a bibliography gives it: the Tech Talks are
  /// "Apple Developer Tech Talks", a WWDC is "WWDC24".
  public static func series(_ event: String?) -> String? {
    event == "tech-talks" ? "Apple Developer Tech Talks" : display(event)
  }

  /// The year of a `wwdcYYYY` collection (for a document that records none itself); nil
  /// for other collections and for nil.
  public static func year(_ event: String?) -> Int? {
    guard let event, event.hasPrefix("wwdc") else { return nil }
    let digits = event.dropFirst(4)
    guard digits.count == 4, digits.allSatisfy(isASCIIDigit) else { return nil }
    return Int(digits)
  }

  private static func isASCIIDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }
}
