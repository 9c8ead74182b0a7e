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
    name: "concave path",
    text: scene(
      "[[item]]", "id = \"knob\"", "size = [10, 10]", "center = [0, 0]", "bounds = \"path\"",
      "path = [[-5, -5], [5, -5], [0, 0], [5, 5], [-5, 5]]"),
    line: 11, key: "path", fragments: ["item \"knob\"", "a convex path", "broken inertia"]),
  BadScene(
    name: "self-intersecting path",
    text: scene(
      "[[item]]", "id = \"knob\"", "size = [10, 10]", "center = [0, 0]", "bounds = \"path\"",
      "path = [[-5, -5], [5, 5], [5, -5], [-5, 5]]"),
    line: 11, key: "path", fragments: ["item \"knob\"", "edges do not cross"]),
  BadScene(
    name: "path of two points",
    text: scene(
      "[[item]]", "id = \"knob\"", "size = [10, 10]", "center = [0, 0]", "bounds = \"path\"",
      "path = [[0, 0], [5, 0]]"),
    line: 11, key: "path", fragments: ["item \"knob\"", "at least 3 distinct points"]),
  BadScene(
    name: "path without bounds = path",
    text: scene(
      "[[item]]", "id = \"knob\"", "size = [10, 10]", "center = [0, 0]",
      "bounds = \"ellipse\"", "path = [[0, 0], [5, 0], [0, 5]]"),
    line: 11, key: "path",
    fragments: ["path only with bounds = \"path\"", "got bounds = \"ellipse\""]),
  BadScene(
    name: "group in a group",
    text: scene(
      "[[group]]", "id = \"g\"", "items = [\"bar\"]", "[[group]]", "id = \"h\"",
      "items = [\"g\"]"),
    line: 11, key: "items", fragments: ["group \"h\"", "a group holds no group", "got \"g\""]),
  BadScene(
    name: "empty group", text: scene("[[group]]", "id = \"g\"", "items = []"), line: 8,
    key: "items", fragments: ["group \"g\"", "at least one item id", "got []"]),
  BadScene(
    name: "group under profile ios7",
    text: "profile = \"ios7\"\n" + scene("[[group]]", "id = \"g\"", "items = [\"bar\"]"),
    line: 9, key: "items", fragments: ["group \"g\"", "profile = \"ios7\"", "iOS 9's"]),
  BadScene(
    name: "anchored under profile ios7",
    text: "profile = \"ios7\"\n" + behavior("props", "item", "anchored = true"), line: 11,
    key: "anchored", fragments: ["behavior \"props\"", "profile = \"ios7\"", "iOS 9's"]),
  BadScene(
    name: "collision behavior naming an unknown item",
    text: scene(
      "[[item]]", "id = \"knob\"", "size = [10, 10]", "center = [0, 0]", "[[behavior]]",
      "id = \"w\"", "type = \"collision\"", "items = [\"bar\", \"puck\"]",
      "boundaries = [ { id = \"wall\", from = [0, 0], to = [0, 50] } ]"),
    line: 13, key: "items",
    fragments: ["behavior \"w\"", "puck"]),
]

