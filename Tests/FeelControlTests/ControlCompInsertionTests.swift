import FeelControl
import FeelTestSupport
import Foundation
import Testing

/// `old` with `block` inserted after its line `after` (0-based).
private func inserting(_ block: [String], after: Int, into old: String) -> String {
  var lines = old.components(separatedBy: "\n")
  lines.insert(contentsOf: block, at: after + 1)
  return lines.joined(separator: "\n")
}

@Suite("Control files: adding a comp (Save as comp)")
struct ControlCompInsertionTests {
  @Test("Castro: one block after the last comp's keys, every other line and comment kept")
  func castro() throws {
    let path = "experiments/controls/castro.toml"
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let comp = ControlComp(
      name: "Felt \"live\"", note: "from the studio",
      values: [.init("width", 300), .init("damping", 0.4137)])
    let new = try ControlCompInsertion.inserting(comp, into: text, file: path)
    // The last comp's last line of keys (its `values`, as every comp of the file ends).
    let lines = text.components(separatedBy: "\n")
    let lastComp = try #require(lines.lastIndex(of: "[[comp]]"))
    let lastKeys = try #require(lines[lastComp...].firstIndex { $0.hasPrefix("values = ") })
    // After it: a blank line, then the section with the values in the control's order.
    let block = [
      "", "[[comp]]", "name = \"Felt \\\"live\\\"\"", "note = \"from the studio\"",
      "values = { damping = 0.4137, width = 300 }",
    ]
    #expect(new == inserting(block, after: lastKeys, into: text))
    // Read back: the comps grew by the new one, with its values.
    let read = try ControlReader.parse(new, file: path)
    #expect(read.comps.last?.name == "Felt \"live\"")
    #expect(read.comps.last?.values == [.init("damping", 0.4137), .init("width", 300)])
    #expect(read.comps.count == (try ControlReader.parse(text, file: path)).comps.count + 1)
  }

  @Test("A file without comps: the section at its end, after one blank line")
  func noComps() throws {
    let text = """
      title = "T"  # the title
      [[constant]]
      name = "d"
      label = "d"
      paths = ["behavior.s.damping"]
      # a comment at the end
      """
    let new = try ControlCompInsertion.inserting(
      ControlComp(name: "A", values: [.init("d", 0.5)]), into: text + "\n", file: "c/t.toml")
    #expect(new == text + "\n\n[[comp]]\nname = \"A\"\nvalues = { d = 0.5 }\n")
  }

  @Test("A multi-line note of the last comp, and a section after it with its comment")
  func multiline() throws {
    let text = """
      title = "T"
      [[constant]]
      name = "d"
      label = "d"
      paths = ["behavior.s.damping"]

      [[comp]]
      name = "A"
      note = \"\"\"
      [not a header]
      \"\"\"
      values = { d = 1 }

      # the preset below
      [[preset]]
      scene = "s.toml"

      """
    let new = try ControlCompInsertion.inserting(
      ControlComp(name: "B", values: [.init("d", -2.5e-7)]), into: text, file: "c/t.toml")
    // after `values = { d = 1 }`, the 12th line; the note's "[not a header]" is not a section
    #expect(
      new
        == inserting(
          ["", "[[comp]]", "name = \"B\"", "values = { d = -2.5e-07 }"], after: 11, into: text))
  }

  @Test("Refused: a name taken, an unknown constant, no values, a value not finite")
  func refused() throws {
    let path = "experiments/controls/castro.toml"
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let cases: [(ControlComp, String)] = [
      (ControlComp(name: "Castro 2014", values: [.init("damping", 1)]), "a name no other comp"),
      (ControlComp(name: "X", values: [.init("dampng", 1)]), "did you mean 'damping'?"),
      (ControlComp(name: "X", values: []), "at least one constant"),
      (ControlComp(name: "X", values: [.init("damping", .nan)]), "a finite number"),
      (ControlComp(name: "", values: [.init("damping", 1)]), "a comp name on one line"),
    ]
    for (comp, message) in cases {
      do {
        _ = try ControlCompInsertion.inserting(comp, into: text, file: path)
        Issue.record("no error for \(comp)")
      } catch {
        #expect(error.description.contains(message), "\(error.description)")
        #expect(error.file == path)
      }
    }
  }
}
