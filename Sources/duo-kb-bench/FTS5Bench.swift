import CSQLite3
import DocumentModel
import DuoKBTestSupport
import Foundation
import SearchIndex

/// SQLite FTS5, one row per passage, queried with bm25 ordering and a snippet.
final class FTS5Bench {
  private let table: FTS5PassageTable

  struct Failure: Error { var message: String }

  init(path: String, documents: [Document]) throws {
    table = try FTS5PassageTable(path: path, documents: documents, optimizes: true)
  }

  func measure(_ queries: [GeneratedQuery]) throws -> Latencies {
    var statement: OpaquePointer?
    let sql =
      "SELECT rowid, bm25(passages), snippet(passages, 0, '[', ']', '…', 12) FROM passages "
      + "WHERE passages MATCH ? ORDER BY bm25(passages) LIMIT 10"
    guard sqlite3_prepare_v2(table.database, sql, -1, &statement, nil) == SQLITE_OK else {
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
