import FeelScene

/// A CSV file as `feel sweep` and `feel run` write it, read back for comparison: comment lines
/// (`# …`, only before the header), one header line of column names, then rows with exactly
/// as many cells as the header. Cells may be quoted (`"a,b"`, `""` for a quote). Every row
/// remembers its line, so a garbled baseline is reported at the line to fix.
public struct BaselineCSV: Sendable, Equatable {
  public struct Row: Sendable, Equatable {
    /// 1-based line in the file.
    public var line: Int
    public var cells: [String]
  }

  /// The file's path as messages name it.
  public var file: String
  /// The comment lines, without their `# `.
  public var comments: [String]
  public var columns: [String]
  /// The header's line (1-based).
  public var headerLine: Int
  public var rows: [Row]

  /// Reads `text`. Throws for an empty file, a file with no header, a blank line or a comment
  /// among the rows, a row whose cell count differs from the header's, an unterminated quote.
  public static func parse(_ text: String, file: String) throws(CheckError) -> BaselineCSV {
    var comments: [String] = []
    var columns: [String]?
    var headerLine = 0
    var rows: [Row] = []
    // "\r\n" is one Character in Swift: split on it as well as on "\n".
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    if lines.last?.isEmpty == true { lines.removeLast() }
    if lines.isEmpty {
      throw CheckError(file: file, line: 1, "expected a CSV header line, got an empty file")
    }
    for (index, raw) in lines.enumerated() {
      let number = index + 1
      var line = raw
      if line.last == "\r" { line.removeLast() }
      if line.hasPrefix("#") {
        if columns != nil {
          throw CheckError(
            file: file, line: number,
            "expected a row of \(columns!.count) cells, got a comment line after the header")
        }
        var comment = line.dropFirst()
        if comment.first == " " { comment.removeFirst() }
        comments.append(String(comment))
        continue
      }
      if line.isEmpty {
        throw CheckError(
          file: file, line: number,
          columns == nil
            ? "expected a CSV header line, got an empty line"
            : "expected a row of \(columns!.count) cells, got an empty line")
      }
      let cells = try Self.cells(of: line, file: file, line: number)
      guard let header = columns else {
        if let empty = cells.firstIndex(of: "") {
          throw CheckError(
            file: file, line: number,
            "expected a CSV header of column names, got an empty name in column \(empty + 1)")
        }
        columns = cells
        headerLine = number
        continue
      }
      if cells.count != header.count {
        throw CheckError(
          file: file, line: number,
          "expected \(header.count) cells (\(header.joined(separator: ","))), got "
            + "\(cells.count): \(Self.excerpt(line))")
      }
      rows.append(Row(line: number, cells: cells))
    }
    guard let columns else {
      throw CheckError(
        file: file, line: lines.count,
        "expected a CSV header line after the comments, got the end of the file")
    }
    return BaselineCSV(
      file: file, comments: comments, columns: columns, headerLine: headerLine, rows: rows)
  }

  /// The cells of one line, unquoted.
  static func cells(of line: Substring, file: String, line number: Int) throws(CheckError)
    -> [String]
  {
    var cells: [String] = []
    var cell = ""
    var quoted = false
    var atCellStart = true
    var iterator = line.makeIterator()
    while let c = iterator.next() {
      if quoted {
        if c == "\"" {
          // `""` inside quotes is one quote; a lone quote ends the quoted part.
          var lookahead = iterator
          if lookahead.next() == "\"" {
            cell.append("\"")
            iterator = lookahead
          } else {
            quoted = false
          }
        } else {
          cell.append(c)
        }
        continue
      }
      switch c {
      case ",":
        cells.append(cell)
        cell = ""
        atCellStart = true
        continue
      case "\"" where atCellStart:
        quoted = true
      default:
        cell.append(c)
      }
      atCellStart = false
    }
    if quoted {
      throw CheckError(
        file: file, line: number, "expected a closing quote, got the end of the line")
    }
    cells.append(cell)
    return cells
  }

  /// The start of a long line, for messages.
  static func excerpt(_ line: Substring) -> String {
    line.count <= 60 ? String(line) : String(line.prefix(57)) + "…"
  }

  /// The number in a cell: nil for an empty cell; throws for text that is not a finite number.
  func number(_ row: Row, _ column: Int) throws(CheckError) -> Double? {
    let cell = row.cells[column]
    if cell.isEmpty { return nil }
    guard let x = Double(cell), x.isFinite else {
      throw CheckError(
        file: file, line: row.line,
        "column '\(columns[column])': expected a number or an empty cell, got \"\(cell)\"")
    }
    return x
  }
}

extension TextFile.Kind {
  /// A baseline of `feel check` (experiments/baselines/NAME.metrics.csv or NAME.trajectory.csv).
  public static let baseline = TextFile.Kind(
    name: "baseline", expected: "a baseline CSV, as feel check --record writes it")
}
