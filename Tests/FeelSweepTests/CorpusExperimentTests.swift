import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// Recognizer experiments (docs/touches.md, "Recognizer experiment"): a `[corpus]` instead of
/// a scene, corpus metrics, and one clear error for every mistake.
@Suite struct CorpusExperimentTests {
  static let metrics = """
    metrics = ["tap_as_drag_rate", "drag_as_tap_rate", "hold_missed_rate", "false_hold_rate",
      "misread_rate", "tap_as_drag_count", "false_hold_count"]
    """

  static let axes = """
    [[axis]]
    name = "slop_pt"
    path = "recognizer.slop"
    values = [9.99, 10]

    [[axis]]
    name = "hold_s"
    path = "recognizer.hold"
    values = [0.5, 1]
    """

  static func experiment(corpus: String, metrics: String = metrics, axes: String = axes) -> String {
    """
    title = "Recognizer"
    \(metrics)

    [corpus]
    \(corpus)

    \(axes)
    """
  }

  @Test func readsTheCorpusTable() throws {
    let e = try ExperimentReader.parse(
      Self.experiment(
        corpus: "folder = \"touches\"\nseed = 42\ntaps = 3\nholds = 2\ntouch_rates = [120]"),
      file: "r.toml")
    #expect(e.scene == "")
    let corpus = try #require(e.corpus)
    #expect(corpus.folder == "touches")
    #expect(
      corpus.synthetic
        == SyntheticCorpus(seed: 42, taps: 3, drags: 0, holds: 2, touchRates_hz: [120]))
    #expect(corpus.location.line == 5)
    #expect(corpus.folderLocation.line == 6)
    // A folder alone; synthetic traces alone (default touch rates 60 and 120 Hz).
    let folderOnly = try ExperimentReader.parse(
      Self.experiment(corpus: "folder = \"touches\""), file: "r.toml")
    #expect(folderOnly.corpus?.synthetic == nil)
    let synthetic = try ExperimentReader.parse(
      Self.experiment(corpus: "seed = 1\ndrags = 5"), file: "r.toml")
    #expect(synthetic.corpus?.folder == nil)
    #expect(synthetic.corpus?.synthetic?.touchRates_hz == [60, 120])
  }

  @Test(
    "mistakes in a recognizer experiment: one message naming the file, line, key and what was expected",
    arguments: [
      (
        "title = \"t\"\nscene = \"s.toml\"\nmetrics = [\"misread_rate\"]\n[corpus]\nseed = 1\ntaps = 1\n[[axis]]\nname = \"s\"\npath = \"recognizer.slop\"\nvalues = [1]",
        "r.toml:2: key 'scene': expected no scene in a recognizer experiment: it reads its [corpus] of touches and runs no scene (docs/touches.md, \"Recognizer experiment\"), got \"s.toml\""
      ),
      (
        "title = \"t\"\ncontrol = \"castro\"\nmetrics = [\"misread_rate\"]\n[corpus]\nseed = 1\ntaps = 1\n[[axis]]\nname = \"s\"\npath = \"recognizer.slop\"\nvalues = [1]",
        "r.toml:2: key 'control': expected no control in a recognizer experiment: a control tunes a scene, and a recognizer experiment runs none, got \"castro\""
      ),
      (
        experiment(corpus: "taps = 10"),
        "r.toml:5: [corpus] key 'seed': expected a seed for the synthetic traces (a whole number; the same seed gives the same traces on every machine), got nothing"
      ),
      (
        experiment(corpus: "seed = 1\ntaps = 2.5"),
        "r.toml:7: [corpus] key 'taps': expected a whole number of synthetic taps, 0 to 1000000, got 2.5"
      ),
      (
        experiment(corpus: "seed = -3\ntaps = 2"),
        "r.toml:6: [corpus] key 'seed': expected a whole number from 0 to 2^53 (the synthetic traces' SplitMix64 seed), got -3"
      ),
      (
        experiment(corpus: "seed = 1\ntaps = 2\ntouch_rates = [60, 0]"),
        "r.toml:8: [corpus] key 'touch_rates': expected a non-empty array of touch rates (Hz, each > 0 and ≤ 1000), got [60, 0]"
      ),
      (
        experiment(corpus: "seed = 1"),
        "r.toml:5: [corpus] key 'folder': expected a corpus: a folder of recorded traces, or synthetic taps, drags or holds (with a seed), got neither"
      ),
      (
        experiment(corpus: "seed = 1\ntap = 3"),
        "r.toml:7: [corpus] key 'tap': expected a key of the [corpus] table (folder, seed, taps, drags, holds, touch_rates, rotary), got an unknown key; did you mean 'taps'?"
      ),
      (
        "title = \"t\"\nmetrics = [\"overshoot_pt\"]\n[[axis]]\nname = \"s\"\npath = \"duration\"\nvalues = [1]",
        "r.toml:1: key 'scene': expected the base scene's path (a string, relative to the experiment file), or a [corpus] of touches for a recognizer experiment, got nothing"
      ),
    ])
  func readerMistakes(text: String, message: String) {
    #expect(throws: ExperimentError.self) { try ExperimentReader.parse(text, file: "r.toml") }
    do {
      _ = try ExperimentReader.parse(text, file: "r.toml")
    } catch {
      #expect(error.description == message)
    }
  }

  /// The corpus of `experiment(corpus:)` with `taps` synthetic taps only, checked by `ParameterGrid`.
  static func sweep(_ text: String) throws -> ParameterGrid {
    let e = try ExperimentReader.parse(text, file: "r.toml")
    let corpus = try #require(e.corpus).corpus(files: [], folderShown: nil)
    return try ParameterGrid(e, corpus: corpus)
  }

  @Test(
    "a recognizer experiment measures corpus metrics, sets slop and hold only, has the traces its rates divide by",
    arguments: [
      (
        experiment(corpus: "seed = 1\ntaps = 5", metrics: "metrics = [\"overshoot_pt\"]"),
        "r.toml:2: key 'metrics': expected corpus metrics (tap_as_drag_rate, drag_as_tap_rate, hold_missed_rate, false_hold_rate, misread_rate, tap_as_drag_count, drag_as_tap_count, hold_missed_count, false_hold_count, misread_count): a recognizer experiment runs no scene, and 'overshoot_pt' measures one, got \"overshoot_pt\""
      ),
      (
        experiment(
          corpus: "seed = 1\ntaps = 5\ndrags = 1", metrics: "metrics = [\"hold_missed_rate\"]"),
        "r.toml:4: [corpus]: expected a corpus with hold traces: 'hold_missed_rate' divides by their number, got none (5 taps, 1 drag, 0 holds)"
      ),
      (
        experiment(
          corpus: "seed = 1\ntaps = 5\ndrags = 5\nholds = 5",
          axes: "[[axis]]\nname = \"w\"\npath = \"recognizer.velocity_window\"\nvalues = [0.1]"),
        "r.toml:13: axis \"w\" key 'path': expected recognizer.slop or recognizer.hold: a recognizer experiment reads its corpus with the recognizer's slop and hold time, and nothing else changes a reading, got \"recognizer.velocity_window\""
      ),
      (
        experiment(
          corpus: "seed = 1\ntaps = 5\ndrags = 5\nholds = 5",
          axes: "[[axis]]\nname = \"d\"\npath = \"duration\"\nvalues = [1]"),
        "r.toml:13: axis \"d\" key 'path': expected recognizer.slop or recognizer.hold: a recognizer experiment reads its corpus with the recognizer's slop and hold time, and nothing else changes a reading, got \"duration\""
      ),
    ])
  func sweepMistakes(text: String, message: String) throws {
    do {
      _ = try Self.sweep(text)
      Issue.record("no error; expected \(message)")
    } catch let error as ExperimentError {
      #expect(error.description == message)
    }
  }

  @Test("a scene experiment cannot measure a corpus metric")
  func corpusMetricOnAScene() throws {
    let text = """
      title = "t"
      scene = "s.toml"
      metrics = ["overshoot_pt", "tap_as_drag_rate"]
      [[axis]]
      name = "d"
      path = "duration"
      values = [1]
      """
    let e = try ExperimentReader.parse(text, file: "e.toml")
    let scene = try loadScene("experiments/scenes/castro-release-right-40.toml")
    #expect(throws: ExperimentError.self) {
      try ParameterGrid(e, scene: scene, sceneFile: "s.toml")
    }
    do {
      _ = try ParameterGrid(e, scene: scene, sceneFile: "s.toml")
    } catch {
      #expect(
        error.description.hasPrefix(
          "e.toml:3: key 'metrics': expected metrics a scene has: 'tap_as_drag_rate' reads a corpus of touches"
        ))
    }
  }

  @Test(
    "corpus files: labelled by name, sorted; a bad name or a bad row is named with its file and line"
  )
  func corpusFiles() throws {
    let e = try ExperimentReader.parse(Self.experiment(corpus: "folder = \"c\""), file: "r.toml")
    let spec = try #require(e.corpus)
    let tap = CorpusSpec.File(
      name: "tap-b.csv", shownPath: "c/tap-b.csv", text: "t_s,x_pt,y_pt\n0,1,1\n0.1,1,1\n")
    let drag = CorpusSpec.File(
      name: "drag-a.csv", shownPath: "c/drag-a.csv", text: "t_s,x_pt,y_pt\n0,1,1\n0.1,30,1\n")
    let corpus = try spec.corpus(files: [tap, drag], folderShown: "c")
    #expect(corpus.traces.map(\.name) == ["c/drag-a.csv", "c/tap-b.csv"])
    #expect(corpus.traces.map(\.label) == [.drag, .tap])
    #expect(CorpusSpec.isTraceFile("tap-1.csv") && CorpusSpec.isTraceFile("hold-2.CSV"))
    #expect(!CorpusSpec.isTraceFile("README.md") && !CorpusSpec.isTraceFile(".tap-1.csv"))

    let cases: [(CorpusSpec.File, String)] = [
      (
        CorpusSpec.File(name: "tapp-1.csv", shownPath: "c/tapp-1.csv", text: ""),
        "c/tapp-1.csv: corpus trace: expected a file name that starts with its label and a dash (tap-….csv, drag-….csv, hold-….csv), got \"tapp-1.csv\"; did you mean 'tap'?"
      ),
      (
        CorpusSpec.File(
          name: "hold-1.csv", shownPath: "c/hold-1.csv", text: "t_s,x_pt,y_pt\n0,1,1\n0.5,x,1\n"),
        "c/hold-1.csv:3: corpus trace (hold) column 'x_pt': expected a finite number (pt), got \"x\""
      ),
      (
        CorpusSpec.File(
          name: "drag-1.csv", shownPath: "c/drag-1.csv", text: "t_s,x_pt,y_pt\n0.2,1,1\n0.1,2,1\n"),
        "c/drag-1.csv:3: corpus trace (drag) column 't_s': expected a time later than the previous sample's 0.2 s (times must increase), got 0.1"
      ),
    ]
    for (file, message) in cases {
      do {
        _ = try spec.corpus(files: [tap, file], folderShown: "c")
        Issue.record("no error; expected \(message)")
      } catch {
        #expect(error.description == message)
      }
    }
    // An empty folder and no synthetic traces: an empty corpus.
    do {
      _ = try spec.corpus(files: [], folderShown: "c")
      Issue.record("no error for an empty corpus")
    } catch {
      #expect(
        error.description
          == "r.toml:5: [corpus]: expected a corpus of at least one trace, got no LABEL-….csv file in c and no synthetic traces (taps, drags, holds)"
      )
    }
  }

  @Test("the CSV is the same with any number of threads, and the same as measuring point by point")
  func deterministicAcrossThreads() throws {
    let sweep = try Self.sweep(
      Self.experiment(
        corpus: "seed = 3\ntaps = 200\ndrags = 200\nholds = 200",
        axes: """
          [[axis]]
          name = "slop_pt"
          path = "recognizer.slop"
          range = { from = 0, to = 24, step = 1.5 }

          [[axis]]
          name = "hold_s"
          path = "recognizer.hold"
          range = { from = 0.1, to = 1.3, step = 0.1 }
          """))
    var texts: [String] = []
    for threads in [1, 2, 3] {
      var text = SweepCSV.header(sweep)
      SweepRunner.run(
        sweep, threads: threads, chunkSize: threads == 3 ? 7 : nil, emit: { text += $0 })
      texts.append(text)
    }
    #expect(texts[0] == texts[1])
    #expect(texts[0] == texts[2])
    var byPoint = SweepCSV.header(sweep)
    for i in 0..<sweep.count { byPoint += sweep.row(at: i) + "\n" }
    #expect(texts[0] == byPoint)
    #expect(texts[0].contains("# corpus: 600 traces: 200 taps, 200 drags, 200 holds\n"))
  }
}
