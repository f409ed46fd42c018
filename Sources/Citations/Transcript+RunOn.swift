import SearchIndex

extension Transcript {
  /// Whether a quotation may go on from the word at `position` to the next one of its
  /// document: in the same passage, or into the next passage as a phrase runs on in search
  /// (`PhraseRunOn`: not across a section's heading).
  func runsOn(after position: Int) -> Bool {
    let (word, next) = (words[position], words[position + 1])
    guard word.passage != next.passage else { return true }
    let passages = documents[word.document].passages
    return PhraseRunOn.continues(
      from: word.passage, anchor: passages[word.passage].anchor, into: next.passage,
      anchor: passages[next.passage].anchor)
  }
}
