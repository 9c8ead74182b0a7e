import FeelTestSupport
import Foundation
import Testing

/// `feel run SCENE --set PATH=VALUE` against `feel run` of a copy of SCENE with that value
/// written in by hand: a text edit of the scene file, made here without FeelLab's reader or
/// writer, so the two runs agree only if `--set` changes exactly that value.
struct HandEdit: Sendable, CustomTestStringConvertible {
  var name: String
  /// The scene: a committed file (relative to the repository root) or a text of this file.
  var scene: Source
  /// The `--set` arguments, in order.
  var settings: [String]
  /// The edit: each text replaced by its replacement (the first occurrence), in order.
  var edits: [(String, String)]

  enum Source: Sendable {
    case committed(String)
    case text(String)
  }

  var testDescription: String { name }
}

/// A bar with a time rule and a recognizer section, for the paths no committed scene has.
private let timedBar = barScene([
  "[[touch]]",
  "id = \"finger\"",
  "hold = { at = 0.1, point = [40, 25], duration = 0.6 }",
  "[[behavior]]",
  "id = \"g\"",
  "type = \"gravity\"",
  "items = [\"bar\"]",
  "start = false",
  "[[rule]]",
  "on = \"time\"",
  "at = 0.2",
  "add = [\"g\"]",
  "[recognizer]",
  "slop = 10",
])

private let castro = HandEdit.Source.committed("experiments/scenes/castro-release-right-80.toml")
private let tap = HandEdit.Source.committed("experiments/scenes/castro-tap-left.toml")
private let attachment = HandEdit.Source.committed("experiments/scenes/attachment-drag.toml")
private let dial = HandEdit.Source.committed("experiments/scenes/dial-detent-release.toml")

private let handEdits: [HandEdit] = [
  HandEdit(
    name: "a behavior's number", scene: castro, settings: ["behavior.scrub-snap.damping=0.5"],
    edits: [("damping = 0.35", "damping = 0.5")]),
  HandEdit(
    name: "a component of an item's point", scene: castro, settings: ["item.bar.size.0=375"],
    edits: [("\nsize = [320, 50]", "\nsize = [375, 50]")]),
  HandEdit(
    name: "an item key the file leaves to its default", scene: castro,
    settings: ["item.bar.velocity.0=-120.5"],
    edits: [("center = [240, 25]", "center = [240, 25]\nvelocity = [-120.5, 0]")]),
  HandEdit(
    name: "a profile name, bare", scene: castro, settings: ["profile=ios7"],
    edits: [("profile = \"modern\"", "profile = \"ios7\"")]),
  HandEdit(
    name: "a profile name, quoted", scene: castro, settings: ["profile = \"ios7\""],
    edits: [("profile = \"modern\"", "profile = \"ios7\"")]),
  HandEdit(
    name: "a profile name, on a scene iOS 7 reads (a distance attachment)", scene: attachment,
    settings: ["profile=ios7"], edits: [("profile = \"modern\"", "profile = \"ios7\"")]),
  HandEdit(
    name: "a boolean", scene: castro, settings: ["behavior.scrub-rotation.allows_rotation=true"],
    edits: [("allows_rotation = false", "allows_rotation = true")]),
  HandEdit(
    name: "the timing: duration and frame rate", scene: castro,
    settings: ["duration=1.5", "frame_rate=120"],
    edits: [("duration = 3.0", "duration = 1.5"), ("frame_rate = 60", "frame_rate = 120")]),
  HandEdit(
    name: "several values at once, with an exponent", scene: tap,
    settings: ["behavior.hint-left-push.magnitude=3e0", "behavior.hint-left-gravity.angle=3"],
    edits: [("magnitude = 4.0", "magnitude = 3"), ("angle = 3.141592653589793", "angle = 3")]),
  HandEdit(
    name: "a collision boundary's end", scene: tap, settings: ["boundary.left-wall.from.0=-20"],
    edits: [("from = [-10, 0]", "from = [-20, 0]")]),
  HandEdit(
    name: "a tap trace", scene: tap,
    settings: ["touch.finger.tap.point.0=60", "touch.finger.tap.duration=0.05"],
    edits: [("point = [80, 25], duration = 0.1", "point = [60, 25], duration = 0.05")]),
  HandEdit(
    name: "a drag trace", scene: attachment, settings: ["touch.finger.drag.to.1=220"],
    edits: [("to = [230, 200]", "to = [230, 220]")]),
  HandEdit(
    name: "a drag behavior's key the file leaves to its default", scene: attachment,
    settings: ["behavior.grab.frequency=2"],
    edits: [("mode = \"attachment\"", "mode = \"attachment\"\nfrequency = 2")]),
  HandEdit(
    name: "inertia and detent keys", scene: dial,
    settings: ["behavior.coast.decay=0.99", "behavior.settle.count=8"],
    edits: [
      ("items = [\"dial\"]\n", "items = [\"dial\"]\ndecay = 0.99\n"), ("count = 12", "count = 8"),
    ]),
  HandEdit(
    name: "a time rule, the recognizer and a hold trace", scene: .text(timedBar),
    settings: ["rule.1.at=0.35", "recognizer.slop=4", "touch.finger.hold.duration=0.9"],
    edits: [
      ("at = 0.2", "at = 0.35"), ("slop = 10", "slop = 4"), ("duration = 0.6", "duration = 0.9"),
    ]),
]

