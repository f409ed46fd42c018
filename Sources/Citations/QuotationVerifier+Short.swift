extension QuotationVerifier {
  /// The verdict of a quotation of fewer than `minimumWords` words that a time, link or
  /// citation id places: it is checked at that moment only. Its words are verified at the
  /// time given, or said at another time of the document named (of any, when only a time is
  /// given): a wrong time; a near copy said at that moment is a misquote; a few words said
  /// in another document than the one named are a coincidence, never a wrong source.
  func judgeShort(
    _ quoted: QuotedWords, _ quotation: FoundQuotation, scope: Scope, in verdict: inout QuotationVerdict
  ) -> Match? {
    var matches = exactMatches(quoted.segments, in: scope.documents)
    // A time names a moment of a talk: a page's words, which have none, cannot be at it.
    if !quotation.attribution.times.isEmpty {
      matches.removeAll { transcript.words[$0.first].startMilliseconds < 0 }
    }
    if let best = nearest(matches, quotation, anchor: scope.anchor) {
      describe(best, in: &verdict)
      if markMistypedTime(quotation, in: &verdict) { return best }
      let off = distance(best, quotation, anchor: scope.anchor)
      if off <= toleranceSeconds {
        setVerified(quoted, best, in: &verdict)
        return best
      }
      if let anchor = scope.anchor, anchorOf(best) != anchor {
        // Not in the section named: only near words there would make it a misquote.
        verdict.status = .wrongTime
        verdict.note = "in section #\(anchorOf(best) ?? ""), not #\(anchor)"
        return best
      }
      var probe = verdict
      if misquotedNearby(quoted, quotation, scope: scope, verdict: &probe) {
        verdict = probe
        return nil
      }
      verdict.status = .wrongTime
      verdict.note =
        quotation.claimedUntil != nil
        ? "said at \(verdict.time ?? "?"), outside \(verdict.claimedTime ?? "the range given")"
        : "said at \(verdict.time ?? "?") in “\(verdict.sourceTitle ?? "")”, not \(verdict.claimedTime ?? "?")"
      return best
    }
    if misquotedNearby(quoted, quotation, scope: scope, verdict: &verdict) { return nil }
    verdict = Self.blankVerdict(for: quotation, file: verdict.file)
    verdict.claimedSource = scope.name
    verdict.status = .notFound
    verdict.note =
      "not said at \(quotation.claimedTime ?? "the moment given")"
      + (scope.name.map { " in “\($0)”" } ?? "")
    return nil
  }

  /// Whether the closest words to a short quotation in the documents named lie at the
  /// moment it claims (a misquote of what was said there), rather than anywhere.
  private func misquotedNearby(
    _ quoted: QuotedWords, _ quotation: FoundQuotation, scope: Scope, verdict: inout QuotationVerdict
  ) -> Bool {
    var probe = verdict
    closest(to: quoted, in: scope.documents, verdict: &probe)
    guard probe.status == .misquoted else { return false }
    if let milliseconds = probe.milliseconds {
      let said = milliseconds / 1000
      let near = quotation.attribution.times.allSatisfy { time in
        said >= time.seconds - toleranceSeconds && said <= (time.until ?? time.seconds) + toleranceSeconds
      }
      guard near else { return false }
    } else if scope.documents == nil {
      // Words without times: only a page named places them.
      return false
    }
    verdict = probe
    return true
  }
}
