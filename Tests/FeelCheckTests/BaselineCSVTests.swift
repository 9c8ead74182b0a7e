import FeelCheck
import Testing

/// Reading a baseline CSV: its parts, and every way it can be garbled, reported at the line.
@Suite struct BaselineCSVTests {
  @Test func readsCommentsHeaderRowsAndLines() throws {
    let table = try parse("# a\n#b\nx,item,y\n1,\"a,\"\"b\"\"\",2\n3,c,\n")
    #expect(table.comments == ["a", "b"])
    #expect(table.columns == ["x", "item", "y"])
    #expect(table.headerLine == 3)
    #expect(table.rows.map(\.line) == [4, 5])
    #expect(table.rows.map(\.cells) == [["1", "a,\"b\"", "2"], ["3", "c", ""]])
  }

  @Test func acceptsAMissingFinalLineBreakAndCRLF() throws {
    let table = try parse("x,y\r\n1,2\r\n3,4")
    #expect(table.rows.map(\.cells) == [["1", "2"], ["3", "4"]])
  }

  struct Garbled: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int
    var fragment: String
    var testDescription: String { name }
  }

  static let garbled: [Garbled] = [
    Garbled(name: "empty file", text: "", line: 1, fragment: "got an empty file"),
    Garbled(
      name: "comments only", text: "# a\n# b\n", line: 2,
      fragment: "expected a CSV header line after the comments, got the end of the file"),
    Garbled(
      name: "missing cell", text: "x,y,z\n1,2,3\n4,5\n", line: 3,
      fragment: "expected 3 cells (x,y,z), got 2: 4,5"),
    Garbled(
      name: "extra cell (a merge gone wrong)", text: "x,y\n1,2\n3,4,5\n", line: 3,
      fragment: "expected 2 cells (x,y), got 3"),
    Garbled(
      name: "unterminated quote", text: "x,y\n1,\"2\n", line: 2,
      fragment: "expected a closing quote, got the end of the line"),
    Garbled(
      name: "blank line among rows", text: "x,y\n1,2\n\n3,4\n", line: 3,
      fragment: "expected a row of 2 cells, got an empty line"),
    Garbled(
      name: "comment after the header", text: "x,y\n1,2\n# more\n", line: 3,
      fragment: "got a comment line after the header"),
    Garbled(
      name: "conflict marker", text: "x,y\n1,2\n<<<<<<< HEAD\n", line: 3,
      fragment: "expected 2 cells (x,y), got 1: <<<<<<< HEAD"),
    Garbled(
      name: "empty column name", text: "x,,y\n", line: 1,
      fragment: "got an empty name in column 2"),
  ]

  @Test(arguments: garbled)
  func garbledFilesAreReportedAtTheirLine(_ c: Garbled) throws {
    let error = try #require(throws: CheckError.self) { try parse(c.text, "b.csv") }
    #expect(error.file == "b.csv")
    #expect(error.line == c.line)
    #expect(error.message.contains(c.fragment), "\(error.message)")
    #expect(error.description.hasPrefix("b.csv:\(c.line): "))
  }
}
