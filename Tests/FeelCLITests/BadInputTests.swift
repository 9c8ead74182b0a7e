import FeelTestSupport
import Foundation
import Testing

/// A malformed scene and what `feel run` must say about it: the line (1-based) and key the
/// message names, and fragments of what it expected (and got).
struct BadScene: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String
  /// The line the message names; nil for an error with no line.
  var line: Int?
  /// The column, for TOML syntax errors.
  var column: Int?
  /// The key the message names in quotes (`'magnitude'`); empty for syntax errors.
  var key: String
  var fragments: [String]

  var testDescription: String { name }
}

private let base = barSceneBase

/// `barSceneBase` followed by `lines`, the first of them on line 6.
private func scene(_ lines: String...) -> String { barScene(lines) }

/// `[[behavior]]` on line 6, its id on line 7, its type on line 8, `items = ["bar"]` on line 9,
/// then `lines` from line 10 on.
private func behavior(_ id: String, _ type: String, _ lines: String...) -> String {
  ([base, "[[behavior]]", "id = \"\(id)\"", "type = \"\(type)\"", "items = [\"bar\"]"] + lines)
    .joined(separator: "\n") + "\n"
}

private let badScenes: [BadScene] = [
  BadScene(
    name: "TOML syntax error", text: "duration = 1.0\nframe_rate = 6o\n", line: 2, column: 15,
    key: "", fragments: ["TOML syntax"]),
  BadScene(
    name: "unknown top-level key", text: "duraton = 1.0\n", line: 1, key: "duraton",
    fragments: ["expected a key of a scene's top level", "did you mean 'duration'?"]),
  BadScene(
    name: "unknown item key",
    text: scene("[[item]]", "id = \"knob\"", "size = [10, 10]", "centre = [0, 0]"), line: 9,
    key: "centre",
    fragments: ["item \"knob\"", "expected a key of an item", "did you mean 'center'?"]),
  BadScene(
    name: "unknown behavior key",
    text: behavior("snap", "snap", "point = [0, 0]", "dampng = 0.3"), line: 11, key: "dampng",
    fragments: ["behavior \"snap\"", "a key of a snap behavior", "did you mean 'damping'?"]),
  BadScene(
    name: "wrong type: string for a number",
    text: behavior("hint-push", "push", "mode = \"instantaneous\"", "magnitude = \"four\""),
    line: 11, key: "magnitude",
    fragments: ["behavior \"hint-push\"", "expected a number", "got \"four\""]),
  BadScene(
    name: "wrong type: string for a boolean", text: behavior("g", "gravity", "start = \"no\""),
    line: 10, key: "start", fragments: ["expected true or false", "got \"no\""]),
  BadScene(
    name: "wrong type: number for a point", text: behavior("s", "snap", "point = 3"), line: 10,
    key: "point", fragments: ["expected a snap point [x, y] (pt)", "got 3"]),
  BadScene(
    name: "missing required key of an item",
    text: scene("[[item]]", "id = \"knob\"", "size = [10, 10]"), line: 6, key: "center",
    fragments: ["item \"knob\"", "expected a centre [x, y] (pt)", "got nothing"]),
  BadScene(
    name: "missing required key of a behavior", text: behavior("s", "snap"), line: 6,
    key: "point", fragments: ["behavior \"s\"", "expected a snap point", "got nothing"]),
  BadScene(
    name: "missing push mode", text: behavior("p", "push", "magnitude = 1"), line: 6,
    key: "mode", fragments: ["expected one of \"instantaneous\", \"continuous\"", "got nothing"]),
  BadScene(
    name: "unknown behavior type", text: behavior("s", "snapp", "point = [0, 0]"), line: 8,
    key: "type",
    fragments: ["expected one of \"snap\", \"push\"", "got \"snapp\"", "did you mean 'snap'?"]),
  BadScene(
    name: "unknown profile", text: "profile = \"ios8\"\n" + base + "\n", line: 1, key: "profile",
    fragments: ["expected one of \"modern\", \"ios7\"", "got \"ios8\"", "did you mean 'ios7'?"]),
  BadScene(
    name: "unknown rule trigger", text: scene("[[rule]]", "on = \"contakt\""), line: 7, key: "on",
    fragments: ["rule #1", "expected one of \"contact\", \"time\", \"pause\"", "'contact'"]),
  BadScene(
    name: "duplicate item id",
    text: scene("[[item]]", "id = \"bar\"", "size = [10, 10]", "center = [0, 0]"), line: 7,
    key: "id", fragments: ["item #2", "an id no other item has", "\"bar\", as item #1"]),
  BadScene(
    name: "duplicate behavior id",
    text: behavior("g", "gravity")
      + "[[behavior]]\nid = \"g\"\ntype = \"push\"\nitems = [\"bar\"]\nmode = \"continuous\"\n",
    line: 11, key: "id",
    fragments: ["behavior #2", "an id no other behavior has", "\"g\", as behavior #1"]),
  BadScene(
    name: "duplicate boundary id",
    text: behavior(
      "w1", "collision", "boundaries = [ { id = \"wall\", from = [0, 0], to = [0, 50] } ]")
      + "[[behavior]]\nid = \"w2\"\ntype = \"collision\"\nitems = [\"bar\"]\n"
      + "boundaries = [ { id = \"wall\", from = [100, 0], to = [100, 50] } ]\n",
    line: 15, key: "id",
    fragments: ["behavior \"w2\" boundary", "a boundary id not used elsewhere", "\"wall\""]),
  BadScene(
    name: "behavior naming an unknown item",
    text: scene("[[behavior]]", "id = \"g\"", "type = \"gravity\"", "items = [\"baz\"]"), line: 9,
    key: "items",
    fragments: ["behavior \"g\"", "expected the id of an item (bar)", "got \"baz\"", "'bar'?"]),
  BadScene(
    name: "attachment to an unknown item", text: behavior("a", "attachment", "to = \"bat\""),
    line: 10, key: "to",
    fragments: ["behavior \"a\"", "expected the id of an item (bar)", "got \"bat\"", "'bar'?"]),
  BadScene(
    name: "rule adding an unknown behavior",
    text: behavior("gravity", "gravity", "start = false", "[[rule]]", "on = \"time\"", "at = 0.5")
      + "add = [\"gravty\"]\n", line: 14, key: "add",
    fragments: [
      "rule #1", "expected the id of a behavior (gravity)", "got \"gravty\"",
      "did you mean 'gravity'?",
    ]),
  BadScene(
    name: "rule removing an unknown behavior",
    text: behavior("gravity", "gravity", "[[rule]]", "on = \"pause\"", "remove = [\"snap\"]"),
    line: 12, key: "remove",
    fragments: ["rule #1", "expected the id of a behavior (gravity)", "got \"snap\""]),
  BadScene(
    name: "contact rule naming an unknown boundary",
    text: behavior(
      "w", "collision", "boundaries = [ { id = \"wall\", from = [0, 0], to = [0, 50] } ]",
      "[[rule]]", "on = \"contact\"", "boundary = \"wal\""),
    line: 13, key: "boundary",
    fragments: ["rule #1", "expected the id of a boundary (wall)", "got \"wal\"", "'wall'?"]),
  BadScene(
    name: "zero size",
    text: scene("[[item]]", "id = \"knob\"", "size = [0, 10]", "center = [0, 0]"), line: 8,
    key: "size", fragments: ["item \"knob\"", "two numbers > 0", "got [0, 10]"]),
  BadScene(
    name: "negative size",
    text: scene("[[item]]", "id = \"knob\"", "size = [10, -5.5]", "center = [0, 0]"), line: 8,
    key: "size", fragments: ["two numbers > 0", "got [10, -5.5]"]),
  BadScene(
    name: "zero frame rate", text: "frame_rate = 0\n" + base + "\n", line: 1, key: "frame_rate",
    fragments: ["expected a number > 0 (Hz)", "got 0"]),
  BadScene(
    name: "negative duration", text: "duration = -1.0\n", line: 1, key: "duration",
    fragments: ["expected a number > 0 (s)", "got -1.0"]),
  BadScene(
    name: "NaN in a point",
    text: scene("[[item]]", "id = \"knob\"", "size = [10, 10]", "center = [nan, 0]"), line: 9,
    key: "center", fragments: ["expected a centre [x, y] (pt): two numbers", "got [nan, 0]"]),
  BadScene(
    name: "infinite duration", text: "duration = inf\n", line: 1, key: "duration",
    fragments: ["expected a number > 0 (s)", "got inf"]),
  BadScene(
    name: "infinite magnitude",
    text: behavior("p", "push", "mode = \"continuous\"", "magnitude = -inf"), line: 11,
    key: "magnitude", fragments: ["expected a number", "got -inf"]),
  BadScene(
    name: "direction together with angle",
    text: behavior("g", "gravity", "angle = 1.0", "direction = [0, 1]"), line: 10,
    key: "angle", fragments: ["no angle when direction is given", "got 1.0"]),
  BadScene(
    name: "direction together with magnitude",
    text: behavior("p", "push", "mode = \"continuous\"", "direction = [0, 1]", "magnitude = 2"),
    line: 12, key: "magnitude", fragments: ["no magnitude when direction is given", "got 2"]),
  BadScene(
    name: "reference_bounds without reference_size",
    text: behavior("w", "collision", "reference_bounds = true"), line: 10,
    key: "reference_bounds",
    fragments: ["behavior \"w\"", "reference_size", "got no reference_size"]
  ),
  BadScene(
    name: "collision behavior with two items",
    text: scene(
      "[[item]]", "id = \"knob\"", "size = [10, 10]", "center = [0, 0]", "[[behavior]]",
      "id = \"w\"", "type = \"collision\"", "items = [\"bar\", \"knob\"]",
      "boundaries = [ { id = \"wall\", from = [0, 0], to = [0, 50] } ]"),
    line: 13, key: "items",
    fragments: [
      "behavior \"w\"", "exactly one item id", "item–item collisions are not supported yet",
      "got [\"bar\", \"knob\"]",
    ]),
]

