/// The names people write for a collection of talks, read as the collection's id:
/// `WWDC24`, `wwdc24` and `wwdc2024` are `wwdc2024`; `tech-talk` and `techtalks` are
/// `tech-talks`. Case never matters.
public enum EventFilterName {
  static func normalized(_ name: String) -> String {
    let lower = name.lowercased()
    if lower.hasPrefix("wwdc") {
      let digits = lower.dropFirst(4)
      if digits.count == 2, digits.allSatisfy(\.isNumber) { return "wwdc20" + digits }
    }
    if ["tech-talk", "techtalks", "techtalk", "tech_talks"].contains(lower) { return "tech-talks" }
    return lower
  }

  /// The year of a `wwdcYYYY` collection, for a document that records none itself.
  public static func year(ofEvent event: String?) -> Int? {
    guard let event, event.hasPrefix("wwdc"), event.count == 8 else { return nil }
    return Int(event.dropFirst(4))
  }
}
