/// Work over many indices with a bounded number of child tasks at once: the segments of a
/// talk, the sources of a refresh.
enum BoundedConcurrency {
  /// Runs `operation` for every index, at most `width` at a time; `collect` sees each
  /// outcome as it arrives and stops the rest (they are cancelled) by returning false.
  static func forEach<T: Sendable>(
    _ indices: [Int], width: Int, operation: @escaping @Sendable (Int) async -> T,
    collect: (Int, T) -> Bool
  ) async {
    await withTaskGroup(of: (Int, T).self) { group in
      var next = indices.makeIterator()
      for _ in 0..<max(1, width) {
        guard let index = next.next() else { break }
        group.addTask { (index, await operation(index)) }
      }
      while let (index, value) = await group.next() {
        guard collect(index, value) else {
          group.cancelAll()
          return
        }
        if let index = next.next() { group.addTask { (index, await operation(index)) } }
      }
    }
  }
}
