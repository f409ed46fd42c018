#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The corpus's fingerprint: what an index records of the corpus it was built from, and what
/// tells a reader whether the corpus has changed since, without listing or reading a document.
///
/// It is a digest of the store's change stamp (a small file every write and removal through
/// `CorpusStore` rewrites with random contents) and of the modification time of
/// `documents/` and of every folder below it, followed by the list of those folders. A
/// document added, removed, renamed or rewritten the way every writer here writes (a new file
/// renamed into its folder) changes its folder's time; a folder added or removed changes its
/// parent's. So `matchesFingerprint` need only read the change stamp and the times of the
/// folders the recorded fingerprint lists (a few dozen even at the full catalog): when all
/// are as recorded, no entry was added to or removed from any of them, so no folder appeared
/// below them either.
///
/// Noticed: every write and removal through `CorpusStore` (even two within one tick of the
/// file system's clock), a document file or folder added, removed or renamed by hand, and a
/// hand edit saved the way most editors save (a new file renamed over the old). Not noticed:
/// a file edited in place (truncated and rewritten, as `>` in a shell does) or a folder time
/// set back by hand; `duo-kb check` finds those (it compares every document with the index)
/// and `duo-kb index --rebuild` rebuilds. Links are not followed (a link to a folder counts
/// as what it is, a link).
extension CorpusStore {
  /// The fingerprint of the corpus as it is now: it walks the folders below `documents/`
  /// (not the documents), so it is for a build to record; `matchesFingerprint` is the check.
  public func fingerprint() throws(CorpusError) -> String {
    var pending = [documentsDirectory.path]
    var folders: [String] = []
    while let folder = pending.popLast() {
      guard DirectoryStamp.read(folder) != nil else { continue }
      folders.append(folder)
      guard folders.count < 10_000 else { break }  // bounded, whatever is on disk
      // A name with a line break cannot be listed in the fingerprint (nor hold a document).
      pending += DirectoryStamp.subdirectories(of: folder).filter { !$0.contains("\n") }
    }
    let relative = folders.map { Self.relativePath(of: $0, below: documentsDirectory.path) }.sorted()
    return ([digest(of: relative) ?? ""] + relative).joined(separator: "\n")
  }

  /// Whether the corpus is as it was when `recorded` (a `fingerprint()`) was taken: reads
  /// the change stamp and the times of the folders `recorded` lists, nothing else.
  public func matchesFingerprint(_ recorded: String) -> Bool {
    let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 2, let digest = digest(of: Array(lines.dropFirst())) else { return false }
    return digest == lines[0]
  }

  /// The digest of the change stamp and of the times of `folders` (relative to
  /// `documents/`, `.` for itself); nil when one is not a folder any more.
  private func digest(of folders: [String]) -> String? {
    var hasher = FNV1a64()
    let stamp = (try? readFile(changeStampFile)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    hasher.combine(stamp ?? "")
    for folder in folders {
      let path = folder == "." ? documentsDirectory.path : documentsDirectory.path + "/" + folder
      guard !folder.hasPrefix("/"), !folder.split(separator: "/").contains(".."),
        let time = DirectoryStamp.read(path)
      else { return nil }
      hasher.combine(folder)
      hasher.combine(time)
    }
    return hasher.hexDigest
  }

  private static func relativePath(of path: String, below root: String) -> String {
    path == root ? "." : String(path.dropFirst(root.count + 1))
  }
}