/// A `--set` that must be refused: exit status 2 and one line, exactly `message`.
struct BadSetting: Sendable, CustomTestStringConvertible {
  var argument: String
  var message: String
  var testDescription: String { argument }
}

private let badSettings: [BadSetting] = [
  BadSetting(
    argument: "behavior.scrub-snap.dampng=0.5",
    message: "feel: error: --set 'behavior.scrub-snap.dampng=0.5': expected a key of snap "
      + "behavior \"scrub-snap\" (point, damping) after 'behavior.scrub-snap', got "
      + "\"behavior.scrub-snap.dampng\"; did you mean 'behavior.scrub-snap.damping'?"),
  BadSetting(
    argument: "behavior.scrub-snap.damping=-1",
    message: "feel: error: --set 'behavior.scrub-snap.damping=-1': expected a number ≥ 0, "
      + "got -1"),
  BadSetting(
    argument: "item.bar.size.0=wide",
    message: "feel: error: --set 'item.bar.size.0=wide': expected a number > 0 (pt), "
      + "got \"wide\""),
  BadSetting(
    argument: "profile=ios8",
    message: "feel: error: --set 'profile=ios8': expected a profile name (modern, ios7), "
      + "got \"ios8\"; did you mean 'ios7'?"),
  BadSetting(
    argument: "behavior.scrub-rotation.allows_rotation=1",
    message: "feel: error: --set 'behavior.scrub-rotation.allows_rotation=1': expected true "
      + "or false, got 1"),
  BadSetting(
    argument: "damping",
    message: "feel: error: --set 'damping': expected PATH=VALUE: an experiment path "
      + "(docs/experiments.md, \"Paths\") and a value, got no '='"),
  BadSetting(
    argument: "duration=1e9",
    message: "feel: error: --set 'duration=1e9': expected at most 1000000 frames "
      + "(duration × frame_rate), got 60000000000 frames"),
  BadSetting(
    argument: "duration=[1, 2]",
    message: "feel: error: --set 'duration=[1, 2]': expected a finite number, a profile name "
      + "or true/false for the scene value at this path, got [1, 2]"),
]

@Suite("feel run --set, feel metrics --set")
struct SetOptionTests {
  @Test("--set gives the run of the scene edited by hand, byte for byte", arguments: handEdits)
  func handEdit(_ edit: HandEdit) throws {
    let scratch = try TemporaryFolder()
    let text: String
    let path: String
    switch edit.scene {
    case .committed(let name):
      text = try String(
        contentsOf: repositoryRoot.appendingPathComponent(name), encoding: .utf8)
      path = name
    case .text(let written):
      text = written
      path = try scratch.write(written, to: "scene.toml").path
    }
    var edited = text
    for (old, new) in edit.edits {
      let range = try #require(edited.range(of: old), "'\(old)' is not in \(path)")
      edited.replaceSubrange(range, with: new)
    }
    let editedPath = try scratch.write(edited, to: "edited.toml").path
    let setArguments = edit.settings.flatMap { ["--set", $0] }
    let set = try runFeel(["run", path, "--events"] + setArguments)
    let byHand = try runFeel(["run", editedPath, "--events"])
    #expect(set.status == 0, "\(set.errors)")
    #expect(byHand.status == 0, "\(byHand.errors)")
    #expect(!set.stdout.isEmpty)
    let sameRows = set.stdout == byHand.stdout
    let sameEvents = set.stderr == byHand.stderr
    #expect(sameRows, "feel run --set and the edited scene differ")
    #expect(sameEvents, "their events differ")
    let original = try runFeel(["run", path])
    let changed = original.stdout != set.stdout
    #expect(changed, "the setting changed nothing")
  }

