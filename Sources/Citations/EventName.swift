import SearchIndex

/// People's names for the collections talks belong to.
public enum EventName {
  /// `tech-talks` is "Apple Developer Tech Talk", `wwdc2024` is "WWDC24"; other collections
  /// keep their id; nil stays nil (HIG pages).
  public static func display(_ event: String?) -> String? {
    guard let event else { return nil }
    if event == "tech-talks" { return "Apple Developer Tech Talk" }
    if event.hasPrefix("wwdc"), event.count == 8, let year = Int(event.dropFirst(4)) {
      return "WWDC\(String(year % 100).count == 1 ? "0" : "")\(year % 100)"
    }
    return event
  }

  /// The name of the series a talk belongs to, as a bibliography gives it: the Tech Talks are
  /// "Apple Developer Tech Talks", a WWDC is "WWDC24".
  public static func series(_ event: String?) -> String? {
    event == "tech-talks" ? "Apple Developer Tech Talks" : display(event)
  }

  /// The year of a `wwdcYYYY` collection, when the document itself gives none (the rule the
  /// `year:` filter uses).
  static func year(_ event: String?) -> Int? {
    EventFilterName.year(ofEvent: event)
  }
}