@Suite("feel run: bad input exits 2 with one clear message and no rows")
struct BadInputTests {
  @Test("a malformed scene", arguments: badScenes)
  func malformedScene(_ bad: BadScene) throws {
    let folder = try TemporaryFolder()
    try folder.write(bad.text, to: "bad.toml")
    let result = try runFeel(["run", "bad.toml"], in: folder.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty, "rows written: \(result.output)")
    let lines = result.errorLines
    #expect(lines.count == 1, "expected one message, got: \(result.errors)")
    let message = String(lines.first ?? "")
    var place = "feel: error: bad.toml"
    if let line = bad.line { place += ":\(line)" }
    if let column = bad.column { place += ":\(column)" }
    #expect(message.hasPrefix(place + ":"), "\(message)")
    if !bad.key.isEmpty {
      #expect(message.contains("'\(bad.key)'"), "\(message)")
      #expect(message.contains("expected"), "\(message)")
    }
    for fragment in bad.fragments {
      #expect(message.contains(fragment), "missing \(fragment) in: \(message)")
    }
  }

  @Test("the same malformed scene gives the same message with --events")
  func malformedSceneWithEvents() throws {
    let folder = try TemporaryFolder()
    try folder.write(behavior("s", "snapp"), to: "bad.toml")
    let plain = try runFeel(["run", "bad.toml"], in: folder.url)
    let withEvents = try runFeel(["run", "bad.toml", "--events"], in: folder.url)
    #expect(withEvents.status == 2)
    #expect(withEvents.stdout.isEmpty)
    #expect(withEvents.stderr == plain.stderr, "no events header before the error")
  }

