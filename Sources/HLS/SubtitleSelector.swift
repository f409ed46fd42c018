import AppleSite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Chooses the subtitle rendition to harvest from a multivariant playlist.
///
/// Rules, in order (the first that tells two candidates apart decides):
/// 1. never a FORCED=YES track (forced narrative only) when a full one exists;
/// 2. language: the earliest matching preference, a whole-tag match before a
///    primary-language match; a rendition's language is its LANGUAGE, else its NAME,
///    else a folder of its URI (`subtitles/eng/`), each read by `LanguageCode`;
/// 3. a plain track before an SDH one (CHARACTERISTICS naming
///    `public.accessibility.describes-music-and-sound`), or the reverse when `wantsSDH`;
/// 4. a group that the variants' SUBTITLES= attribute names, earlier-named groups first;
/// 5. DEFAULT=YES, then 6. AUTOSELECT=YES, then 7. file order.
/// A SUBTITLES rendition without a URI is never chosen.
public struct SubtitleSelector: Sendable {
  public let preferredLanguages: [String]
  public let wantsSDH: Bool

  public init(preferredLanguages: [String] = ["en"], wantsSDH: Bool = false) {
    self.preferredLanguages = preferredLanguages
    self.wantsSDH = wantsSDH
  }

  /// The best SUBTITLES rendition with its reasons; nil when the playlist has none with a URI.
  public func choose(from playlist: MasterPlaylist) -> SubtitleChoice? {
    let groups = variantSubtitleGroups(playlist)
    let all = playlist.subtitleRenditions
    let withURI = all.filter { $0.uri != nil }
    let hasFull = withURI.contains { !$0.forced }
    let candidates = withURI.enumerated().map { index, rendition in
      Candidate(
        rendition: rendition, order: index, language: languageMatch(rendition),
        groupRank: groups.firstIndex(of: rendition.groupID), isExcludedForced: hasFull && rendition.forced)
    }
    guard let winner = candidates.min(by: { rank($0).lexicographicallyPrecedes(rank($1)) }) else { return nil }
    var rejected: [SubtitleChoice.Rejection] = []
    for rendition in all where rendition != winner.rendition {
      if rendition.uri == nil {
        rejected.append(.init(rendition: rendition, reason: "has no URI"))
      } else if let loser = candidates.first(where: { $0.rendition == rendition }) {
        rejected.append(.init(rendition: rendition, reason: lossReason(loser, against: winner)))
      }
    }
    return SubtitleChoice(
      rendition: winner.rendition,
      matchedPreference: winner.language.map { preferredLanguages[$0.preferenceIndex] },
      reasons: reasons(for: winner, groups: groups, candidateCount: candidates.count),
      rejected: rejected)
  }

  /// `"English" (subs, LANGUAGE=eng)`: how the explanation names a rendition.
  static func label(_ rendition: Rendition) -> String {
    var parts = ["group \(rendition.groupID)"]
    if let language = rendition.language { parts.append("LANGUAGE=\(language)") }
    if rendition.forced { parts.append("FORCED") }
    if rendition.isSDH { parts.append("SDH") }
    return "\"\(rendition.name)\" (\(parts.joined(separator: ", ")))"
  }

  // MARK: - Ranking

  struct LanguageMatch {
    var preferenceIndex: Int
    var isWholeTag: Bool
    /// `LANGUAGE "eng"`, `NAME "English"` or `URI folder "eng"`.
    var evidence: String
  }

  struct Candidate {
    var rendition: Rendition
    var order: Int
    var language: LanguageMatch?
    var groupRank: Int?
    var isExcludedForced: Bool
  }

  private func rank(_ candidate: Candidate) -> [Int] {
    [
      candidate.isExcludedForced ? 1 : 0,
      candidate.language.map { $0.preferenceIndex * 2 + ($0.isWholeTag ? 0 : 1) } ?? Int.max,
      candidate.rendition.isSDH == wantsSDH ? 0 : 1,
      candidate.groupRank ?? Int.max,
      candidate.rendition.isDefault ? 0 : 1,
      candidate.rendition.autoselect ? 0 : 1,
      candidate.order,
    ]
  }

