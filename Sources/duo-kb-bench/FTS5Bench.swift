import CSQLite3
import Foundation
import Normalize
import SearchIndex

/// SQLite FTS5, one row per passage, queried with bm25 ordering and a snippet.
final class FTS5Bench {
  private var database: OpaquePointer?

  struct Failure: Error { var message: String }

  init(path: String, documents: [Document]) throws {
    guard sqlite3_open(path, &database) == SQLITE_OK else { throw Failure(message: "open \(path)") }
    try execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
    try execute("CREATE VIRTUAL TABLE passages USING fts5(body, tokenize = \"unicode61 remove_diacritics 2 tokenchars ''''\")")
    try execute("BEGIN")
    var statement: OpaquePointer?
    sqlite3_prepare_v2(database, "INSERT INTO passages(rowid, body) VALUES (?, ?)", -1, &statement, nil)
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    var rowid: Int64 = 1
    for document in documents {
      for passage in document.passages {
        sqlite3_bind_int64(statement, 1, rowid)
        sqlite3_bind_text(statement, 2, passage.text, -1, transient)
        guard sqlite3_step(statement) == SQLITE_DONE else { throw Failure(message: "insert") }
        sqlite3_reset(statement)
        rowid += 1
      }
    }
    sqlite3_finalize(statement)
    try execute("COMMIT")
    try execute("INSERT INTO passages(passages) VALUES ('optimize')")
  }

  deinit { sqlite3_close(database) }

  private func execute(_ sql: String) throws {
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
      throw Failure(message: "\(sql): \(String(cString: sqlite3_errmsg(database)))")
    }
  }

  func measure(_ queries: [GeneratedQuery]) throws -> Latencies {
    var statement: OpaquePointer?
    let sql = "SELECT rowid, bm25(passages), snippet(passages, 0, '[', ']', '…', 12) FROM passages "
      + "WHERE passages MATCH ? ORDER BY bm25(passages) LIMIT 10"
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
      throw Failure(message: "prepare")
    }
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    func run(_ query: String) {
      sqlite3_bind_text(statement, 1, query, -1, transient)
      while sqlite3_step(statement) == SQLITE_ROW { _ = sqlite3_column_text(statement, 2) }
      sqlite3_reset(statement)
    }
    for query in queries { run(query.fts5) }
    var latencies = Latencies()
    for query in queries {
      var samples: [Double] = []
      for _ in 0..<3 {
        let start = now()
        run(query.fts5)
        samples.append(Double(now() - start) / 1_000)
      }
      latencies.add(query.kind, samples.sorted()[1])
    }
    return latencies
  }
}
