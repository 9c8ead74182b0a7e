import FeelControl
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// The committed control file `experiments/controls/NAME.toml`.
func committedControl(_ name: String) throws -> ControlFile {
  let path = "experiments/controls/\(name).toml"
  let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  return try ControlReader.parse(text, file: path)
}

/// A control file's text: a title, then `body`.
private func control(_ body: String) -> String {
  "title = \"Test control\"\n" + body
}

@Suite("Control files: reading")
struct ControlReaderTests {
  @Test("The Castro control file: its constants, comps, presets, charts and skin")
  func castro() throws {
    let castro = try committedControl("castro")
    #expect(castro.name == "castro")
    #expect(castro.skin.name == "castro")
    #expect(castro.swiftType == "ScrubberFeel")
    #expect(castro.constants.map(\.name) == ["damping", "push", "gravity", "wall", "width"])
    #expect(castro.constants.map(\.unit) == ["", "", "", "pt", "pt"])
    #expect(castro.constant("width")?.swift == nil)
    #expect(castro.constant("damping")?.range == 0...2)
    #expect(castro.constant("push")?.range == nil)
    #expect(castro.constant("width")?.comment == "Tuned on a {value} pt wide bar.")
    #expect(castro.constant("wall")?.source == .gap(["wall", "left-wall", "right-wall"]))
    // docs/castro-scrubber.md: "Castro 2014" is 0.35 / 4 / 2 / 10 pt / 320 pt.
    let comp = try #require(castro.comps.first)
    #expect(comp.name == "Castro 2014")
    #expect(
      comp.values == [
        .init("damping", 0.35), .init("push", 4), .init("gravity", 2), .init("wall", 10),
        .init("width", 320),
      ])
    #expect(castro.presets.count == 8)
    #expect(castro.presets.first?.name == "castro-release-right-80")
    #expect(castro.trajectoryCharts.map(\.name) == ["castro-trajectories"])
    #expect(castro.exportCharts.map(\.name) == ["castro-release-right-80", "castro-tap-hint-left"])
    let settings = Dictionary(uniqueKeysWithValues: castro.skin.settings.map { ($0.key, $0.value) })
    #expect(settings["expand_s"] == .number(0.2))
    #expect(settings["collapse_s"] == .number(0.15))
    #expect(settings["glyphs"] == nil)
    // [skin.glyphs]: the roles in file order, paths as written, each at its own line
    #expect(castro.skin.glyphs.map(\.name) == ["rewind", "play", "pause", "forward", "grab"])
    #expect(castro.skin.glyphs.map(\.path).last == "../glyphs/grab-handle.svg")
    let lines = castro.skin.glyphs.compactMap(\.location.line)
    #expect(lines.count == 5 && zip(lines, lines.dropFirst()).allSatisfy { $1 == $0 + 1 })
    #expect(castro.skin.glyphs.allSatisfy { $0.location.table == "[skin.glyphs]" })
  }

  @Test("A minimal file: the generic skin, a Swift type from the name, nothing else")
  func minimal() throws {
    let file = try ControlReader.parse(control(""), file: "x/controls/hanging-card.toml")
    #expect(file.name == "hanging-card")
    #expect(file.skin == ControlSkin())
    #expect(file.skin.name == "generic")
    #expect(file.swiftType == "HangingCardFeel")
    #expect(file.constants.isEmpty && file.comps.isEmpty && file.presets.isEmpty)
    #expect(ControlReader.defaultSwiftType("2d-card") == "Control2dCardFeel")
  }

  /// (text, line, key, what the message says was expected, what it got)
  static let badFiles: [(String, Int, String, String, String)] = [
    ("", 1, "title", "a non-empty string: the control's title", "got nothing"),
    (control("titel = 1\n"), 2, "titel", "a key of a control file", "did you mean 'title'?"),
    (control("[skin]\nname = \"my skin\"\n"), 3, "name", "a skin's name", "got \"my skin\""),
    (control("[skin]\nname = \"x\"\nsize = { w = 1 }\n"), 4, "size", "a skin setting", "got"),
    (control("[export]\nswift_type = \"9Feel\"\n"), 3, "swift_type", "a Swift type name", "9Feel"),
    (
      control("[skin]\nname = \"x\"\nglyphs = 4\n"), 4, "glyphs",
      "a table of glyphs: a [skin.glyphs] section", "got 4"
    ),
    (
      control("[skin]\nname = \"x\"\n\n[skin.glyphs]\nplay = \"p.svg\"\nthumb = 3\n"), 7,
      "thumb", "an SVG file's path (a string, relative to the control file)", "got 3"
    ),
    (
      control("[skin]\nname = \"x\"\n[skin.glyphs]\nplay = \"\"\n"), 5, "play",
      "an SVG file's path", "got \"\""
    ),
    (
      control("[skin]\nname = \"x\"\n[skin.glyphs]\n\"a b\" = \"p.svg\"\n"), 5, "a b",
      "a glyph's role: letters, digits, - and _", "got 'a b'"
    ),
    (control("[[constant]]\nname = \"d\"\n"), 2, "label", "a non-empty string", "got nothing"),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a.b\"]\nrange = [1]\n"), 6,
      "range", "two finite numbers, the lower first", "got [1]"
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a.b\"]\nrange = [0, \"x\"]\n"),
      6, "range", "two finite numbers, the lower first", "got [0, \"x\"]"
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a.b\"]\nrange = [2, 1]\n"),
      6, "range", "a lower bound below the upper one", "got [2, 1]"
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a.b\"]\nrange = [0, inf]\n"),
      6, "range", "two finite numbers, the lower first", "got [0, inf]"
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\n"), 2, "paths",
      "the scene value paths", "got nothing"
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = []\n"), 5, "paths",
      "a non-empty array of scene value paths", "got []"
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a\"]\ngap_to = [\"w\"]\n"),
      6, "gap_to", "either paths or gap_to", "got"
    ),
    (
      control("[[constant]]\nname = \"d d\"\n"), 3, "name", "a constant's name", "got \"d d\""
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a\"]\nlable = 1\n"), 6,
      "lable", "a key of a constant", "did you mean 'label'?"
    ),
    (
      control("[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a\"]\ncomment = \"no\"\n"),
      6, "comment", "a line with {value}", "got \"no\""
    ),
    (
      control(
        "[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a\"]\nswift_use = \"x = {}\"\n"),
      6, "swift_use", "a Swift name", "got"
    ),
    (
      control(
        "[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a\"]\n"
          + "[[constant]]\nname = \"d\"\nlabel = \"e\"\npaths = [\"b\"]\n"), 7, "name",
      "a name no other constant has", "(twice)"
    ),
    (
      control(
        "[[constant]]\nname = \"damping\"\nlabel = \"d\"\npaths = [\"a\"]\n"
          + "[[comp]]\nname = \"c\"\nvalues = { dampng = 1 }\n"), 8, "dampng",
      "a constant of this control (damping)", "did you mean 'damping'?"
    ),
    (
      control(
        "[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a\"]\n"
          + "[[comp]]\nname = \"c\"\nvalues = { d = \"x\" }\n"), 8, "d", "a number", "got \"x\""
    ),
    (control("[[comp]]\nname = \"c\"\n"), 2, "values", "an inline table", "got nothing"),
    (control("[[preset]]\nscene = 3\n"), 3, "scene", "a string", "got 3"),
    (
      control("[[preset]]\nscene = \"a/x.toml\"\n[[preset]]\nscene = \"b/x.toml\"\n"), 5,
      "scene", "each preset once", "\"x\" twice"
    ),
    (
      control("[[trajectories]]\nname = \"t\"\nscenes = []\n"), 4, "scenes",
      "a non-empty array of scene paths", "got []"
    ),
  ]

  @Test("A constant's slider range: optional, two numbers, the lower first")
  func range() throws {
    let file = try ControlReader.parse(
      control(
        "[[constant]]\nname = \"d\"\nlabel = \"d\"\npaths = [\"a.b\"]\nrange = [0, 1.5]\n"
          + "[[constant]]\nname = \"e\"\nlabel = \"e\"\npaths = [\"a.c\"]\nrange = [-2, 3]\n"
          + "[[constant]]\nname = \"f\"\nlabel = \"f\"\npaths = [\"a.d\"]\n"),
      file: "controls/test.toml")
    #expect(file.constants.map(\.range) == [0...1.5, -2...3, nil])
  }

  @Test("Bad input: one message naming the file, the line, the key and what was expected")
  func badInput() {
    for (text, line, key, expected, got) in Self.badFiles {
      do {
        _ = try ControlReader.parse(text, file: "controls/test.toml")
        Issue.record("no error for:\n\(text)")
      } catch {
        let message = error.description
        #expect(error.file == "controls/test.toml", "\(message)")
        #expect(error.line == line, "\(message)")
        #expect(error.key == key, "\(message)")
        #expect(message.contains(expected), "\(message)")
        #expect(message.contains(got), "\(message)")
      }
    }
  }

  @Test("Two controls may not share a preset or a chart name")
  func setNames() throws {
    let a = try ControlReader.parse(
      control("[[preset]]\nscene = \"s/x.toml\"\n"), file: "controls/a.toml")
    let b = try ControlReader.parse(
      control("[[preset]]\nscene = \"t/x.toml\"\n"), file: "controls/b.toml")
    #expect(throws: ControlError.self) { try ControlSet([a, b]) }
    let set = try ControlSet([a])
    #expect(set.presets.map(\.scene.name) == ["x"])
    #expect(set.control("a") == a)
  }
}

