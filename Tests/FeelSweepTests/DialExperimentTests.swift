import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import FeelTouch
import Foundation
import Testing

/// Rotary experiments (docs/touches.md, "Rotary experiment"): a `[corpus.rotary]` lays the synthetic
/// traces round a dial, `rotary.dead_zone` sets the dead zone turns are tracked with, and every
/// mistake is one message naming the file, line, key and what was expected.
@Suite struct DialExperimentTests {
  static let metrics = """
    metrics = ["tap_as_turn_rate", "turn_lost_rate", "turn_error_deg", "rotary_misread_count"]
    """

  static let axes = """
    [[axis]]
    name = "dead_zone_pt"
    path = "rotary.dead_zone"
    values = [0, 22]

    [[axis]]
    name = "slop_pt"
    path = "recognizer.slop"
    values = [10]
    """

  static let corpus = "seed = 5\ntaps = 20\ndrags = 20\nholds = 10"

  static func experiment(
    corpus: String = corpus, dial: String, metrics: String = metrics, axes: String = axes
  ) -> String {
    """
    title = "Dial"
    \(metrics)

    [corpus]
    \(corpus)

    [corpus.rotary]
    \(dial)

    \(axes)
    """
  }

  static let dial = "center = [160, 200]\nradius = 120\ncount = 12\nlabel_radius = 100"

  static func sweep(_ text: String) throws -> ParameterGrid {
    let e = try ExperimentReader.parse(text, file: "d.toml")
    let corpus = try #require(e.corpus).corpus(files: [], folderShown: nil)
    return try ParameterGrid(e, corpus: corpus)
  }