  /// The first rule by which `loser` ranks below `winner`.
  private func lossReason(_ loser: Candidate, against winner: Candidate) -> String {
    let loserRank = rank(loser)
    let winnerRank = rank(winner)
    let rule = zip(loserRank, winnerRank).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 6
    switch rule {
    case 0: return "FORCED=YES (forced narrative only) while a full track exists"
    case 1:
      guard let match = loser.language else {
        return "its language matches none of \(preferredLanguages.joined(separator: ", "))"
      }
      if winner.language?.preferenceIndex == match.preferenceIndex {
        return "\(match.evidence) matches only the primary language of \(preferredLanguages[match.preferenceIndex])"
      }
      return "\(match.evidence) matches the later preference \(preferredLanguages[match.preferenceIndex])"
    case 2:
      return loser.rendition.isSDH
        ? "an SDH track, and plain subtitles were asked for" : "not an SDH track, and SDH was asked for"
    case 3:
      return loser.groupRank == nil
        ? "group \(loser.rendition.groupID) is named by no variant's SUBTITLES="
        : "group \(loser.rendition.groupID) is named by the variants after group \(winner.rendition.groupID)"
    case 4: return "not DEFAULT=YES"
    case 5: return "not AUTOSELECT=YES"
    default: return "comes later in the playlist"
    }
  }

  private func reasons(for winner: Candidate, groups: [String], candidateCount: Int) -> [String] {
    var reasons: [String] = []
    if let match = winner.language {
      reasons.append(
        "\(match.evidence) matches preference \(preferredLanguages[match.preferenceIndex])"
          + (match.isWholeTag ? "" : " (primary language)"))
    } else {
      reasons.append(
        "no rendition matches \(preferredLanguages.joined(separator: ", ")); chosen by the remaining rules")
    }
    if winner.rendition.forced { reasons.append("only forced tracks exist") }
    reasons.append(winner.rendition.isSDH ? "it is an SDH track" : "it is a plain (not SDH) track")
    if winner.groupRank != nil {
      reasons.append("group \(winner.rendition.groupID) is named by the variants' SUBTITLES=")
    } else if !groups.isEmpty {
      reasons.append("no candidate's group is named by the variants")
    }
    if winner.rendition.isDefault { reasons.append("DEFAULT=YES") }
    if winner.rendition.autoselect { reasons.append("AUTOSELECT=YES") }
    if candidateCount == 1 { reasons.append("it is the only SUBTITLES rendition with a URI") }
    return reasons
  }

  // MARK: - Evidence

  /// SUBTITLES group IDs the variants name, in order of first mention.
  private func variantSubtitleGroups(_ playlist: MasterPlaylist) -> [String] {
    var groups: [String] = []
    for case let group? in playlist.variants.map(\.subtitles) where !groups.contains(group) {
      groups.append(group)
    }
    return groups
  }

  /// The best preference `rendition` matches, judged by LANGUAGE, else NAME, else URI folder.
  private func languageMatch(_ rendition: Rendition) -> LanguageMatch? {
    var evidence: [(label: String, value: String)] = []
    if let language = rendition.language { evidence.append(("LANGUAGE \"\(language)\"", language)) }
    if rendition.language.flatMap(LanguageCode.primary(of:)) == nil {
      evidence.append(("NAME \"\(rendition.name)\"", rendition.name))
      for folder in uriFolders(rendition.uri).reversed() {
        evidence.append(("URI folder \"\(folder)\"", folder))
      }
    }
    var best: LanguageMatch?
    for item in evidence {
      guard let match = match(item.value, label: item.label) else { continue }
      if best == nil
        || (match.preferenceIndex, match.isWholeTag ? 0 : 1)
          < (best!.preferenceIndex, best!.isWholeTag ? 0 : 1)
      {
        best = match
      }
    }
    return best
  }

  private func match(_ value: String, label: String) -> LanguageMatch? {
    let tag = normalizedTag(value)
    let primary = LanguageCode.primary(of: value)
    for (index, preference) in preferredLanguages.enumerated() {
      if normalizedTag(preference) == tag {
        return LanguageMatch(preferenceIndex: index, isWholeTag: true, evidence: label)
      }
      guard let wanted = LanguageCode.primary(of: preference), wanted == primary else { continue }
      // `eng` or `English` for preference `en` is the whole tag written another way.
      let isWhole = !preference.contains("-") && !value.contains("-")
      return LanguageMatch(preferenceIndex: index, isWholeTag: isWhole, evidence: label)
    }
    return nil
  }

  private func normalizedTag(_ text: String) -> String {
    String(text.trimmingASCIISpaces().lowercased().map { $0 == "_" ? "-" : $0 })
  }

  /// The folder names of a URI's path (`subtitles/eng/prog_index.m3u8` → subtitles, eng).
  private func uriFolders(_ uri: String?) -> [String] {
    guard let uri else { return [] }
    let path = uri.split(separator: "?", maxSplits: 1).first ?? ""
    let parts = path.split(separator: "/").map(String.init)
    return Array(parts.dropLast().suffix(3))
  }
}
