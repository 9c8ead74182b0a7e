import FeelTestSupport
import Foundation
import Testing

/// A scene with a touch that `feel run` must refuse: the line and key its message names (or,
/// for a trace file, the file and row) and fragments of what it says.
struct BadTouchScene: Sendable, CustomTestStringConvertible {
  var name: String
  var text: String
  /// Extra files beside the scene (name → text).
  var files: [String: String] = [:]
  /// Where the message points: `bad.toml:7`, `traces/a.csv:3`.
  var place: String
  var fragments: [String]
  /// What the message must not say.
  var absent: [String] = []

  var testDescription: String { name }
}

/// `barSceneBase` (lines 1–5), then a touch on lines 6–8, then `lines` from line 9 on.
private func touchScene(
  _ trace: String = "tap = { point = [50, 25], duration = 0.1 }",
  _ lines: String...
) -> String {
  barScene(["[[touch]]", "id = \"finger\"", trace] + lines)
}

/// A drag behavior on lines 9–14 (id, type, items, touch, mode), then `lines`.
private func dragBehavior(touch: String = "finger", _ lines: String...) -> [String] {
  [
    "[[behavior]]", "id = \"drag\"", "type = \"drag\"", "items = [\"bar\"]",
    "touch = \"\(touch)\"", "mode = \"follow\"",
  ] + lines
}

/// A drag trace on lines 6–8, a snap behavior on lines 9–13 (id "snap"), then `lines` from
/// line 14 on: a drag-ended rule that picks the snap's point.
private func pickScene(_ lines: String...) -> String {
  barScene(
    [
      "[[touch]]", "id = \"finger\"", "drag = { from = [50, 25], to = [150, 25], duration = 0.2 }",
      "[[behavior]]", "id = \"snap\"", "type = \"snap\"", "items = [\"bar\"]", "point = [50, 25]",
    ] + lines)
}

