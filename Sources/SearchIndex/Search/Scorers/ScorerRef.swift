/// A child scorer as its parent calls it at every step of a walk.
///
/// A call through an `any Scorer` read from an array retains and releases the child
/// around it (as far as the compiler knows, the array could change during the call): in
/// `(a OR b) c`, an `AND` of an `OR` and a word, that was 40 % of the query's time. A
/// `ScorerRef` reaches the child through an unretained reference to a box that holds it:
/// reading the box's constant field needs no reference count. The parent keeps the boxes
/// (`ScorerRef.Boxes`), and so the children, alive.
struct ScorerRef {
  private let box: Unmanaged<Box>

  final class Box {
    let scorer: any Scorer
    init(_ scorer: any Scorer) { self.scorer = scorer }
  }

  /// The boxes of a parent's children, and their references in the same order.
  struct Boxes {
    private let boxes: [Box]
    let refs: [ScorerRef]

    init(_ scorers: [any Scorer]) {
      boxes = scorers.map(Box.init)
      refs = boxes.map { ScorerRef(box: .passUnretained($0)) }
    }
  }

  @inline(__always)
  func call<Result>(_ body: (any Scorer) -> Result) -> Result {
    box._withUnsafeGuaranteedRef { body($0.scorer) }
  }

  @inline(__always) var current: UInt32 { call { $0.current } }
  @inline(__always) func advance(to target: UInt32) { call { $0.advance(to: target) } }
  @inline(__always) func score(_ context: ScoringContext) -> Double { call { $0.score(context) } }
  @inline(__always) func upperBound() -> Double { call { $0.upperBound() } }
}
