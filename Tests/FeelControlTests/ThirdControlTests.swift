import FeelTestSupport
import Foundation
import Testing

/// The test-only folder with a third control (Tests/Controls/README.md): a control file, a
/// scene and an experiment that no Swift code knows.
private let folder = "Tests/Controls/experiments"

/// Controls as data (issue 11): a third control is a file plus scenes (and a skin, or the
/// generic one), and `feel controls`, `feel check`, `feel notebook` and the notebook's export
/// take it with no Swift change.
@Suite("A third control, defined by a file only")
struct ThirdControlTests {
  @Test("feel controls lists it: its constants, comps, preset and chart, the generic skin")
  func listed() throws {
    let result = try runFeel(["controls", "--folder", folder])
    #expect(result.status == 0, "\(result.errors)")
    let out = result.output
    #expect(out.hasPrefix("hanging-card: Hanging card (\(folder)/controls/hanging-card.toml)\n"))
    #expect(out.contains("  skin: generic\n"))
    #expect(
      out.contains(
        "  constant frequency: spring frequency (Hz); Swift HangingCardFeel.springFrequency: "
          + "CGFloat, Objective-C kSpringFrequency\n"))
    #expect(out.contains("  comp \"Soft card\": frequency 1.5, damping 0.2\n"))
    #expect(out.contains("  preset hanging-card\n"))
    let presets = try runFeel(["controls", "--folder", folder, "--presets"])
    #expect(presets.output == "hanging-card\n")
  }

  @Test("feel check records, checks and catches drift in its experiment and its preset")
  func checked() throws {
    let baselines = try TemporaryFolder()
    let base = ["check", "--folder", folder, "--baselines", baselines.url.path, "--quiet"]
    let record = try runFeel(base + ["--record"])
    #expect(record.status == 0, "\(record.errors)")
    let files = try FileManager.default.contentsOfDirectory(atPath: baselines.url.path).sorted()
    #expect(files == ["hanging-card-spring.metrics.csv", "hanging-card.trajectory.csv"])
    let clean = try runFeel(base)
    #expect(clean.status == 0, "\(clean.output)\(clean.errors)")
    #expect(clean.output == "feel check: 2 baselines, 0 drifted\n")

    // Frame 120 of the preset 0.5 pt off: drift, named by the preset.
    let path = baselines.url.appendingPathComponent("hanging-card.trajectory.csv")
    var lines = try String(contentsOf: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
    let row = try #require(lines.firstIndex { $0.hasPrefix("120,") && $0.contains(",card,") })
    var cells = lines[row].split(separator: ",").map(String.init)
    cells[3] = String(try #require(Double(cells[3])) + 0.5)
    lines[row] = cells.joined(separator: ",")
    try lines.joined(separator: "\n").write(to: path, atomically: true, encoding: .utf8)
    let drift = try runFeel(base)
    #expect(drift.status == 1, "\(drift.errors)")
    #expect(drift.output.contains("\nhanging-card "), "\(drift.output)")
    #expect(drift.output.contains("drifted: hanging-card: 1 of "), "\(drift.output)")
  }

  @Test("feel notebook takes its control: its constants, comps and export names, no Castro")
  func notebook() throws {
    let scratch = try TemporaryFolder()
    let output = scratch.url.appendingPathComponent("nb")
    let result = try runFeel([
      "notebook", "\(folder)/hanging-card-spring.toml", "--output", output.path, "--quiet",
    ])
    #expect(result.status == 0, "\(result.errors)")
    let manifest = try assignedObject(
      String(contentsOf: output.appendingPathComponent("data/notebook.js"), encoding: .utf8),
      after: "window.FEEL_NOTEBOOK = ")
    let controls = try #require(manifest["controls"] as? [String: Any])
    #expect(Array(controls.keys) == ["hanging-card"])
    let control = try #require(controls["hanging-card"] as? [String: Any])
    #expect(control["skin"] as? String == "generic")
    #expect(control["swiftType"] as? String == "HangingCardFeel")
    let comps = try #require(control["comps"] as? [[String: Any]])
    #expect(comps.compactMap { $0["name"] as? String } == ["Soft card", "Stiff card"])
    let data = try assignedObject(
      String(
        contentsOf: output.appendingPathComponent("data/hanging-card-spring.js"), encoding: .utf8),
      after: "] = ")
    #expect(data["control"] as? String == "hanging-card")
    let points = try #require(data["points"] as? [String: Any])
    let constants = try #require(points["constants"] as? [String: Any])
    #expect(Set(constants.keys) == ["frequency", "damping", "length"])
    #expect(constants["length"] as? [String: Double] == ["all": 100])
  }

  @Test("Its trajectory chart's data: feel run's rows after the scene's name")
  func trajectories() throws {
    let scratch = try TemporaryFolder()
    let result = try runFeel([
      "controls", "--folder", folder, "--trajectories", scratch.url.path,
    ])
    #expect(result.status == 0, "\(result.errors)")
    let csv = try String(
      contentsOf: scratch.url.appendingPathComponent("hanging-card-trajectories.csv"),
      encoding: .utf8)
    let run = try runFeel(["run", "\(folder)/scenes/hanging-card.toml"])
    let rows = run.output.split(separator: "\n")
    let expected =
      "scene," + rows[0] + "\n" + rows.dropFirst().map { "hanging-card," + $0 + "\n" }.joined()
    #expect(csv == expected)
  }

  @Test("A missing control: the experiment's control key named, the known ones, a suggestion")
  func missingControl() throws {
    // A copy of the folder whose experiment misspells its control.
    let scratch = try TemporaryFolder()
    let copy = scratch.url.appendingPathComponent("experiments")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent(folder), to: copy)
    let file = copy.appendingPathComponent("hanging-card-spring.toml")
    let text = try String(contentsOf: file, encoding: .utf8)
      .replacingOccurrences(of: "control = \"hanging-card\"", with: "control = \"hanging-crad\"")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let result = try runFeel([
      "notebook", file.path, "--output", scratch.url.appendingPathComponent("nb").path,
    ])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1, "\(result.errors)")
    #expect(result.errors.contains(":8: key 'control': expected the name of a control file in "))
    #expect(result.errors.contains("(hanging-card), got \"hanging-crad\""))
    #expect(result.errors.contains("did you mean 'hanging-card'?"))
  }

  /// A copy of the folder with its control file edited by `edit`.
  private func brokenCopy(_ edit: (String) -> String) throws -> (TemporaryFolder, String) {
    let scratch = try TemporaryFolder()
    let copy = scratch.url.appendingPathComponent("experiments")
    try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(folder), to: copy)
    let file = copy.appendingPathComponent("controls/hanging-card.toml")
    try edit(try String(contentsOf: file, encoding: .utf8)).write(
      to: file, atomically: true, encoding: .utf8)
    return (scratch, copy.path)
  }

  @Test("A bad control file stops feel controls, feel check and feel notebook: one line, exit 2")
  func badControlFile() throws {
    let cases: [((String) -> String, String)] = [
      (
        { $0.replacingOccurrences(of: "label = \"spring damping\"", with: "lable = 1") },
        "controls/hanging-card.toml:22: constant \"damping\" key 'lable': expected a key of a "
          + "constant"
      ),
      (
        {
          $0.replacingOccurrences(
            of: "../scenes/hanging-card.toml\"\n\n[[traj", with: "../scenes/gone.toml\"\n\n[[traj")
        },
        "controls/hanging-card.toml:50: preset #1 key 'scene': expected a scene file's path, "
          + "relative to the control file, got \"../scenes/gone.toml\""
      ),
    ]
    for (edit, message) in cases {
      let (scratch, copy) = try brokenCopy(edit)
      for arguments in [
        ["controls", "--folder", copy], ["check", "--folder", copy],
      ] {
        let result = try runFeel(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.errorLines.count == 1, "\(result.errors)")
        #expect(result.errors.contains(message), "\(result.errors)")
      }
      _ = scratch
    }
    // a skin the notebook does not have: at the [skin] name line, with the skins there
    let (scratch, copy) = try brokenCopy {
      $0.replacingOccurrences(of: "[export]", with: "[skin]\nname = \"generc\"\n\n[export]")
    }
    let result = try runFeel([
      "notebook", copy + "/hanging-card-spring.toml", "--output",
      scratch.url.appendingPathComponent("nb").path,
    ])
    #expect(result.status == 2)
    #expect(result.errorLines.count == 1, "\(result.errors)")
    #expect(
      result.errors.contains("controls/hanging-card.toml:7: [skin] key 'name': expected a skin"))
    #expect(result.errors.contains("got \"generc\"; did you mean 'generic'?"), "\(result.errors)")
  }

  /// Words that name a control: Castro, the "Click" metronome and its tempo dial ("dial" at the
  /// start of a word or in CamelCase, "tempo" the same but not "temporary": not "radial").
  static let controlWords = try! NSRegularExpression(
    pattern: "(?i:castro|metronome|\\bdial|\\btempo(?!r))|Dial|Tempo(?!r)")

  /// The code lines of a Swift file that name a control, as "LINE: CODE" (1-based): every line
  /// but comments (a line whose first characters are `//`, doc comments included; a doc
  /// comment may cite a control as an example). `allowed` words are taken out of each line
  /// first (a module's own name, say).
  static func controlNames(inCode text: String, allowed: [String] = []) -> [String] {
    var found: [String] = []
    for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var code = line.trimmingCharacters(in: .whitespaces)
      if code.hasPrefix("//") { continue }
      for word in allowed { code = code.replacingOccurrences(of: word, with: "") }
      let range = NSRange(code.startIndex..., in: code)
      if controlWords.firstMatch(in: code, range: range) != nil {
        found.append("\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    return found
  }

  @Test("The control words are found where they are, and only there")
  func controlWordsMatch() {
    func names(_ line: String) -> Bool { !Self.controlNames(inCode: line).isEmpty }
    for line in [
      "let castro = 1", "CastroControl", "dial-coast-author", "FeelDial", "the tempo dial",
      "tempo-dial.toml", "DialLayout", "let metronome = 2", "MetronomeClock", "tempoLabels",
      "setTempo(120)", "public var dialKeepsRunning: Bool {", "animator.hasDialBehaviors",
    ] {
      #expect(names(line), "\(line)")
    }
    for line in [
      "let temporary = 1", "radial gradient", "Radial", "a detent and an inertia",
      "removeAbandonedTemporaries", "kinematicRotationKeepsRunning",
    ] {
      #expect(!names(line), "\(line)")
    }
  }

  @Test("The scan fails on a code line naming a control, and passes doc comments citing one")
  func controlNamesScanFindsViolations() {
    let source = """
      /// FeelLab's inertia: the "Click" author's coast (docs/tempo-dial.md).
      public struct Coast {
        // The tempo dial is its first user.
        var isDialKinematic: Bool
        let speed_rad_s: Double  // a trailing comment is on a code line: the dial counts
        let radial: Double
        func metronomeTick() {}
      }
      """
    #expect(
      Self.controlNames(inCode: source) == [
        "4: var isDialKinematic: Bool",
        "5: let speed_rad_s: Double  // a trailing comment is on a code line: the dial counts",
        "7: func metronomeTick() {}",
      ])
    // a word allowed in a file is taken out of its lines; the rest of each line still counts
    #expect(
      Self.controlNames(
        inCode: "import FeelDial\nlet layout = DialLayout(count: 1)\nlet dial = 0",
        allowed: ["FeelDial", "DialLayout"]) == ["3: let dial = 0"])
    #expect(Self.controlNames(inCode: "/// The dial's layout.\n// Castro's bar.").isEmpty)
  }

  /// The modules that must know no control by name: every one but FeelDial (the dial's label
  /// layout, a control's own module) and the fuzzers, whose dictionaries hold words of the
  /// committed files. The engine and the scene model run `inertia` and `detent` as kinematic
  /// rotation behaviors, which any rotary control may use (docs/tempo-dial.md).
  static let genericModules = [
    "FeelEngine", "FeelTouch", "FeelScene", "FeelMetrics", "FeelSweep", "FeelNotebook",
    "FeelCheck", "FeelControl", "feel", "FeelSolve", "FeelExport",
  ]

  /// The one file of a generic module that uses FeelDial, by FeelDial's own names: the
  /// notebook's value labels (`Scene.valueLabels`) place the skin's labels by `DialLayout`.
  static let feelDialUsers = ["FeelNotebook/ValueLabels.swift": ["FeelDial", "DialLayout"]]

  @Test("No generic module's Swift code names a control: Castro, the metronome, its dial")
  func noControlNamesInSwift() throws {
    let fm = FileManager.default
    var files = 0
    var allowedUsed: Set<String> = []
    for module in Self.genericModules {
      let dir = repositoryRoot.appendingPathComponent("Sources/\(module)")
      let names = try #require(fm.subpaths(atPath: dir.path), "Sources/\(module)")
      for name in names where name.hasSuffix(".swift") {
        files += 1
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        let allowed = Self.feelDialUsers["\(module)/\(name)"] ?? []
        if !allowed.isEmpty, !Self.controlNames(inCode: text).isEmpty {
          allowedUsed.insert("\(module)/\(name)")
        }
        for found in Self.controlNames(inCode: text, allowed: allowed) {
          Issue.record("\(module)/\(name):\(found)")
        }
      }
    }
    #expect(files > 150)
    // each exemption is still needed (a file that no longer uses FeelDial loses it)
    #expect(allowedUsed == Set(Self.feelDialUsers.keys))
  }
}
