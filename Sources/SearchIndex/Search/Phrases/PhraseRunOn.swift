/// Where a quoted phrase may run on from one passage into the next: the one rule that
/// search follows (`CrossingPhraseScorer`, and through it `quote` and `cite`) and that
/// `verify` follows for a quotation.
///
/// A phrase runs on from the last word of a passage into the first word of the next
/// passage of the same document when both lie in one section: the same anchor (a HIG
/// page's section), or none (a talk, whose sentences run on whatever their chapters).
/// Nothing between the two passages counts: the end of the sentence, its punctuation, the
/// capital the next one starts with. A heading stops it: the words on either side of a
/// heading are not one quotation; so does a passage without words between two others.
public enum PhraseRunOn {
  /// Whether a phrase that ends passage `passage` of a document, in the section of
  /// `anchor`, may go on into its passage `next`, in the section of `nextAnchor` (both
  /// numbered in the document's order).
  public static func continues(from passage: Int, anchor: String?, into next: Int, anchor nextAnchor: String?) -> Bool {
    next == passage + 1 && anchor == nextAnchor
  }

  /// Whether search lets a phrase of these words (folded) run on at all: one of them must
  /// be more than a stop word (`StopWords`). "of the" over "... of. The ..." quotes
  /// nothing, and finding it would walk two of the longest lists (a quotation `verify`
  /// checks has four words at least, and sentences of their own).
  static func searchesRunOn(folded words: [[UInt8]]) -> Bool {
    words.contains { !StopWords.contains($0) }
  }
}

extension IndexSegment {
  /// Whether a phrase may run on from passage `passage` (a global id) into the next one:
  /// both in one document (`PhraseRunOn`).
  /// A damaged record runs on into nothing.
  func runsOn(from passage: UInt32) -> Bool {
    let id = Int(passage)
    guard id + 1 < store.passageCount else { return false }
    let (here, next) = (store.record(id).attribute, store.record(id + 1).attribute)
    let document = store.attributeField(here, 0)
    guard document != StoreWriter.none, document == store.attributeField(next, 0) else { return false }
    return PhraseRunOn.continues(
      from: id, anchor: store.string(store.attributeField(here, 5)), into: id + 1,
      anchor: store.string(store.attributeField(next, 5)))
  }

  /// How many slots passage `passage` (a global id) has: its words' analysis, as the build
  /// made it (a word split into parts takes a slot for each). Nil when its text is damaged.
  func slotCount(ofPassage passage: UInt32) -> Int? {
    guard let entry = try? store.verifiedEntry(Int(passage)) else { return nil }
    let analyzer = Analyzer(options: analyzerOptions)
    return entry.text.withUnsafeBufferPointer { analyzer.analyze($0, firstSlot: 0, emit: { _ in }).slots }
  }
}
