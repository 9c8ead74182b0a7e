/// A recorded touch trace as a CSV file: the header `t_s,x_pt,y_pt`, then one sample per line
/// (time in s since the scene started, position in pt). Blank lines and lines starting with
/// `#` are skipped; spaces around fields, CRLF line ends and a UTF-8 byte order mark are
/// accepted. Times must be ≥ 0 and increase; at least one sample. docs/touches.md shows how to
/// record one on a device.
///
/// Pure: the caller reads the file.
public enum TraceCSV {
  public static let header = ["t_s", "x_pt", "y_pt"]

  /// A problem with the file, at a line (1-based) and column.
  public struct Problem: Error, Sendable, Equatable {
    /// 1-based line of the file; nil when the problem is the whole file (no sample).
    public var line: Int?
    /// The column as the header names it (`t_s`); empty for a wrong header or a wrong number
    /// of fields.
    public var column: String
    public var expected: String
    public var got: String
  }

  /// The samples of `text`.
  public static func parse(_ text: String) throws(Problem) -> [TouchSample] {
    var samples: [TouchSample] = []
    var sawHeader = false
    var number = 0
    // Lines end in LF, CRLF (one Character in Swift) or CR.
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      var line = raw
      if number == 1, line.hasPrefix("\u{FEFF}") { line = line.dropFirst() }
      let trimmed = line.trimmingSpaces
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingSpaces
      }
      if !sawHeader {
        guard fields == header.map({ Substring($0) }) else {
          throw Problem(
            line: number, column: "", expected: "the header t_s,x_pt,y_pt",
            got: "\"\(trimmed)\"")
        }
        sawHeader = true
        continue
      }
      guard fields.count == 3 else {
        throw Problem(
          line: number, column: "", expected: "three fields t_s,x_pt,y_pt",
          got: "\(fields.count) field\(fields.count == 1 ? "" : "s"): \"\(trimmed)\"")
      }
      var values: [Double] = []
      for (field, name) in zip(fields, header) {
        guard let value = Double(field), value.isFinite else {
          let unit = name == "t_s" ? "s" : "pt"
          throw Problem(
            line: number, column: name, expected: "a finite number (\(unit))", got: "\"\(field)\"")
        }
        values.append(value)
      }
      if values[0] < 0 {
        throw Problem(
          line: number, column: "t_s", expected: "a time ≥ 0 (s)", got: String(fields[0]))
      }
      if let previous = samples.last, values[0] <= previous.t_s {
        throw Problem(
          line: number, column: "t_s",
          expected: "a time later than the previous sample's \(previous.t_s) s (times must "
            + "increase)", got: String(fields[0]))
      }
      samples.append(TouchSample(values[0], values[1], values[2]))
    }
    if !sawHeader {
      throw Problem(line: nil, column: "", expected: "the header t_s,x_pt,y_pt", got: "nothing")
    }
    if samples.isEmpty {
      throw Problem(
        line: nil, column: "", expected: "at least one sample after the header",
        got: "none")
    }
    return samples
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    var s = self
    while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
    return s
  }
}