  @Test("feel metrics --set measures the scene edited by hand")
  func metrics() throws {
    let scratch = try TemporaryFolder()
    let name = "experiments/scenes/castro-release-right-80.toml"
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(name), encoding: .utf8)
    let edited = try scratch.write(
      text.replacingOccurrences(of: "damping = 0.35", with: "damping = 0.8"), to: "edited.toml")
    let set = try runFeel(["metrics", name, "--json", "--set", "behavior.scrub-snap.damping=0.8"])
    let byHand = try runFeel(["metrics", edited.path, "--json"])
    #expect(set.status == 0, "\(set.errors)")
    // The report names the scene file it read: the same but for that name.
    #expect(set.output == byHand.output.replacingOccurrences(of: edited.path, with: name))
    #expect(set.output != (try runFeel(["metrics", name, "--json"])).output)
    let table = try runFeel(["metrics", name, "--set", "behavior.scrub-snap.damping=0.8"])
    let tableByHand = try runFeel(["metrics", edited.path])
    #expect(table.output == tableByHand.output.replacingOccurrences(of: edited.path, with: name))
  }

  @Test("A bad --set: exit status 2, one line naming the option", arguments: badSettings)
  func bad(_ bad: BadSetting) throws {
    for command in ["run", "metrics"] {
      let result = try runFeel([
        command, "experiments/scenes/castro-release-right-80.toml", "--set", bad.argument,
      ])
      #expect(result.status == 2, "\(command): \(result.errors)")
      #expect(result.stdout.isEmpty, "\(command)")
      #expect(result.errorLines == [Substring(bad.message)], "\(command)")
    }
  }

  @Test("--set profile=ios7 on a scene with iOS 9's keys: refused as the reader refuses the file")
  func profileRefusesIOS9Keys() throws {
    let name = "experiments/scenes/charged-fields.toml"
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(name), encoding: .utf8)
    // The reader's own refusal, of the file with the profile written in by hand.
    let scratch = try TemporaryFolder()
    try scratch.write("profile = \"ios7\"\n" + text, to: "ios7.toml")
    let read = try runFeel(["run", "ios7.toml"], in: scratch.url)
    #expect(read.status == 2)
    let refused =
      "item \"proton\" key 'bounds': expected no bounds with profile = \"ios7\" "
      + "(bounds is iOS 9's), got \"ellipse\""
    #expect(read.errorLines.count == 1 && read.errors.contains(refused), "\(read.errors)")
    for command in ["run", "metrics"] {
      let result = try runFeel([command, name, "--set", "profile=ios7"])
      #expect(result.status == 2, "\(command): \(result.errors)")
      #expect(result.stdout.isEmpty, "\(command)")
      #expect(
        result.errorLines == [
          "feel: error: --set 'profile=ios7': expected no bounds with profile = \"ios7\" "
            + "(bounds is iOS 9's) in item \"proton\" key 'bounds', got \"ellipse\""
        ], "\(command)")
    }
  }

  @Test(
    "a sweep setting profile to ios7 on a scene with iOS 9's keys: refused before any row",
    arguments: [
      (
        "[[axis]]\nname = \"p\"\npath = \"profile\"\nvalues = [\"modern\", \"ios7\"]\n",
        "exp.toml:7: axis \"p\" key 'values'"
      ),
      (
        "[fixed]\nprofile = \"ios7\"\n[[axis]]\nname = \"d\"\npath = \"duration\"\n"
          + "values = [1, 2]\n", "exp.toml:5: [fixed] key 'profile'"
      ),
    ])
  func sweepProfileRefusesIOS9Keys(_ setting: String, _ place: String) throws {
    let folder = try TemporaryFolder()
    let scene = try String(
      contentsOf: repositoryRoot.appendingPathComponent("experiments/scenes/charged-fields.toml"),
      encoding: .utf8)
    try folder.write(scene, to: "scene.toml")
    let head = "title = \"t\"\nscene = \"scene.toml\"\nmetrics = [\"overshoot_pt\"]\n"
    try folder.write(head + setting, to: "exp.toml")
    let result = try runFeel(["sweep", "exp.toml", "--output", "out.csv"], in: folder.url)
    #expect(result.status == 2, "\(result.errors)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.errorLines == [
        Substring(
          "feel: error: \(place): expected no bounds with profile = \"ios7\" (bounds is "
            + "iOS 9's) in item \"proton\" key 'bounds', got \"ellipse\"")
      ])
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    #expect(left == ["exp.toml", "scene.toml"], "nothing written")
    // The same sweep under the scene's own profile runs: the refusal is the profile's.
    let modernOnly = setting.replacingOccurrences(of: ", \"ios7\"", with: "")
      .replacingOccurrences(of: "\"ios7\"", with: "\"modern\"")
    try folder.write(head + modernOnly, to: "exp.toml")
    let modern = try runFeel(["sweep", "exp.toml", "--output", "out.csv"], in: folder.url)
    #expect(modern.status == 0, "\(modern.errors)")
  }

  @Test("The same path set twice is refused, naming both")
  func twice() throws {
    let result = try runFeel([
      "run", "experiments/scenes/castro-release-right-80.toml", "--set", "duration=1",
      "--set", "duration = 2",
    ])
    #expect(result.status == 2)
    #expect(
      result.errorLines == [
        "feel: error: --set 'duration = 2': expected a path set once, got also set by "
          + "--set 'duration=1'"
      ])
  }
}
