import DocumentModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A HIG section shown as Apple lays it out, from its passages and their blocks: paragraphs
/// apart, a list as a list (one item a line, nested items indented, ordered items numbered),
/// a table as a table (one row a line), code as code. The words are the passages' own; only
/// the marks between them (`- `, `1. `, `|`) are added, and `verify` passes over marks.
enum SectionLayout {
  /// Consecutive passages of one block (a long item cut into sentences), joined again.
  struct Block {
    var layout: PassageLayout
    var kind: PassageKind
    var text: String
  }

  /// A table: its rows of cells, the first a header row when Apple marks it so.
  struct Table {
    var rows: [[String]] = []
    /// The row number each of `rows` has in Apple's table.
    var rowNumbers: [Int] = []
    var hasHeader = false
  }

  enum Part {
    case paragraph(String)
    case list([(depth: Int, number: Int?, text: String)])
    case table(Table)
    case code(String)
  }

  static func blocks(_ passages: [LaidOutPassage]) -> [Block] {
    var blocks: [Block] = []
    for passage in passages {
      if let last = blocks.last, last.layout.block == passage.layout.block, last.layout.role == passage.layout.role,
        last.kind == passage.kind, passage.kind != .code
      {
        blocks[blocks.count - 1].text += " " + passage.text
      } else {
        blocks.append(Block(layout: passage.layout, kind: passage.kind, text: passage.text))
      }
    }
    return blocks
  }

  static func parts(_ passages: [LaidOutPassage]) -> [Part] {
    var parts: [Part] = []
    var tableNumber: Int?
    for block in blocks(passages) {
      switch block.layout.role {
      case .listItem:
        let item = (depth: max(1, min(block.layout.depth ?? 1, 8)), number: block.layout.number, text: block.text)
        if case .list(let items)? = parts.last {
          parts[parts.count - 1] = .list(items + [item])
        } else {
          parts.append(.list([item]))
        }
        tableNumber = nil
        continue
      case .tableCell, .tableHeaderCell:
        let row = max(0, min(block.layout.row ?? 0, 10_000))
        let column = max(0, min(block.layout.column ?? 0, 64))
        if case .table(var table)? = parts.last, tableNumber == block.layout.table {
          Self.place(block.text, row: row, column: column, in: &table)
          if row == 0, block.layout.role == .tableHeaderCell { table.hasHeader = true }
          parts[parts.count - 1] = .table(table)
        } else {
          var table = Table()
          Self.place(block.text, row: row, column: column, in: &table)
          table.hasHeader = row == 0 && block.layout.role == .tableHeaderCell
          parts.append(.table(table))
          tableNumber = block.layout.table
        }
        continue
      case .code:
        parts.append(.code(block.text))
      default:
        parts.append(block.kind == .code ? .code(block.text) : .paragraph(block.text))
      }
      tableNumber = nil
    }
    return parts
  }

  /// Cells by row and column: rows are made as they are first met, in reading order.
  static func place(_ text: String, row: Int, column: Int, in table: inout Table) {
    let index: Int
    if let found = table.rowNumbers.firstIndex(of: row) {
      index = found
    } else {
      table.rows.append([])
      table.rowNumbers.append(row)
      index = table.rows.count - 1
    }
    while table.rows[index].count < column { table.rows[index].append("") }
    if table.rows[index].count == column {
      table.rows[index].append(text)
    } else {
      table.rows[index][column] += " " + text
    }
  }

  /// Markdown: paragraphs, `- ` and `1. ` lists (four spaces a level), GitHub tables, fences.
  static func markdown(_ passages: [LaidOutPassage]) -> String {
    parts(passages).map { part -> String in
      switch part {
      case .paragraph(let text): return MarkdownText.inline(text)
      case .code(let code): return CitationFormatter.fenced(DisplayText.block(code))
      case .list(let items):
        return items.map { item in
          String(repeating: "    ", count: item.depth - 1) + (item.number.map { "\($0). " } ?? "- ")
            + MarkdownText.inline(item.text)
        }.joined(separator: "\n")
      case .table(let table):
        let width = max(1, table.rows.map(\.count).max() ?? 1)
        func line(_ cells: [String]) -> String {
          let padded = cells + Array(repeating: "", count: width - cells.count)
          return "| " + padded.map { MarkdownText.inline($0).replacing("|", with: "\\|") }.joined(separator: " | ")
            + " |"
        }
        let header = table.hasHeader ? table.rows[0] : Array(repeating: "", count: width)
        let body = table.hasHeader ? Array(table.rows.dropFirst()) : table.rows
        let rule = "|" + Array(repeating: " --- |", count: width).joined()
        return ([line(header), rule] + body.map(line)).joined(separator: "\n")
      }
    }.joined(separator: "\n\n")
  }

  /// Plain text: paragraphs apart, one list item a line (`- `, `1. `, two spaces a level),
  /// one table row a line with its cells between ` | `, code as it is.
  static func text(_ passages: [LaidOutPassage]) -> String {
    parts(passages).map { part -> String in
      switch part {
      case .paragraph(let text): return text
      case .code(let code): return code
      case .list(let items):
        return items.map { item in
          String(repeating: "  ", count: item.depth - 1) + (item.number.map { "\($0). " } ?? "- ") + item.text
        }.joined(separator: "\n")
      case .table(let table):
        return table.rows.map { $0.joined(separator: " | ") }.joined(separator: "\n")
      }
    }.joined(separator: "\n\n")
  }
}
