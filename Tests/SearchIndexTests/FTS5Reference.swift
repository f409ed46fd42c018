import CSQLite3
import Normalize

/// An in-memory SQLite FTS5 table, one row per passage (rowid = global passage number + 1),
/// tokenized like our verbatim mode: unicode61, diacritics removed, `'` a token character.
final class FTS5Reference {
  private var database: OpaquePointer?
  static let tokenizer = "unicode61 remove_diacritics 2 tokenchars ''''"

  init(documents: [Document]) throws {
    guard sqlite3_open(":memory:", &database) == SQLITE_OK else { throw Failure("open") }
    try execute("CREATE VIRTUAL TABLE passages USING fts5(body, tokenize = \"\(Self.tokenizer)\")")
    try execute("BEGIN")
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, "INSERT INTO passages(rowid, body) VALUES (?, ?)", -1, &statement, nil) == SQLITE_OK
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
  }

  deinit { sqlite3_close(database) }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private func execute(_ sql: String) throws {
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
      throw Failure("\(sql): \(String(cString: sqlite3_errmsg(database)))")
    }
  }

  /// Global passage numbers matching an FTS5 query.
  func matches(_ query: String) throws -> Set<Int> {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, "SELECT rowid FROM passages WHERE passages MATCH ?", -1, &statement, nil) == SQLITE_OK
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
