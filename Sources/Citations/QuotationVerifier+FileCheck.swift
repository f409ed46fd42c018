extension QuotationVerifier {
  /// The verdicts of one or more write-ups: every verdict counted, the first `listingLimit`
  /// kept in full (and as many of what was passed over), so that what a check holds and
  /// what its report says stay bounded whatever the length of the write-up.
  public struct FileCheck: Sendable {
    /// How many verdicts, and how many texts passed over, a check keeps in full.
    public static let defaultListingLimit = 500

    public let listingLimit: Int
    /// The first verdicts, in file order.
    public private(set) var verdicts: [QuotationVerdict] = []
    /// The first texts passed over, in file order.
    public private(set) var passedOver: [PassedOver] = []
    /// Every verdict, listed or not, by status.
    public private(set) var counts: [QuotationVerdict.Status: Int] = [:]
    public private(set) var total = 0
    /// Texts passed over beyond the listing.
    public private(set) var unlistedPassedOver = 0

    public init(listingLimit: Int = defaultListingLimit) {
      self.listingLimit = max(0, listingLimit)
    }

    /// Verdicts counted but not listed.
    public var unlistedVerdicts: Int { total - verdicts.count }

    mutating func add(_ verdict: QuotationVerdict) {
      total += 1
      counts[verdict.status, default: 0] += 1
      if verdicts.count < listingLimit { verdicts.append(verdict.bounded()) }
    }

    mutating func add(_ passed: PassedOver) {
      if passedOver.count < listingLimit {
        passedOver.append(passed)
      } else {
        unlistedPassedOver += 1
      }
    }

    /// Another check's verdicts after these, under this check's limit.
    mutating func append(_ other: FileCheck) {
      for verdict in other.verdicts { add(verdict) }
      total += other.unlistedVerdicts
      for (status, count) in other.counts {
        counts[status, default: 0] += count - other.verdicts.filter { $0.status == status }.count
      }
      for passed in other.passedOver { add(passed) }
      unlistedPassedOver += other.unlistedPassedOver
    }
  }
}