  /// A scene path `feel` cannot read, and the reason its message gives.
  enum Unreadable: String, CaseIterable, Sendable {
    case absent = "no such file"
    case directory = "it is a directory"
    case notUTF8 = "it is not UTF-8 text"

    /// Makes the file (or not) in `folder`; returns its name.
    func make(in folder: TemporaryFolder) throws -> String {
      switch self {
      case .absent:
        return "absent.toml"
      case .directory:
        let url = folder.url.appendingPathComponent("folder.toml")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return "folder.toml"
      case .notUTF8:
        // "café" in Latin-1: 0xE9 alone is not UTF-8.
        let bytes = Array("title = \"caf".utf8) + [0xE9] + Array("\"\n".utf8)
        try Data(bytes).write(to: folder.url.appendingPathComponent("latin1.toml"))
        return "latin1.toml"
      }
    }
  }

  @Test("a scene file that cannot be read", arguments: Unreadable.allCases)
  func unreadableFile(_ kind: Unreadable) throws {
    let folder = try TemporaryFolder()
    let name = try kind.make(in: folder)
    let result = try runFeel(["run", name], in: folder.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errorLines.count == 1, "\(result.errors)")
    #expect(
      result.errors.hasPrefix("feel: error: \(name): cannot read the scene file"),
      "\(result.errors)")
    #expect(result.errors.contains(kind.rawValue), "\(result.errors)")
    #expect(result.errors.contains("expected a scene file (TOML, UTF-8)"), "\(result.errors)")
  }
}

@Suite("feel: command-line usage errors exit 2")
struct UsageTests {
  @Test("`feel run` without a scene")
  func missingScene() throws {
    let result = try runFeel(["run"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errors.contains("Missing expected argument '<scene>'"), "\(result.errors)")
    #expect(result.errors.contains("Usage: feel run <scene>"), "\(result.errors)")
  }

  @Test("an unknown option")
  func unknownOption() throws {
    let result = try runFeel(["run", "experiments/scenes/apple-snap.toml", "--evnets"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errors.contains("Unknown option '--evnets'"), "\(result.errors)")
  }

  @Test("an unknown subcommand")
  func unknownSubcommand() throws {
    let result = try runFeel(["rnu", "experiments/scenes/apple-snap.toml"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errors.contains("'rnu'"), "\(result.errors)")
  }

  @Test("an unknown engine variant")
  func unknownEngine() throws {
    let result = try runFeel(["run", "experiments/scenes/apple-snap.toml", "--engine", "box2d"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.errors.contains("'box2d'"), "\(result.errors)")
  }

  @Test("--help is not an error, and does not show the test-only --engine option")
  func help() throws {
    let result = try runFeel(["run", "--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("<scene>"), "\(result.output)")
    #expect(result.output.contains("--events"), "\(result.output)")
    #expect(!result.output.contains("--engine"), "\(result.output)")
  }
}
