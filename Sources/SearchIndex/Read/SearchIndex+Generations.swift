#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SearchIndex {
  /// The newest generation in `indexDirectory` (other than `excluding`) that opens with
  /// `verification`, whatever `CURRENT` says: for a reader whose current index cannot be
  /// used and cannot be rebuilt. Nil when none opens.
  public static func openNewestGeneration(
    in indexDirectory: URL, excluding: URL? = nil, verification: IndexVerification = .standard
  ) -> SearchIndex? {
    let excluded = excluding?.standardizedFileURL.path
    for generation in IndexDirectory.generations(in: indexDirectory).reversed()
    where generation.url.standardizedFileURL.path != excluded {
      if let index = try? SearchIndex(generation: generation.url, verification: verification) { return index }
    }
    return nil
  }
}