@Suite("Control files: constants read off scenes")
struct ControlConstantValueTests {
  /// The values of every Castro constant in a committed scene, by name (absent ones left out).
  private func castroValues(_ scene: String) throws -> [String: Double] {
    let castro = try committedControl("castro")
    let scene = try loadScene("experiments/scenes/\(scene).toml")
    // The bar rests at its snap point (160, 25), as docs/castro-scrubber.md draws it.
    var values: [String: Double] = [:]
    for c in castro.constants {
      values[c.name] = c.value(in: scene, item: 0, rest_pt: Point(160, 25))
    }
    return values
  }

  /// docs/castro-scrubber.md: snap damping 0.35, push 4, gravity 2, wall 10 pt, 320 pt bar.
  @Test("The tap hints, either half: every constant")
  func tapHints() throws {
    let all = ["damping": 0.35, "push": 4, "gravity": 2, "wall": 10, "width": 320]
    #expect(try castroValues("castro-tap-hint-left") == all)
    #expect(try castroValues("castro-tap-hint-right") == all)
    #expect(try castroValues("castro-tap-left") == all)
  }

  @Test("A release has no push, gravity or wall")
  func release() throws {
    #expect(try castroValues("castro-release-right-40") == ["damping": 0.35, "width": 320])
  }

  @Test("The gap to a wall: outside the edge, on either side, vertical or horizontal")
  func gap() throws {
    let text = WallsSceneFixture.text
    let scene = try SceneReader.parse(text, file: "walls.toml")
    func gap(_ ids: [String], rest: Point = Point(0, 0)) -> Double? {
      ControlConstant(
        name: "g", label: "g", source: .gap(ids),
        location: SourceLocation(file: "t", line: nil, table: "", key: "name")
      ).value(in: scene, item: 0, rest_pt: rest)
    }
    #expect(gap(["left"]) == 12)  // edge at −50
    #expect(gap(["right"]) == 7)  // edge at 50
    #expect(gap(["floor"]) == 3.5)  // bottom edge at 20
    #expect(gap(["right"], rest: Point(10, 0)) == -3)  // the wall cuts the box
    #expect(gap(["slope"]) == nil)
    #expect(gap(["slope", "missing", "right"]) == 7)  // the first usable one
    #expect(gap(["missing"]) == nil)
  }

