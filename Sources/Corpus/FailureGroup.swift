/// Sources that failed for one cause: 208 sources refused by the allow-list are one
/// group, not 208 lines. The cause is the error without the URLs in it (each failure names
/// its own source's URL), so that failures that differ only in where they happened group
/// together.
public struct FailureGroup: Codable, Sendable, Equatable {
  /// The error with its URLs taken out: `HTTP status 404`, `not attempted: interrupted`.
  public var cause: String
  /// The failed sources, in the order they were reported.
  public var sources: [String]

  public init(cause: String, sources: [String]) {
    self.cause = cause
    self.sources = sources
  }

  public var count: Int { sources.count }

  /// The failures grouped by cause: the largest group first, groups of one size in the
  /// order their first failure came.
  public static func grouping(_ failures: [(source: String, error: String)]) -> [FailureGroup] {
    var groups: [FailureGroup] = []
    var indexByCause: [String: Int] = [:]
    for failure in failures {
      let cause = Self.cause(of: failure.error)
      if let index = indexByCause[cause] {
        groups[index].sources.append(failure.source)
      } else {
        indexByCause[cause] = groups.count
        groups.append(FailureGroup(cause: cause, sources: [failure.source]))
      }
    }
    return groups.enumerated().sorted { left, right in
      left.element.count != right.element.count ? left.element.count > right.element.count : left.offset < right.offset
    }.map(\.element)
  }

  /// An error without its URLs: each word that starts with `http://` or `https://` goes
  /// (with the `:` that ends it), then the space and punctuation left at the start.
  public static func cause(of error: String) -> String {
    let words = error.split(separator: " ", omittingEmptySubsequences: true).filter { word in
      let lowered = word.lowercased()
      return !(lowered.hasPrefix("http://") || lowered.hasPrefix("https://"))
    }
    var cause = Substring(words.joined(separator: " "))
    while let first = cause.first, first == ":" || first == " " || first == ";" || first == "," {
      cause = cause.dropFirst()
    }
    return cause.isEmpty ? error : String(cause)
  }

  /// `a, b, c and 205 more`: the first `shown` sources and how many others.
  public func sampled(_ shown: Int = 3) -> String {
    let first = sources.prefix(shown).joined(separator: ", ")
    return sources.count > shown ? first + " and \(sources.count - shown) more" : first
  }
}