@Suite("feel run: bad input exits 2 with one clear message and no rows")
struct BadInputTests {
  @Test("a malformed scene", arguments: badScenes)
  func malformedScene(_ bad: BadScene) throws {
    let message = try refusedRunMessage(bad.text)
    var place = "feel: error: bad.toml"
    if let line = bad.line { place += ":\(line)" }
    if let column = bad.column { place += ":\(column)" }
    #expect(message.hasPrefix(place + ":"), "\(message)")
    if !bad.key.isEmpty {
      #expect(message.contains("'\(bad.key)'"), "\(message)")
      #expect(message.contains("expected"), "\(message)")
    }
    expectFragments(bad.fragments, in: message)
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
    case notUTF8 = "it is not a text file (byte 0xE9 at offset 12, line 1, is not UTF-8)"

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
        // "café" in Latin-1: 0xE9 alone is not UTF-8; it is byte 12 (0-based) of line 1.
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

/// Input that ran and exited 0 before (issue 9): a binary file (the TOML library stopped at the
/// NUL byte and saw an empty document), an empty file, a scene with nothing to simulate; and
/// text the TOML library tripped over (found by `make fuzz`). Each must exit 2 with one line
/// that names the file.
@Suite("feel: files that are not text, or hold nothing to simulate, exit 2")
struct NotTextOrEmptyTests {
  /// A file's bytes and what the message must say after `feel: error: NAME`.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var fragments: [String]
    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ fragments: String...) {
      self.name = name
      self.bytes = bytes
      self.fragments = fragments
    }

    init(_ name: String, _ text: String, _ fragments: String...) {
      self.name = name
      bytes = Array(text.utf8)
      self.fragments = fragments
    }
  }

  /// `barSceneBase` (5 lines) and a line break, then a NUL byte: line 6.
  static let nulBytes: [UInt8] = Array((barSceneBase + "\n").utf8) + [0] + Array("junk".utf8)

  static let sceneCases: [Case] = [
    Case(
      "a NUL byte (a binary file)", nulBytes,
      ": cannot read the scene file: it is not a text file (a NUL byte at offset "
        + "\((barSceneBase + "\n").utf8.count), line 6)", "expected a scene file (TOML, UTF-8)"),
    Case("an empty file", [], ": cannot read the scene file: it is empty;"),
    Case(
      "only white space", " \n\t\n", ": cannot read the scene file: it is empty (only white space)"),
    Case(
      "no [[item]]", "duration = 1.0\n",
      ":1: key 'item': expected at least one [[item]] section", "got nothing"),
    Case(
      "only comments", "# a scene\n# to come\n",
      ":1: key 'item': expected at least one [[item]] section", "got nothing"),
    Case(
      "an empty item array", "item = []\n", ":1: key 'item': expected at least one [[item]]",
      "got []"),
    Case(
      "a header with no key (TOML++ asserted)", barScene(["["]),
      ":6:2: TOML syntax: error while parsing table header: expected a bare key or a quoted key, "
        + "saw end of line"),
    Case(
      "[[[ (TOML++ asserted)", "[[[a]]]\n",
      ":1:3: TOML syntax: error while parsing table header"),
    Case(
      "} in an array (TOML++ asserted)", barScene(["[[behavior]]", "id = \"g\"", "items = [}"]),
      ":8:10: TOML syntax: error while parsing array: expected a value, ',' or ']', saw '}'"),
    Case(
      "a line separator in an array (TOML++ asserted)", "title = [\u{2028}]\n",
      ":1:10: TOML syntax: expected TOML outside strings and comments, saw U+2028"),
    Case(
      "a line break in an id, quoted on one line", barScene(["[[behavior]]", "id = \"a\\nb\""]),
      ":6: behavior \"a\\nb\" key 'type'"),
  ]

  @Test("feel run", arguments: sceneCases)
  func run(_ bad: Case) throws {
    let folder = try TemporaryFolder()
    try Data(bad.bytes).write(to: folder.url.appendingPathComponent("bad.toml"))
    let result = try runFeel(["run", "bad.toml"], in: folder.url)
    expectOneMessage(result, file: "bad.toml", bad.fragments)
  }

  @Test("feel metrics reads scenes the same way")
  func metrics() throws {
    let folder = try TemporaryFolder()
    try Data(Self.nulBytes).write(to: folder.url.appendingPathComponent("bad.toml"))
    let run = try runFeel(["run", "bad.toml"], in: folder.url)
    let metrics = try runFeel(["metrics", "bad.toml"], in: folder.url)
    #expect(metrics.status == 2)
    #expect(metrics.stdout.isEmpty)
    #expect(metrics.errors == run.errors)
  }

