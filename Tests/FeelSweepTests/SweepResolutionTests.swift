import FeelMetrics
import FeelScene
import FeelSweep
import FeelTestSupport
import Foundation
import Testing

/// An experiment checked against its base scene: paths, values, grid size, metrics.
@Suite struct SweepResolutionTests {
  static let releaseScene = "experiments/scenes/castro-release-right-40.toml"

  func experiment(_ axes: String, metrics: String = "[\"overshoot_pt\"]", extra: String = "")
    -> String
  {
    """
    title = "t"
    scene = "s.toml"
    metrics = \(metrics)
    \(extra)
    \(axes)
    """
  }

  func sweep(_ text: String, scene path: String = releaseScene, force: Bool = false) throws
    -> ParameterGrid
  {
    let e = try ExperimentReader.parse(text, file: "e.toml")
    return try ParameterGrid(e, scene: try loadScene(path), sceneFile: path, force: force)
  }

  func message(_ text: String, scene: String = releaseScene, force: Bool = false) -> String? {
    do {
      _ = try sweep(text, scene: scene, force: force)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [
    (
      "behavior.scrub-snap.dampng",
      "e.toml:7: axis \"a\" key 'path': expected a key of snap behavior \"scrub-snap\" (point, damping) after 'behavior.scrub-snap', got \"behavior.scrub-snap.dampng\"; did you mean 'behavior.scrub-snap.damping'?"
    ),
    (
      "behavior.scrub-snp.damping",
      "e.toml:7: axis \"a\" key 'path': expected the id of a behavior (scrub-snap, scrub-rotation) after 'behavior', got \"behavior.scrub-snp.damping\"; did you mean 'behavior.scrub-snap.damping'?"
    ),
    (
      "behaviour.scrub-snap.damping",
      "e.toml:7: axis \"a\" key 'path': expected a path to a scene value, beginning with one of (profile, frame_rate, duration, reference_size, item, behavior, boundary, rule, recognizer, touch), got \"behaviour.scrub-snap.damping\"; did you mean 'behavior.scrub-snap.damping'?"
    ),
    (
      "item.bar.size",
      "e.toml:7: axis \"a\" key 'path': expected a component, 0 (x or width) or 1 (y or height) (0, 1) after 'item.bar.size', got \"item.bar.size\""
    ),
    (
      "item.bar.size.2",
      "e.toml:7: axis \"a\" key 'path': expected a component, 0 (x or width) or 1 (y or height) (0, 1) after 'item.bar.size', got \"item.bar.size.2\"; did you mean 'item.bar.size.0'?"
    ),
    (
      "duration.0",
      "e.toml:7: axis \"a\" key 'path': expected nothing after 'duration' (it names a single value), got \"duration.0\"; did you mean 'duration'?"
    ),
  ])
  func unknownPathsSaySoWithASuggestion(path: String, expected: String) {
    let text = experiment(
      """
      [[axis]]
      name = "a"
      path = "\(path)"
      values = [0.5]
      """)
    #expect(message(text) == expected)
  }

  @Test func negativeSizeIsRefused() {
    let text = experiment(
      """
      [[axis]]
      name = "width_pt"
      path = "item.bar.size.0"
      values = [320, -10]
      """)
    #expect(
      message(text)
        == "e.toml:8: axis \"width_pt\" key 'values': expected values that item.bar.size.0 accepts: a number > 0 (pt), got -10"
    )
  }

