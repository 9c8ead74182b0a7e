import FeelCore
import FeelScene
import FeelSweep

/// Adds a comp to a control file's text (the studio's "Save as comp", docs/http-api.md): the new
/// `[[comp]]` section goes right after the file's last comp (after its last line of keys, so a
/// comment that opens the next section stays with it), or at the end of a file without comps.
/// Every other byte of the file, its comments included, is kept as it was. Pure: the caller
/// reads and writes the file.
public enum ControlCompInsertion {
  /// `text` (control file `file`) with `comp` added. Throws when the file does not read, when
  /// the comp is not one of its control (a name taken, an unknown constant, no value, a value
  /// not finite), or when the new text would not read back as the old file plus that comp.
  public static func inserting(_ comp: ControlComp, into text: String, file: String)
    throws(ControlError) -> String
  {
    try insertion(comp, into: text, file: file).text
  }

  /// `inserting`'s new text, and the section it added (the values in the control's order).
  public static func insertion(_ comp: ControlComp, into text: String, file: String)
    throws(ControlError) -> (text: String, section: String)
  {
    let before = try ControlReader.parse(text, file: file)
    let location = SourceLocation(
      file: file, line: nil, table: "comp \"\(comp.name)\"", key: "name")
    if comp.name.isEmpty || comp.name.contains(where: \.isNewline) {
      throw location.error(expected: "a comp name on one line", got: "\"\(comp.name)\"")
    }
    if before.comps.contains(where: { $0.name == comp.name }) {
      throw location.error(
        expected: "a name no other comp of the file has", got: "\"\(comp.name)\"")
    }
    let names = before.constants.map(\.name)
    if comp.values.isEmpty {
      throw location.error(expected: "at least one constant", got: "none")
    }
    for value in comp.values {
      guard names.contains(value.constant) else {
        throw location.error(
          expected: "a constant of this control (\(names.joined(separator: ", ")))",
          got: "\"\(value.constant)\"",
          suggestion: NameSuggestion.closest(to: value.constant, among: names))
      }
      guard value.value.isFinite else {
        throw location.error(
          expected: "a finite number for \(value.constant)", got: "\(value.value)")
      }
    }
    // In the control's order of constants, as the reader keeps them.
    let ordered = comp.values.sorted {
      (names.firstIndex(of: $0.constant) ?? 0) < (names.firstIndex(of: $1.constant) ?? 0)
    }
    let section = sectionText(ControlComp(name: comp.name, note: comp.note, values: ordered))
    let result = insert(section, into: text)
    let after = try ControlReader.parse(result, file: file)
    var expected = before
    expected.comps.append(ControlComp(name: comp.name, note: comp.note, values: ordered))
    guard sameApartFromLines(after, expected) else {
      throw location.error(
        expected: "a file the new comp can be added to without changing anything else",
        got: "a file whose last comp could not be found")
    }
    return (result, section)
  }

  /// The `[[comp]]` section of `comp`, ending with a newline.
  static func sectionText(_ comp: ControlComp) -> String {
    var out = "[[comp]]\nname = " + QuotedString.quoted(comp.name) + "\n"
    if !comp.note.isEmpty { out += "note = " + QuotedString.quoted(comp.note) + "\n" }
    out +=
      "values = { "
      + comp.values.map { $0.constant + " = " + number($0.value) }.joined(separator: ", ")
      + " }\n"
    return out
  }

  /// A TOML number for a finite `x`: an integer when it is one, else Swift's shortest text
  /// that reads back as the same double.
  static func number(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return "\(x)"
  }

  /// `section` placed after the last line of keys of the last `[[comp]]` section of `text`,
  /// else at its end; separated from what comes before by one blank line.
  static func insert(_ section: String, into text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    let hasFinalNewline = text.hasSuffix("\n")
    if hasFinalNewline { lines.removeLast() }
    var lastComp: Int?
    var inMultiline = false
    var headers: [Int] = []
    for (i, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if !inMultiline && trimmed.hasPrefix("[") {
        headers.append(i)
        if trimmed.hasPrefix("[[comp]]") { lastComp = i }
      }
      // A multi-line string (""" or ''') opened and not closed on this line.
      for quote in ["\"\"\"", "'''"] where line.components(separatedBy: quote).count % 2 == 0 {
        inMultiline.toggle()
      }
    }
    guard let start = lastComp else {
      var out = text
      if !out.isEmpty && !hasFinalNewline { out += "\n" }
      if !out.isEmpty && !out.hasSuffix("\n\n") { out += "\n" }
      return out + section
    }
    let end = headers.first { $0 > start } ?? lines.count
    // The last line of the section that is neither blank nor a comment.
    var last = start
    for i in start..<end {
      let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
      if !trimmed.isEmpty && !trimmed.hasPrefix("#") { last = i }
    }
    let sectionLines = section.components(separatedBy: "\n").dropLast()
    lines.insert(contentsOf: [""] + sectionLines, at: last + 1)
    return lines.joined(separator: "\n") + (hasFinalNewline ? "\n" : "")
  }

  /// Equal files, apart from the lines where things are written (the insertion moves every
  /// section after it down): compared as the reader's values with every line forgotten.
  private static func sameApartFromLines(_ a: ControlFile, _ b: ControlFile) -> Bool {
    func unlocated(_ f: ControlFile) -> ControlFile {
      var f = f
      func strip(_ l: SourceLocation) -> SourceLocation {
        SourceLocation(file: l.file, line: nil, table: l.table, key: l.key)
      }
      func strip(_ s: ControlScene) -> ControlScene {
        var s = s
        s.location = strip(s.location)
        return s
      }
      f.constants = f.constants.map { c in
        var c = c
        c.location = strip(c.location)
        return c
      }
      f.presets = f.presets.map(strip)
      f.exportCharts = f.exportCharts.map(strip)
      f.trajectoryCharts = f.trajectoryCharts.map { chart in
        var chart = chart
        chart.scenes = chart.scenes.map(strip)
        return chart
      }
      f.skin.line = nil
      f.skin.glyphs = f.skin.glyphs.map { g in
        var g = g
        g.location = strip(g.location)
        return g
      }
      return f
    }
    return unlocated(a) == unlocated(b)
  }
}
