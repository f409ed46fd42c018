import CSQLite3
import DocumentModel

/// An SQLite FTS5 table of passages, one row each (rowid = global passage number + 1),
/// tokenized like duo-kb's verbatim mode: unicode61, diacritics removed, `'` a token
/// character. The reference of the differential test and the engine the benchmark compares.
public final class FTS5PassageTable {
  /// The open database, for queries of the caller's own.
  public private(set) var database: OpaquePointer?
  public static let tokenizer = "unicode61 remove_diacritics 2 tokenchars ''''"

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// Builds the table at `path` (":memory:" for none), in one transaction without a
  /// journal; `optimizes` then merges its segments, as a finished index would be.
  public init(path: String = ":memory:", documents: [Document], optimizes: Bool = false) throws {
    guard sqlite3_open(path, &database) == SQLITE_OK else { throw Failure("open \(path)") }
    try execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
    try execute("CREATE VIRTUAL TABLE passages USING fts5(body, tokenize = \"\(Self.tokenizer)\")")
    try execute("BEGIN")
    var statement: OpaquePointer?
    guard
      sqlite3_prepare_v2(database, "INSERT INTO passages(rowid, body) VALUES (?, ?)", -1, &statement, nil) == SQLITE_OK
    else { throw Failure("prepare insert") }
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    var rowid: Int64 = 1
    for document in documents {
      for passage in document.passages {
        sqlite3_bind_int64(statement, 1, rowid)
        sqlite3_bind_text(statement, 2, passage.text, -1, transient)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw Failure("insert") }
        sqlite3_reset(statement)
        rowid += 1
      }
    }
    try execute("COMMIT")
    if optimizes { try execute("INSERT INTO passages(passages) VALUES ('optimize')") }
  }

  deinit { sqlite3_close(database) }

  public func execute(_ sql: String) throws {
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
      throw Failure("\(sql): \(String(cString: sqlite3_errmsg(database)))")
    }
  }

  /// Global passage numbers matching an FTS5 query.
  public func matches(_ query: String) throws -> Set<Int> {
    var statement: OpaquePointer?
    guard
      sqlite3_prepare_v2(database, "SELECT rowid FROM passages WHERE passages MATCH ?", -1, &statement, nil)
        == SQLITE_OK
    else { throw Failure("prepare match") }
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, query, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    var result = Set<Int>()
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { break }
      guard status == SQLITE_ROW else {
        throw Failure("\(query): \(String(cString: sqlite3_errmsg(database)))")
      }
      result.insert(Int(sqlite3_column_int64(statement, 0)) - 1)
    }
    return result
  }
}