  @Test("Paths: the first that names a number of the scene")
  func paths() throws {
    let scene = try loadScene("experiments/scenes/castro-tap-right.toml")
    let c = Self.constant(paths: ["behavior.nothing.magnitude", "behavior.hint-right-push.angle"])
    #expect(c.value(in: scene, item: 0, rest_pt: Point(160, 25)) == Double.pi)
  }

  /// A wildcard path names every match: its value is the first match's, and it is the path a
  /// comp and the studio set (every spring of the springy list).
  @Test("Paths: a wildcard reads the first match and is set whole")
  func wildcardPaths() throws {
    let scene = try loadScene("experiments/scenes/list-fast-flick.toml")
    let c = Self.constant(paths: ["behavior.nothing-*.damping", "behavior.spring-*.damping"])
    let first = scene.behaviors.first { $0.id == "spring-b0" }
    guard case .attachment(let spring) = first?.kind else {
      Issue.record("spring-b0 is an attachment")
      return
    }
    #expect(c.value(in: scene, item: 0, rest_pt: Point(0, 0)) == spring.damping)
    #expect(c.valuePath(in: scene) == "behavior.spring-*.damping")
  }

  /// A constant held by `paths`.
  static func constant(paths: [String]) -> ControlConstant {
    ControlConstant(
      name: "c", label: "c", source: .paths(paths),
      location: SourceLocation(file: "t", line: nil, table: "", key: "name"))
  }
}