  /// A linked path is checked after its scale and offset: half of −20 is no centre problem, but
  /// a size of 0 is.
  @Test func linkedValuesAreCheckedAfterTheirMapping() {
    let text = experiment(
      """
      [[axis]]
      name = "width_pt"
      set = [ { path = "item.bar.center.0", scale = 0.5 }, { path = "item.bar.size.0", offset = -320 } ]
      range = { from = 320, to = 430, step = 10 }
      """)
    #expect(
      message(text)
        == "e.toml:8: axis \"width_pt\" key 'range': expected values that item.bar.size.0 accepts: a number > 0 (pt), got 0 (-320 + 1 × value for the axis value 320)"
    )
  }

  @Test func negativeDampingIsRefused() {
    let text = experiment(
      """
      [[axis]]
      name = "damping"
      path = "behavior.scrub-snap.damping"
      range = { from = -0.5, to = 1, step = 0.5 }
      """)
    #expect(
      message(text)
        == "e.toml:8: axis \"damping\" key 'range': expected values that behavior.scrub-snap.damping accepts: a number ≥ 0, got -0.5"
    )
  }

  @Test func profileNamesAreChecked() {
    let text = experiment(
      """
      [[axis]]
      name = "profile"
      path = "profile"
      values = ["modern", "ios8"]
      """)
    #expect(
      message(text)
        == "e.toml:8: axis \"profile\" key 'values': expected values that profile accepts: a profile name (modern, ios7), got \"ios8\"; did you mean 'ios7'?"
    )
  }

  @Test func aPathIsSetOnce() {
    let text = experiment(
      """
      [[axis]]
      name = "a"
      path = "behavior.scrub-snap.damping"
      values = [0.3]

      [[axis]]
      name = "b"
      path = "behavior.scrub-snap.damping"
      values = [0.4]
      """)
    #expect(
      message(text)
        == "e.toml:12: axis \"b\" key 'path': expected a path no other axis or [fixed] entry sets, got \"behavior.scrub-snap.damping\", also set by axis \"a\""
    )
  }

  /// More than 2,000,000 points needs `force`; the check needs no list of the points.
  @Test func largeGridsNeedForce() throws {
    let text = experiment(
      DampingReleaseAxes.text(
        damping: "range = { from = 0, to = 1.999, step = 0.001 }",
        release: "range = { from = 0, to = 1000, step = 1 }"))
    #expect(
      message(text)
        == "e.toml: key 'axis': expected at most 2000000 grid points (run with --force for more), got 2000 × 1001 = 2002000 points"
    )
    #expect(try sweep(text, force: true).count == 2_002_000)
  }

  /// Without a snap or a given target, the target metrics are measured against where the item
  /// comes to rest (docs/metrics.md, `rest-target`): the experiment is accepted, and the CSV's
  /// legend names both the note and `no-target`, for points where it never comes to rest.
  @Test func targetMetricsWithoutATargetUseTheRestPose() throws {
    let text = experiment(
      """
      [[axis]]
      name = "push"
      path = "behavior.push-square.magnitude"
      values = [1]
      """, metrics: "[\"peak_speed_pt_s\", \"settle_time_s\"]")
    #expect(message(text, scene: "experiments/scenes/apple-push.toml") == nil)
    let header = SweepCSV.header(try sweep(text, scene: "experiments/scenes/apple-push.toml"))
    #expect(header.contains("target: where the item comes to rest (rest-target)"))
    #expect(header.contains("  rest-target = "))
    #expect(header.contains("  no-target = "))
  }

  /// A list's `settle_time_s` is the list's (docs/metrics.md, "Many items: a list"): a sweep
  /// of the list's scene says so in its header, a sweep of a one-item scene keeps the snap
  /// phase's (the header describes what is measured).
  @Test func aListSweepDescribesTheListsSettleTime() throws {
    /// The header's `settle_time_s` line of a one-axis sweep of `scene`.
    func settleLine(_ scene: String, axis path: String, metrics: String) throws -> String {
      let text = experiment(
        "[[axis]]\nname = \"a\"\npath = \"\(path)\"\nvalues = [1]\n", metrics: metrics)
      let header = SweepCSV.header(try sweep(text, scene: scene))
      return String(
        try #require(
          header.split(separator: "\n").first { $0.hasPrefix("# column settle_time_s: ") }))
    }
    let line = try settleLine(
      "experiments/scenes/list-fast-flick.toml", axis: "behavior.scroll.resistance",
      metrics: "[\"max_lag_pt\", \"settle_time_s\"]")
    #expect(line.contains("last frame a scroll moved the list"), "\(line)")
    #expect(line.contains("attachment's anchor"), "\(line)")
    #expect(!line.contains("snap phase"), "\(line)")
    let snapLine = try settleLine(
      "experiments/scenes/apple-push.toml", axis: "behavior.push-square.magnitude",
      metrics: "[\"settle_time_s\"]")
    #expect(snapLine.contains("snap phase"), "\(snapLine)")
  }

  /// A list sweep's legend holds only the flags its metrics can carry (the list writes the lags
  /// always and its settle time empty only `unsettled`) and names the measured items: the
  /// scroll's 48 bubbles b0…b47 in experiments/scenes/list-fast-flick.toml.
  @Test func aListSweepsLegendAndItems() throws {
    let text = experiment(
      "[[axis]]\nname = \"a\"\npath = \"behavior.scroll.resistance\"\nvalues = [1]\n",
      metrics: "[\"max_lag_pt\", \"settle_time_s\", \"settle_frames\"]")
    let header = SweepCSV.header(
      try sweep(text, scene: "experiments/scenes/list-fast-flick.toml"))
    let bubbles = (0..<48).map { "b\($0)" }.joined(separator: ", ")
    #expect(
      header.contains(
        "# list: 48 measured items, each from its attachment's anchor (max_lag_pt, "
          + "settle_time_s, settle_frames): \(bubbles)\n"), "\(header)")
    #expect(header.contains("#   unsettled = "))
    for flag in ["no-target", "rest-target", "no-snap", "no-list"] {
      #expect(!header.contains("#   \(flag) = "), "\(flag)")
    }
  }

  /// A list sweep's header names the single measured item only for the metrics that read it
  /// (and its target only for those that need one): the list's lags and settle time read the
  /// measured items from their anchors, never the item b0 nor where it comes to rest.
  @Test(arguments: [
    ("[\"max_lag_pt\", \"spread_pt\", \"settle_time_s\", \"pause_time_s\"]", nil),
    ("[\"max_lag_pt\", \"peak_speed_pt_s\"]", "# item: b0 (peak_speed_pt_s)\n"),
    (
      "[\"settle_time_s\", \"overshoot_pt\"]",
      "# item: b0 (overshoot_pt); target: where the item comes to rest (rest-target)\n"
    ),
  ])
  func aListSweepNamesTheItemOnlyWhereAMetricReadsIt(metrics: String, itemLine: String?) throws {
    let text = experiment(
      "[[axis]]\nname = \"a\"\npath = \"behavior.scroll.resistance\"\nvalues = [1]\n",
      metrics: metrics)
    let header = SweepCSV.header(
      try sweep(text, scene: "experiments/scenes/list-fast-flick.toml"))
    let comments = header.split(separator: "\n").filter { $0.hasPrefix("# ") }
    let items = comments.filter { $0.hasPrefix("# item:") }.map { String($0) + "\n" }
    #expect(items == (itemLine.map { [$0] } ?? []), "\(header)")
    if itemLine == nil {
      #expect(!header.contains("rest-target"), "\(header)")
    }
    #expect(comments.contains { $0.hasPrefix("# list: 48 measured items, each from its ") })
  }

  /// A sweep looks for the rest pose only when a metric reads the item's target: a list's
  /// settle time reads the list, so the list's point (damping 0.8, frequency 0.6) measures no
  /// rest pose and carries no `rest-target` note; with `overshoot_pt` (the item b0's) it does.
  @Test func theRestPoseOnlyForAMetricThatReadsIt() throws {
    func row(_ metrics: String) throws -> (plan: MeasurePlan, row: String) {
      let axes = """
        [[axis]]
        name = "damping"
        path = "behavior.spring-*.damping"
        values = [0.8]
        [[axis]]
        name = "frequency"
        path = "behavior.spring-*.frequency"
        values = [0.6]
        """
      let grid = try sweep(
        experiment(axes, metrics: metrics), scene: "experiments/scenes/list-fast-flick.toml")
      return (grid.plan, grid.row(at: 0))
    }
    let list = try row("[\"max_lag_pt\", \"settle_time_s\"]")
    #expect(!list.plan.measuresRestTarget)
    #expect(!list.row.contains("rest-target"), "\(list.row)")
    let item = try row("[\"settle_time_s\", \"overshoot_pt\"]")
    #expect(item.plan.measuresRestTarget)
    #expect(item.row.hasSuffix(",rest-target"), "\(item.row)")
  }

  /// An experiment's `[measure] items` chooses the list's measured items over the scene's: the
  /// header names just those; an unknown id or an item without an anchor is refused at the
  /// `[measure]` table.
  @Test func anExperimentChoosesTheMeasuredItems() throws {
    let axis = "[[axis]]\nname = \"a\"\npath = \"behavior.scroll.resistance\"\nvalues = [1]\n"
    func text(_ items: String) -> String {
      experiment(axis, metrics: "[\"max_lag_pt\"]", extra: "[measure]\nitems = \(items)\n")
    }
    let scene = "experiments/scenes/list-fast-flick.toml"
    let grid = try sweep(text("[\"b3\", \"b7\"]"), scene: scene)
    #expect(grid.plan.listItems.map { grid.base.items[$0].id } == ["b3", "b7"])
    #expect(SweepCSV.header(grid).contains("(max_lag_pt): b3, b7\n"))
    let unknown = try #require(message(text("[\"b3\", \"b99\"]"), scene: scene))
    #expect(unknown.contains("[measure] key 'items'") && unknown.contains("\"b99\""), "\(unknown)")
    let push = experiment(
      "[[axis]]\nname = \"a\"\npath = \"behavior.push-square.magnitude\"\nvalues = [1]\n",
      metrics: "[\"max_lag_pt\"]", extra: "[measure]\nitems = [\"square\"]\n")
    let noAnchor = try #require(message(push, scene: "experiments/scenes/apple-push.toml"))
    #expect(
      noAnchor.contains("[measure] key 'items'")
        && noAnchor.contains("expected items each attached to an anchor point"), "\(noAnchor)")
  }

  /// A sweep that measures no list writes the header its baseline holds, byte for byte: the
  /// list's header lines leave the others as they were (a target at rest, a snap point, one
  /// picked per run; the baselines were recorded before the list's header lines changed).
  @Test(arguments: ["card-stack", "snap-damping-release", "sheet-rubber-band", "puck-bumpers"])
  func aHeaderWithoutAListIsUnchanged(name: String) throws {
    let path = "experiments/\(name).toml"
    let url = repositoryRoot.appendingPathComponent(path)
    let e = try ExperimentReader.parse(String(contentsOf: url, encoding: .utf8), file: path)
    let scenePath = "experiments/" + e.scene
    let grid = try ParameterGrid(e, scene: try loadScene(scenePath), sceneFile: scenePath)
    #expect(!grid.plan.measuresList)
    let file = "experiments/baselines/\(name).metrics.csv"
    let baseline = try String(
      contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
    let header = SweepCSV.header(grid)
    #expect(header.contains("# item: "))
    #expect(baseline.hasPrefix(header), "\(header)")
  }

  /// A target a drag-ended rule picks at the release is picked per run: the CSV's legend
  /// says so and lists the candidates, the file's snap point only as where the snap starts
  /// (never "the target … in the base scene").
  @Test func aTargetPickedAtTheReleaseIsLabelledPerRun() throws {
    let text = experiment(
      """
      [[axis]]
      name = "damping"
      path = "behavior.corner-snap.damping"
      values = [0.5]
      """, metrics: "[\"settle_time_s\"]")
    let header = SweepCSV.header(try sweep(text, scene: "experiments/scenes/pip-flick.toml"))
    #expect(
      header.contains(
        "# item: tile; target: picked per run at the release, the nearest of (96, 104), "
          + "(294, 104), (96, 740), (294, 740) pt (the snap point of \"corner-snap\" is "
          + "(294, 104) pt in the base scene's file)"), "\(header)")
    #expect(!header.contains("pt in the base scene\n"))
  }

  /// The grid: the last axis varies fastest; each point's scene carries its values, linked
  /// paths mapped.
  @Test func gridOrderAndScenes() throws {
    let s = try sweep(
      experiment(
        """
        [[axis]]
        name = "damping"
        path = "behavior.scrub-snap.damping"
        values = [0.2, 0.4]

        [[axis]]
        name = "width_pt"
        set = [ { path = "item.bar.size.0" }, { path = "item.bar.center.0", scale = 0.5, offset = 10 } ]
        values = [320, 375, 430]
        """, extra: "[fixed]\nduration = 1.5\n"))
    #expect(s.count == 6)
    #expect(
      (0..<6).map(s.grid.coordinates(of:)) == [
        [0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2],
      ])
    let scene = s.scene(at: 4)
    guard case .snap(let snap) = scene.behaviors[0].kind else {
      Issue.record("the scene's first behavior is its snap")
      return
    }
    #expect(snap.damping == 0.4)
    #expect(scene.items[0].size_pt == Point(375, 50))
    #expect(scene.items[0].center_pt == Point(197.5, 25))
    #expect(scene.duration_s == 1.5)
    #expect(SweepCSV.columns(s) == ["damping", "width_pt", "overshoot_pt", "flags"])
    #expect(s.row(at: 4).hasPrefix("0.4,375,"))
  }

  /// Every committed experiment reads and resolves against its scene.
  @Test(arguments: [
    "snap-damping-release", "tap-hint-push-gravity", "wall-offset-damping", "phone-width-push",
    "profile-modern-ios7",
  ])
  func committedExperimentsResolve(name: String) throws {
    let path = "experiments/\(name).toml"
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let e = try ExperimentReader.parse(text, file: path)
    let s = try ParameterGrid(
      e, scene: try loadScene("experiments/" + e.scene), sceneFile: "experiments/" + e.scene)
    #expect(s.count > 100)
    #expect(SweepCSV.header(s).contains("# experiment: \(path)\n"))
  }
}
