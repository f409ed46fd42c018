import AppleSite
import StringTrimming

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--language`: the languages a talk is harvested in, each a document of its own.
extension OptionDeclaration {
  /// `--language ja --language ko` or `--language en,ja`: BCP 47 tags as documents record
  /// them (`Japanese` → `ja`, `zh` → `zh-Hans`), each once; nil when none is given.
  package static func languages(_ keyPath: WritableKeyPath<Options, [String]?> & Sendable, help: String)
    -> OptionDeclaration
  {
    OptionDeclaration(spec: .value("language", "TAG", repeatable: true, help: help)) {
      options, values throws(UsageError) in
      options[keyPath: keyPath] = try LanguageOption.tags(values)
    }
  }
}

enum LanguageOption {
  /// The tags of the values given, each once, in order; nil when there are none.
  static func tags(_ values: [String]) throws(UsageError) -> [String]? {
    let given = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map {
      String($0).trimmingSpaces()
    }
    guard !given.isEmpty else { return nil }
    var tags: [String] = []
    for name in given {
      guard let tag = LanguageTag.known(name) else {
        throw UsageError(
          "--language needs a language tag such as en, ja, ko or zh-Hans, not '\(name)'",
          hint: "repeat it or separate tags with commas to harvest a talk in several languages")
      }
      if !tags.contains(tag) { tags.append(tag) }
    }
    return tags
  }
}