  /// A scene with items and no behaviors is valid (UIKit simulates nothing then): every item
  /// stays at its centre, at rest, in every frame.
  @Test("a still scene: items without behaviors stay put, exit 0")
  func stillScene() throws {
    let folder = try TemporaryFolder()
    try folder.write(barScene([]), to: "still.toml")
    let result = try runFeel(["run", "still.toml"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    let rows = result.output.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").map(String.init)
    }
    #expect(rows.count == 61, "one row per frame 0…60 of the 1 s scene")
    for row in rows {
      // frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running
      #expect(row[2] == "bar")
      #expect(row[3...8].map { Double($0) } == [50, 25, 0, 0, 0, 0], "\(row)")
    }
  }

  static let experimentCases: [Case] = [
    Case(
      "a NUL byte", Array("title = \"t\"\n".utf8) + [0],
      ": cannot read the experiment file: it is not a text file (a NUL byte at offset 12, line 2)",
      "expected an experiment file (TOML, UTF-8)"),
    Case("an empty file", [], ": cannot read the experiment file: it is empty;"),
    Case(
      "not UTF-8", Array("title = \"".utf8) + [0xFF, 0xFE],
      ": cannot read the experiment file: it is not a text file (byte 0xFF at offset 9, line 1, "
        + "is not UTF-8)"),
  ]

  @Test("feel sweep and feel notebook", arguments: experimentCases)
  func experiment(_ bad: Case) throws {
    let folder = try TemporaryFolder()
    try Data(bad.bytes).write(to: folder.url.appendingPathComponent("exp.toml"))
    for command in [["sweep", "exp.toml", "--output", "out.csv"], ["notebook", "exp.toml"]] {
      let result = try runFeel(command, in: folder.url)
      expectOneMessage(result, file: "exp.toml", bad.fragments)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["exp.toml"])
    }
  }

  @Test("an experiment whose base scene has no items: the message names the scene")
  func experimentOnAnEmptyScene() throws {
    let folder = try TemporaryFolder()
    try folder.write("duration = 1.0\n", to: "empty-scene.toml")
    try folder.write(
      "title = \"t\"\nscene = \"empty-scene.toml\"\nmetrics = [\"overshoot_pt\"]\n"
        + "[[axis]]\nname = \"d\"\npath = \"duration\"\nvalues = [1]\n", to: "exp.toml")
    let result = try runFeel(["sweep", "exp.toml", "--output", "out.csv"], in: folder.url)
    expectOneMessage(
      result, file: "empty-scene.toml", [":1: key 'item': expected at least one [[item]]"])
  }

  @Test("feel check: a baseline that is empty or not text", arguments: [[UInt8](), [0x23, 0x00]])
  func baseline(_ bytes: [UInt8]) throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("castro-tap-hint-left.trajectory.csv").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let result = try runFeel([
      "check", "--baselines", folder.url.path, "--experiments", "castro-tap-hint-left",
    ])
    expectOneMessage(
      result, file: path,
      [
        ": cannot read the baseline: "
          + (bytes.isEmpty
            ? "it is empty" : "it is not a text file (a NUL byte at offset 1, line 1)"),
        "expected a baseline CSV, as feel check --record writes it",
      ])
  }

  /// Exit 2, nothing on standard output, one line on standard error: `feel: error: FILE…`
  /// holding every fragment.
  private func expectOneMessage(
    _ result: FeelResult, file: String, _ fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 2, "\(result.errors)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "\(result.output)", sourceLocation: sourceLocation)
    #expect(result.errorLines.count == 1, "\(result.errors)", sourceLocation: sourceLocation)
    #expect(
      result.errors.hasPrefix("feel: error: \(file)"), "\(result.errors)",
      sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(
        result.errors.contains(fragment), "missing \(fragment) in \(result.errors)",
        sourceLocation: sourceLocation)
    }
  }
}