  @Test func readsTheDialTable() throws {
    let e = try ExperimentReader.parse(
      Self.experiment(dial: Self.dial + "\nphase = 1.5\ndead_zone = 22"), file: "d.toml")
    let synthetic = try #require(e.corpus?.synthetic)
    #expect(
      synthetic.rotary
        == CorpusRotary(
          center_pt: Point(160, 200), radius_pt: 120, count: 12, labelRadius_pt: 100,
          phase_rad: 1.5, deadZone_pt: 22))
    // Defaults: the labels on the rim, phase 0, no dead zone.
    let plain = try ExperimentReader.parse(
      Self.experiment(dial: "center = [0, 0]\nradius = 50\ncount = 3"), file: "d.toml")
    #expect(
      plain.corpus?.synthetic?.rotary
        == CorpusRotary(center_pt: Point(0, 0), radius_pt: 50, count: 3, labelRadius_pt: 50))
  }

  @Test("the sweep sets the dead zone of each point; the base is the table's")
  func deadZoneAxis() throws {
    let sweep = try Self.sweep(Self.experiment(dial: Self.dial + "\ndead_zone = 7"))
    #expect(sweep.basePoint.rotaryDeadZone_pt == 7)
    #expect(sweep.point(at: 0).rotaryDeadZone_pt == 0)
    #expect(sweep.point(at: 1).rotaryDeadZone_pt == 22)
    // Each point measures what CorpusMeasurement gives at its settings.
    let corpus = try #require(sweep.corpus)
    let dial = try #require(corpus.synthetic?.rotary)
    let expected = CorpusMeasurement.measure(
      CorpusReader(corpus), .uikit, turns: RotaryTurnReader(corpus, rotary: dial), deadZone_pt: 22)
    #expect(sweep.measure(at: 1) == expected)
  }

  @Test(
    "mistakes in a [corpus.rotary] table: file, line, key, what was expected",
    arguments: [
      (
        experiment(dial: "center = [0, 0]\nradius = 0\ncount = 12"),
        "d.toml:12: [corpus.rotary] key 'radius': expected the disc's radius: a number > 0 (pt), got 0"
      ),
      (
        experiment(dial: "center = [0, 0]\nradius = 100\ncount = 0"),
        "d.toml:13: [corpus.rotary] key 'count': expected the number of value labels: a whole number, 1 to 1000000, got 0"
      ),
      (
        experiment(dial: "center = [0, 0]\nradius = 100\ncount = 2.5"),
        "d.toml:13: [corpus.rotary] key 'count': expected the number of value labels: a whole number, 1 to 1000000, got 2.5"
      ),
      (
        experiment(dial: "center = [0, 0]\nradius = 100"),
        "d.toml:10: [corpus.rotary] key 'count': expected the number of value labels: a whole number, 1 to 1000000, got nothing"
      ),
      (
        experiment(dial: "radius = 100\ncount = 4"),
        "d.toml:10: [corpus.rotary] key 'center': expected the disc's centre [x, y] (pt), got nothing"
      ),
      (
        experiment(dial: "center = [0, 0]\nradius = 100\ncount = 4\nlabel_radius = 120"),
        "d.toml:14: [corpus.rotary] key 'label_radius': expected the labels' distance from the centre: a number > 0 and at most the radius (100 pt), got 120"
      ),
      (
        experiment(dial: "center = [0, 0]\nradius = 100\ncount = 4\ndead_zone = -1"),
        "d.toml:14: [corpus.rotary] key 'dead_zone': expected the dead zone about the centre: a number ≥ 0 (pt), got -1"
      ),
      (
        experiment(dial: "center = [0, 0]\nradius = 100\ncount = 4\ndeadzone = 3"),
        "d.toml:14: [corpus.rotary] key 'deadzone': expected a key of the [corpus.rotary] table (center, radius, count, label_radius, phase, dead_zone), got an unknown key; did you mean 'dead_zone'?"
      ),
      (
        experiment(corpus: "folder = \"touches\"\nseed = 1\ntaps = 3", dial: dial),
        "d.toml:5: [corpus] key 'folder': expected no folder in a corpus with a [corpus.rotary] table: recorded traces do not say which turn they meant (docs/touches.md, \"Rotary experiment\"), got \"touches\""
      ),
      (
        experiment(corpus: "seed = 1", dial: dial),
        "d.toml:4: [corpus] key 'taps': expected synthetic traces to lay round the [corpus.rotary] (taps, drags or holds, with a seed), got none"
      ),
    ])
  func readerMistakes(text: String, message: String) {
    #expect(throws: ExperimentError.self) { try ExperimentReader.parse(text, file: "d.toml") }
    do {
      _ = try ExperimentReader.parse(text, file: "d.toml")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a dead zone or a dial metric needs a [corpus.rotary]; the dead zone is ≥ 0")
  func sweepMistakes() throws {
    let noDial = """
      title = "t"
      metrics = ["misread_rate"]
      [corpus]
      seed = 1
      taps = 3
      [[axis]]
      name = "d"
      path = "rotary.dead_zone"
      values = [1]
      """
    let dialMetricNoDial = """
      title = "t"
      metrics = ["turn_lost_rate"]
      [corpus]
      seed = 1
      drags = 3
      [[axis]]
      name = "s"
      path = "recognizer.slop"
      values = [1]
      """
    let negative = Self.experiment(
      dial: Self.dial,
      axes: "[[axis]]\nname = \"d\"\npath = \"rotary.dead_zone\"\nvalues = [-2, 4]")
    let misspelt = Self.experiment(
      dial: Self.dial,
      axes: "[[axis]]\nname = \"d\"\npath = \"rotary.dead_zon\"\nvalues = [2]")
    let other = Self.experiment(
      dial: Self.dial,
      axes: "[[axis]]\nname = \"w\"\npath = \"recognizer.velocity_window\"\nvalues = [0.1]")
    let cases: [(String, String)] = [
      (
        noDial,
        "d.toml:8: axis \"d\" key 'path': expected recognizer.slop or recognizer.hold: 'rotary.dead_zone' sets the dead zone of a rotary control's turns, and this corpus has no [corpus.rotary] table, got \"rotary.dead_zone\""
      ),
      (
        dialMetricNoDial,
        "d.toml:2: key 'metrics': expected corpus metrics of a corpus without a rotary control: 'turn_lost_rate' tracks turns about a disc's centre, which a [corpus.rotary] table gives (docs/touches.md, \"Rotary experiment\"), got \"turn_lost_rate\""
      ),
      (
        negative,
        "d.toml:19: axis \"d\" key 'values': expected values that rotary.dead_zone accepts: a number ≥ 0 (pt), got -2"
      ),
      (
        misspelt,
        "d.toml:18: axis \"d\" key 'path': expected recognizer.slop, recognizer.hold, rotary.dead_zone: a rotary experiment reads its corpus with the recognizer's slop and hold time and tracks its turns with the dead zone, and nothing else changes a reading, got \"rotary.dead_zon\"; did you mean 'rotary.dead_zone'?"
      ),
      (
        other,
        "d.toml:18: axis \"w\" key 'path': expected recognizer.slop, recognizer.hold, rotary.dead_zone: a rotary experiment reads its corpus with the recognizer's slop and hold time and tracks its turns with the dead zone, and nothing else changes a reading, got \"recognizer.velocity_window\""
      ),
    ]
    for (text, message) in cases {
      do {
        _ = try Self.sweep(text)
        Issue.record("no error; expected \(message)")
      } catch let error as ExperimentError {
        #expect(error.description == message)
      }
    }
  }

  @Test("a scene experiment cannot set the dial's dead zone")
  func deadZoneOnAScene() throws {
    let text = """
      title = "t"
      scene = "s.toml"
      metrics = ["overshoot_pt"]
      [[axis]]
      name = "d"
      path = "rotary.dead_zone"
      values = [1]
      """
    let e = try ExperimentReader.parse(text, file: "e.toml")
    let scene = try loadScene("experiments/scenes/castro-release-right-40.toml")
    do {
      _ = try ParameterGrid(e, scene: scene, sceneFile: "s.toml")
      Issue.record("no error")
    } catch {
      #expect(
        error.description
          == "e.toml:6: axis \"d\" key 'path': expected a scene value path: 'rotary.dead_zone' is a rotary experiment's, read with a [corpus.rotary] table (docs/touches.md, \"Rotary experiment\"), got \"rotary.dead_zone\""
      )
    }
  }
}