private let badTouchScenes: [BadTouchScene] = [
  BadTouchScene(
    name: "a pick on another event",
    text: pickScene("[[rule]]", "on = \"drag-began\"", "snap = \"snap\"", "nearest = [[0, 0]]"),
    place: "bad.toml:16",
    fragments: ["rule #1 key 'snap'", "only in a drag-ended rule", "got a drag-began rule"]),
  BadTouchScene(
    name: "a pick's snap that is not a snap",
    text: barScene(
      [
        "[[touch]]", "id = \"finger\"",
        "drag = { from = [50, 25], to = [150, 25], duration = 0.2 }",
      ]
        + dragBehavior()
        + ["[[rule]]", "on = \"drag-ended\"", "snap = \"drag\"", "nearest = [[0, 0]]"]),
    place: "bad.toml:17",
    fragments: [
      "rule #1 key 'snap'", "expected the id of a snap behavior (there are none)", "got \"drag\"",
    ]),
  BadTouchScene(
    name: "a pick's snap misspelt",
    text: pickScene("[[rule]]", "on = \"drag-ended\"", "snap = \"snp\"", "nearest = [[0, 0]]"),
    place: "bad.toml:16", fragments: ["rule #1 key 'snap'", "did you mean 'snap'?"]),
  BadTouchScene(
    name: "a pick without candidates",
    text: pickScene("[[rule]]", "on = \"drag-ended\"", "snap = \"snap\""),
    place: "bad.toml:14",
    fragments: ["rule #1 key 'nearest'", "expected nearest = [[x, y], …] (pt)", "got nothing"]),
  BadTouchScene(
    name: "candidates without a snap",
    text: pickScene("[[rule]]", "on = \"drag-ended\"", "nearest = [[0, 0]]"),
    place: "bad.toml:14", fragments: ["rule #1 key 'snap'", "got nothing"]),
  BadTouchScene(
    name: "a projection without a pick",
    text: pickScene("[[rule]]", "on = \"drag-ended\"", "projection = 0.99"),
    place: "bad.toml:16",
    fragments: ["rule #1 key 'projection'", "only with snap and nearest"]),
  BadTouchScene(
    name: "a projection of 1 (a glide that never ends)",
    text: pickScene(
      "[[rule]]", "on = \"drag-ended\"", "snap = \"snap\"", "nearest = [[0, 0]]", "projection = 1"),
    place: "bad.toml:18", fragments: ["rule #1 key 'projection'", "a number in [0, 1)", "got 1"]),
  BadTouchScene(
    name: "a candidate that is not a point",
    text: pickScene(
      "[[rule]]", "on = \"drag-ended\"", "snap = \"snap\"", "nearest = [[0, 0], [3]]"),
    place: "bad.toml:17",
    fragments: ["rule #1 key 'nearest'", "two finite numbers each", "[3] (point #2)"]),
  BadTouchScene(
    name: "times that do not increase",
    text: touchScene("samples = [[0, 50, 25], [0.05, 60, 25], [0.05, 70, 25]]"),
    place: "bad.toml:8",
    fragments: [
      "touch \"finger\" key 'samples'", "expected times that increase",
      "0.05 s after 0.05 s (sample #3)",
    ]),
  BadTouchScene(
    name: "a sample that is not three numbers",
    text: touchScene("samples = [[0, 50, 25], [0.1, 60]]"), place: "bad.toml:8",
    fragments: ["key 'samples'", "three finite numbers each", "(sample #2)"]),
  BadTouchScene(
    name: "a negative time", text: touchScene("samples = [[-0.1, 50, 25]]"),
    place: "bad.toml:8", fragments: ["key 'samples'", "times ≥ 0"]),
  BadTouchScene(
    name: "a trace file that cannot be read", text: touchScene("file = \"traces/missing.csv\""),
    place: "bad.toml:8",
    fragments: [
      "touch \"finger\" key 'file'", "expected a readable CSV trace file",
      "got \"traces/missing.csv\"", "traces/missing.csv: no such file",
    ]),
  BadTouchScene(
    name: "a trace file with a bad row", text: touchScene("file = \"traces/flick.csv\""),
    files: ["traces/flick.csv": "t_s,x_pt,y_pt\n0,240,25\n\n0.0167,236,x\n"],
    place: "traces/flick.csv:4",
    fragments: ["touch \"finger\" trace column 'y_pt'", "expected a finite number (pt)", "\"x\""]),
  BadTouchScene(
    name: "a trace file whose times do not increase", text: touchScene("file = \"flick.csv\""),
    files: ["flick.csv": "t_s, x_pt, y_pt\r\n0,240,25\r\n0.02,236,25\r\n0.01,230,25\r\n"],
    place: "flick.csv:4", fragments: ["column 't_s'", "later than the previous sample's 0.02 s"]),
  BadTouchScene(
    name: "a trace file without the header", text: touchScene("file = \"flick.csv\""),
    files: ["flick.csv": "0,240,25\n"], place: "flick.csv:1",
    fragments: ["expected the header t_s,x_pt,y_pt", "got \"0,240,25\""]),
  BadTouchScene(
    name: "two traces in one touch",
    text: touchScene(
      "tap = { point = [50, 25], duration = 0.1 }",
      "hold = { point = [50, 25], duration = 1 }"),
    place: "bad.toml:9",
    fragments: ["key 'hold'", "exactly one of samples, file, tap, hold, drag", "'tap' and 'hold'"]),
  BadTouchScene(
    name: "no trace", text: barScene(["[[touch]]", "id = \"finger\""]), place: "bad.toml:6",
    fragments: ["touch \"finger\" key 'samples'", "exactly one of", "got nothing"]),
  BadTouchScene(
    name: "a drag trace of no duration",
    text: touchScene("drag = { from = [0, 0], to = [50, 0], duration = 0 }"),
    place: "bad.toml:8",
    fragments: ["touch \"finger\" drag key 'duration'", "expected a number > 0 (s)", "got 0"]),
  BadTouchScene(
    name: "a rule on a touch that does not exist",
    text: touchScene(
      "tap = { point = [50, 25], duration = 0.1 }", "[[rule]]", "on = \"tap\"",
      "touch = \"fnger\""),
    place: "bad.toml:11",
    fragments: [
      "rule #1 key 'touch'", "expected the id of a touch (finger)", "got \"fnger\"",
      "did you mean 'finger'?",
    ]),
  BadTouchScene(
    name: "a touch rule in a scene without touches",
    text: barScene(["[[rule]]", "on = \"drag-ended\""]), place: "bad.toml:7",
    fragments: ["rule #1 key 'on'", "a [[touch]] in the scene for a drag-ended rule"]),
  BadTouchScene(
    name: "a drag behavior on an unknown touch",
    text: barScene(
      ["[[touch]]", "id = \"finger\"", "tap = { point = [50, 25], duration = 0.1 }"]
        + dragBehavior(touch: "thumb")),
    place: "bad.toml:13",
    fragments: [
      "behavior \"drag\" key 'touch'", "expected the id of a touch (finger)", "\"thumb\"",
    ]),
  BadTouchScene(
    name: "release_velocity on another event",
    text: touchScene(
      "tap = { point = [50, 25], duration = 0.1 }", "[[rule]]", "on = \"drag-began\"",
      "release_velocity = true"),
    place: "bad.toml:11",
    fragments: [
      "rule #1 key 'release_velocity'", "only in a drag-ended rule", "got a drag-began rule",
    ]),
  BadTouchScene(
    name: "a within that is not a rectangle",
    text: touchScene(
      "tap = { point = [50, 25], duration = 0.1 }", "[[rule]]", "on = \"tap\"",
      "within = [[160, 0], [0, 50]]"),
    place: "bad.toml:11",
    fragments: ["rule #1 key 'within'", "a rectangle [[x0, y0], [x1, y1]] (pt) with x0 < x1"]),
  BadTouchScene(
    name: "a follow drag present at t = 0 with a snap present on the same item",
    text: barScene(
      ["[[touch]]", "id = \"finger\"", "tap = { point = [50, 25], duration = 0.1 }"]
        + dragBehavior()
        + [
          "[[behavior]]", "id = \"snap\"", "type = \"snap\"", "items = [\"bar\"]",
          "point = [50, 25]",
        ]),
    place: "bad.toml:9",
    fragments: [
      "behavior \"drag\" key 'start'", "expected start = false", "behavior \"snap\"",
      "got start = true (the default)",
    ]),
  BadTouchScene(
    name: "the same with start = true written in the file: the message says what the file holds",
    text: barScene(
      ["[[touch]]", "id = \"finger\"", "tap = { point = [50, 25], duration = 0.1 }"]
        + dragBehavior("start = true")
        + [
          "[[behavior]]", "id = \"snap\"", "type = \"snap\"", "items = [\"bar\"]",
          "point = [50, 25]",
        ]),
    place: "bad.toml:15",
    fragments: ["behavior \"drag\" key 'start'", "got start = true", "snap\" on the same item"],
    absent: ["(the default)"]),
  BadTouchScene(
    name: "a rule adding a follow drag with another behavior on its item",
    text: barScene(
      ["[[touch]]", "id = \"finger\"", "tap = { point = [50, 25], duration = 0.1 }"]
        + dragBehavior("start = false")
        + [
          "[[behavior]]", "id = \"snap\"", "type = \"snap\"", "items = [\"bar\"]",
          "point = [50, 25]", "start = false", "[[rule]]", "on = \"drag-began\"",
          "add = [\"drag\", \"snap\"]",
        ]),
    place: "bad.toml:24",
    fragments: ["rule #1 key 'add'", "drag \"drag\" holds item \"bar\"", "got both added"]),
  BadTouchScene(
    name: "a key of another drag mode",
    text: barScene(
      ["[[touch]]", "id = \"finger\"", "tap = { point = [50, 25], duration = 0.1 }"]
        + dragBehavior("dead_zone = 5")),
    place: "bad.toml:15",
    fragments: ["key 'dead_zone'", "only with mode = \"rotate\"", "this drag's mode is \"follow\""]),
  BadTouchScene(
    name: "a negative slop",
    text: touchScene("tap = { point = [50, 25], duration = 0.1 }", "[recognizer]", "slop = -1"),
    place: "bad.toml:10", fragments: ["[recognizer] key 'slop'", "a number ≥ 0 (pt)"]),
  BadTouchScene(
    name: "a [measure] touch that does not exist",
    text: touchScene(
      "tap = { point = [50, 25], duration = 0.1 }", "[measure]", "touch = \"thumb\""),
    place: "bad.toml:10", fragments: ["[measure] key 'touch'", "the id of a touch (finger)"]),
]

@Suite("feel run: bad touches exit 2 with one clear message and no rows")
struct TouchBadInputTests {
  @Test("a malformed touch, trace, drag behavior or touch rule", arguments: badTouchScenes)
  func malformed(_ bad: BadTouchScene) throws {
    let folder = try TemporaryFolder()
    try folder.write(bad.text, to: "bad.toml")
    for (name, text) in bad.files { try folder.write(text, to: name) }
    for arguments in [["run", "bad.toml"], ["run", "bad.toml", "--events"]] {
      let result = try runFeel(arguments, in: folder.url)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty, "rows written: \(result.output)")
      let lines = result.errorLines
      #expect(lines.count == 1, "expected one message, got: \(result.errors)")
      let message = String(lines.first ?? "")
      #expect(message.hasPrefix("feel: error: \(bad.place):"), "\(message)")
      for fragment in bad.fragments {
        #expect(message.contains(fragment), "missing \(fragment) in: \(message)")
      }
      for fragment in bad.absent {
        #expect(!message.contains(fragment), "\(fragment) in: \(message)")
      }
    }
  }

  @Test("a trace file is read relative to the scene file's folder")
  func traceBesideTheScene() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      touchScene("file = \"traces/flick.csv\""), to: "scenes/touch.toml")
    try folder.write(
      "# recorded on a device\nt_s,x_pt,y_pt\n0,50,25\n0.016,48,25\n0.05,50,25\n",
      to: "scenes/traces/flick.csv")
    let result = try runFeel(["run", "scenes/touch.toml", "--events"], in: folder.url)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("\n1,0.016666666666666666,touch:finger,48,25,0,0,0,0,1\n"))
    #expect(result.errors.contains("3,0.05,tap,touch finger\n"), "\(result.errors)")
  }
}
