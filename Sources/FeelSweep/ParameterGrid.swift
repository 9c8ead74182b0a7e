import FeelMetrics
import FeelScene

/// An experiment checked against its base scene and ready to run: the grid of scenes (every
/// combination of axis values, the first axis outermost), and how to measure each. What
/// `feel sweep`, `feel solve`, `feel check` and the notebook run; `Grid` numbers its points.
///
/// Pure and `Sendable`: any thread can compute any point (`row(at:)`), and the same point
/// always gives the same bytes.
public struct ParameterGrid: Sendable {
  public let experiment: Experiment
  /// The base scene's path as the header names it.
  public let sceneFile: String
  /// The base point: the base scene with the `[fixed]` values set, and the experiment's own
  /// values before the axes (a rotary experiment's dead zone).
  public let basePoint: SweepPoint
  /// The base scene with the `[fixed]` values set.
  public var base: Scene { basePoint.scene }
  /// The axes with their paths resolved, in the experiment's order.
  public let axes: [ResolvedAxis]
  public let metrics: [Metric]
  public let plan: MeasurePlan
  /// The grid's shape: each axis's value count, and how points are numbered (`feel sweep`'s
  /// row order).
  public let grid: Grid
  /// Number of grid points: the product of the axes' value counts.
  public var count: Int { grid.count }
  /// A recognizer experiment's corpus, read at every point instead of running the scene (whose
  /// recognizer settings the axes set); nil for a scene experiment.
  public let corpus: TouchCorpus?
  /// Reads `corpus` at each point.
  private let reader: CorpusReader?
  /// Tracks a rotary corpus's turning drags at each point's dead zone; nil without a rotary.
  private let turns: RotaryTurnReader?
  /// This sweep's scenes in `SimulationPool`: the base scene with axis values of its own.
  private let identity = SimulationPool.Sweep()
  /// Whether `rows(_:)` steps points together in SIMD lanes where they qualify (`SceneRuns`,
  /// `LaneGroup`); the bytes are the same either way. Tests turn it off to compare with the
  /// scalar path.
  public var useLanes = true

  /// The most points a sweep runs without `force`.
  public static let maxPointsWithoutForce = 2_000_000

  /// An axis whose paths are resolved against the base scene. (A class: every grid point reads
  /// each axis twice, and reading a struct out of the array copies it, retaining its lists.)
  public final class ResolvedAxis: Sendable {
    public let axis: Axis
    public let paths: [SweepPath]
    /// The values and their CSV cells, listed once for axes of at most `maxListedValues` values
    /// (a range axis computes each value with a decimal rounding, too slow to repeat for every
    /// grid point); empty for longer axes, whose values are computed when needed.
    private let listedValues: [AxisValue]
    private let listedCells: [[UInt8]]

    /// Axes of at most this many values are listed in memory.
    static let maxListedValues = 1 << 16

    init(axis: Axis, paths: [SweepPath]) {
      self.axis = axis
      self.paths = paths
      if axis.values.count <= Self.maxListedValues {
        let values = (0..<axis.values.count).map { axis.values[$0] }
        listedValues = values
        listedCells = values.map { Array($0.csvCell.utf8) }
      } else {
        listedValues = []
        listedCells = []
      }
    }

    /// The axis's value at `index`.
    @inline(__always) func value(_ index: Int) -> AxisValue {
      listedValues.isEmpty ? axis.values[index] : listedValues[index]
    }

    /// Appends the CSV cell of the axis's value at `index` (UTF-8).
    @inline(__always) func appendCell(_ index: Int, to bytes: inout [UInt8]) {
      if !listedCells.isEmpty {
        bytes.append(contentsOf: listedCells[index])
      } else {
        bytes.append(contentsOf: axis.values[index].csvCell.utf8)
      }
    }
  }

  /// Checks `experiment` against `scene` (the parsed base scene, read from `sceneFile`): every
  /// path exists and takes its axis's values (numbers in range, profile names, booleans), no
  /// path is set twice, the metrics can be measured, the grid is not empty and, unless `force`,
  /// has at most `maxPointsWithoutForce` points. Errors point into the experiment file.
  ///
  /// A recognizer experiment (`experiment.corpus`) takes its loaded `corpus` (`CorpusSpec`)
  /// and no scene of its own: `ParameterGrid(experiment, corpus:)`.
  public init(
    _ experiment: Experiment, scene: Scene, sceneFile: String, corpus: TouchCorpus? = nil,
    force: Bool = false
  ) throws(ExperimentError) {
    let experiment = try experiment.expandingWildcards(in: scene)
    self.experiment = experiment
    self.sceneFile = sceneFile
    self.corpus = corpus
    reader = corpus.map(CorpusReader.init)
    let rotary = corpus?.synthetic?.rotary
    turns = corpus.flatMap { corpus in rotary.map { RotaryTurnReader(corpus, rotary: $0) } }
    metrics = experiment.metrics
    try Self.checkCorpus(experiment, corpus)
    var base = SweepPoint(scene: scene, rotaryDeadZone_pt: rotary?.deadZone_pt)
    var claimed: [String: String] = [:]
    var fixedProfile: SourceLocation?
    // Whether a [fixed] value or an axis may fail the profile check (`mayMeetProfileCheck`).
    var checksProfile = false

    for setting in experiment.fixed {
      let path = try Self.resolve(setting.path, at: setting.location, in: scene)
      if let owner = claimed[path.text] {
        throw setting.location.error(expected: "a path set once", got: "also set by \(owner)")
      }
      claimed[path.text] = "[fixed]"
      try Self.check(setting.value, for: path, at: setting.location, in: scene)
      if path.mayMeetProfileCheck(in: scene) { checksProfile = true }
      path.set(setting.value, in: &base)
      if path.text == "profile" { fixedProfile = setting.location }
    }

    var resolved: [(axis: Axis, paths: [SweepPath])] = []
    for axis in experiment.axes {
      var paths: [SweepPath] = []
      for target in axis.targets {
        let path = try Self.resolve(target.path, at: target.location, in: scene)
        if let owner = claimed[path.text] {
          throw target.location.error(
            expected: "a path no other axis or [fixed] entry sets",
            got: "\"\(path.text)\", also set by \(owner)")
        }
        claimed[path.text] = "axis \"\(axis.name)\""
        try Self.check(axis, target, path, in: scene)
        if path.mayMeetProfileCheck(in: scene) { checksProfile = true }
        paths.append(path)
      }
      resolved.append((axis, paths))
    }
    basePoint = base
    grid = Grid(counts: experiment.axes.map(\.values.count))

    if !force && (grid.overflows || grid.count > Self.maxPointsWithoutForce) {
      let sizes = grid.counts.map(String.init).joined(separator: " × ")
      throw SourceLocation(file: experiment.file, line: nil, table: "", key: "axis").error(
        expected: "at most \(Self.maxPointsWithoutForce) grid points (run with --force for more)",
        got: "\(sizes) = \(grid.overflows ? "more than \(Int.max)" : String(grid.count)) points")
    }
    // Listed only now (`ResolvedAxis` lists up to 65,536 values each, with their CSV cells): a
    // grid refused for its size costs no listing.
    let axes = resolved.map { ResolvedAxis(axis: $0.axis, paths: $0.paths) }
    self.axes = axes
    try Self.checkFrames(axes, base: base.scene, experiment: experiment)
    if checksProfile {
      try Self.checkProfile(axes, base: base, fixedAt: fixedProfile, experiment: experiment)
    }
    if corpus != nil {
      plan = .noItem
      return
    }

    let ids = base.scene.items.map(\.id)
    if let item = experiment.measure.item, !ids.contains(item) {
      throw experiment.measureLocation.error(
        expected: "the id of an item of the scene (\(ids.joined(separator: ", ")))",
        got: "\"\(item)\"", suggestion: NameSuggestion.closest(to: item, among: ids))
    }
    for item in experiment.measure.items ?? [] {
      guard ids.contains(item) else {
        throw experiment.measureItemsLocation.error(
          expected: "ids of items of the scene (\(ids.joined(separator: ", ")))",
          got: "\"\(item)\"", suggestion: NameSuggestion.closest(to: item, among: ids))
      }
      if base.scene.behaviors.anchor(ofItem: item) == nil {
        throw experiment.measureItemsLocation.error(
          expected: "items each attached to an anchor point (what a lag is measured from)",
          got: "\"\(item)\"")
      }
    }
    do {
      var plan = try MeasurePlan(base.scene, experiment.measure)
      plan.recordsRotation = experiment.metrics.contains { $0.group == .rotation }
      plan.readsItemTarget = experiment.metrics.contains {
        $0.readsItemTarget(measuringList: plan.measuresList)
      }
      self.plan = plan
    } catch {
      throw experiment.sceneLocation.error(
        expected: "a scene the metrics can measure", got: error.description)
    }
    // Without a snap or a given target, the target metrics are measured against where the item
    // comes to rest (`rest-target`), and left empty (`no-target`) where it does not.
  }

  /// A recognizer experiment on `corpus`: its scene is the default scene (UIKit's recognizer
  /// constants), which `[fixed]` and the axes change.
  public init(_ experiment: Experiment, corpus: TouchCorpus, force: Bool = false)
    throws(ExperimentError)
  {
    try self.init(experiment, scene: Scene(), sceneFile: "", corpus: corpus, force: force)
  }

  /// The paths a recognizer experiment may set: the readings depend on these alone.
  public static let corpusPaths = ["recognizer.slop", "recognizer.hold"]
  /// The path a rotary experiment (a corpus with `[corpus.rotary]`) may set besides: the dead zone
  /// its turns are tracked with.
  public static let rotaryPaths = ["rotary.dead_zone"]

  /// A corpus experiment has its corpus, measures corpus metrics only (with traces of every
  /// label a rate divides by) and sets only `corpusPaths`; a scene experiment measures no
  /// corpus metric.
  private static func checkCorpus(_ experiment: Experiment, _ corpus: TouchCorpus?)
    throws(ExperimentError)
  {
    // The corpus metrics this corpus can measure: the rotary ones only with a [corpus.rotary].
    let corpusNames = CorpusMeasurement.metrics.filter {
      corpus?.synthetic?.rotary != nil || !CorpusMeasurement.rotaryMetrics.contains($0)
    }.map(\.column)
    let settings =
      experiment.fixed.map { ($0.path, $0.location) }
      + experiment.axes.flatMap { axis in axis.targets.map { ($0.path, $0.location) } }
    guard let spec = experiment.corpus else {
      if let (path, location) = settings.first(where: { $0.0.hasPrefix("rotary.") }) {
        throw location.error(
          expected: "a scene value path: '\(path)' is a rotary experiment's, read with a "
            + "[corpus.rotary] table (docs/touches.md, \"Rotary experiment\")", got: "\"\(path)\"")
      }
      if corpus != nil {
        throw experiment.sceneLocation.error(
          expected: "a scene experiment: it has no [corpus] to read", got: "a corpus")
      }
      if let metric = experiment.metrics.first(where: { $0.group == .corpus }) {
        throw experiment.metricsLocation.error(
          expected: "metrics a scene has: '\(metric.column)' reads a corpus of touches; a "
            + "recognizer experiment names its corpus in a [corpus] table instead of a scene "
            + "(docs/touches.md, \"Recognizer experiment\")",
          got: "\"\(metric.column)\"")
      }
      return
    }
    guard let corpus else {
      throw spec.location.error(
        expected: "the corpus's traces, loaded from its folder and generator (feel loads them)",
        got: "none")
    }
    if let metric = experiment.metrics.first(where: { $0.group != .corpus }) {
      throw experiment.metricsLocation.error(
        expected: "corpus metrics (\(corpusNames.joined(separator: ", "))): a recognizer "
          + "experiment runs no scene, and '\(metric.column)' measures one",
        got: "\"\(metric.column)\"")
    }
    for metric in experiment.metrics {
      let labels = CorpusMeasurement.denominator(of: metric)
      guard !labels.isEmpty, labels.allSatisfy({ corpus.count($0) == 0 }) else { continue }
      throw spec.location.error(
        expected: "a corpus with \(labels.map(\.rawValue).joined(separator: " or ")) traces: "
          + "'\(metric.column)' divides by their number",
        got:
          "none (\(GestureLabel.allCases.map { $0.counted(corpus.count($0)) }.joined(separator: ", ")))"
      )
    }
    let rotary = corpus.synthetic?.rotary
    if rotary == nil,
      let metric = experiment.metrics.first(where: { CorpusMeasurement.rotaryMetrics.contains($0) })
    {
      throw experiment.metricsLocation.error(
        expected:
          "corpus metrics of a corpus without a rotary control: '\(metric.column)' tracks turns "
          + "about a disc's centre, which a [corpus.rotary] table gives (docs/touches.md, "
          + "\"Rotary experiment\")", got: "\"\(metric.column)\"")
    }
    if rotary == nil,
      let (path, location) = settings.first(where: { rotaryPaths.contains($0.0) })
    {
      throw location.error(
        expected: "\(corpusPaths.joined(separator: " or ")): '\(path)' sets the dead zone of a "
          + "rotary control's turns, and this corpus has no [corpus.rotary] table",
        got: "\"\(path)\"")
    }
    let allowed = corpusPaths + (rotary == nil ? [] : rotaryPaths)
    for (path, location) in settings where !allowed.contains(path) {
      throw location.error(
        expected: rotary == nil
          ? "\(corpusPaths.joined(separator: " or ")): a recognizer experiment reads its "
            + "corpus with the recognizer's slop and hold time, and nothing else changes a "
            + "reading"
          : "\(allowed.joined(separator: ", ")): a rotary experiment reads its corpus with the "
            + "recognizer's slop and hold time and tracks its turns with the dead zone, and "
            + "nothing else changes a reading", got: "\"\(path)\"",
        suggestion: NameSuggestion.closest(to: path, among: allowed))
    }
  }

  private static func resolve(_ text: String, at location: SourceLocation, in scene: Scene)
    throws(ExperimentError) -> SweepPath
  {
    do {
      return try SweepPath(text, in: scene)
    } catch {
      throw location.error(
        expected: error.expected, got: "\"\(text)\"", suggestion: error.suggestion)
    }
  }

  /// A `[fixed]` value against its path.
  private static func check(
    _ value: AxisValue, for path: SweepPath, at location: SourceLocation, in scene: Scene
  ) throws(ExperimentError) {
    if let problem = problem(with: value, for: path) {
      throw location.error(
        expected: problem.expected, got: value.description, suggestion: problem.suggestion)
    }
  }

  /// An axis's values, mapped by `target`, against `path`. Numbers are checked at the two ends
  /// of their range (the map is linear), so a range axis is checked without listing it.
  static func check(
    _ axis: Axis, _ target: AxisTarget, _ path: SweepPath, in scene: Scene
  ) throws(ExperimentError) {
    if case .number = path.kind, let bounds = axis.values.numberBounds {
      for end in [bounds.min, bounds.max] {
        let value = AxisValue.number(target.mapped(end))
        if let problem = problem(with: value, for: path) {
          let mapping =
            target.isIdentity
            ? "" : " (\(describe(target)) for the axis value \(AxisValue.shortest(end)))"
          throw axis.valuesLocation.error(
            expected: "values that \(path.text) accepts: \(problem.expected)",
            got: "\(value.csvCell)\(mapping)")
        }
      }
      return
    }
    if !target.isIdentity {
      throw target.location.error(
        expected: "no scale or offset: \(path.text) does not take a number", got: describe(target))
    }
    for index in 0..<axis.values.count {
      let value = axis.values[index]
      if let problem = problem(with: value, for: path) {
        throw axis.valuesLocation.error(
          expected: "values that \(path.text) accepts: \(problem.expected)",
          got: value.description, suggestion: problem.suggestion)
      }
    }
  }

  /// What is wrong with `value` at `path`, if anything (`SceneValueKind.problem(with:)`).
  private static func problem(with value: AxisValue, for path: SweepPath) -> (
    expected: String, suggestion: String?
  )? {
    path.kind.problem(with: value)
  }

  /// The frame count (duration × frame rate) stays within the scene reader's limit at every
  /// point: checked with the largest duration and frame rate the axes reach.
  private static func checkFrames(
    _ axes: [ResolvedAxis], base: Scene, experiment: Experiment
  ) throws(ExperimentError) {
    var duration = base.duration_s
    var rate = base.frameRate_hz
    var location: SourceLocation?
    for axis in axes {
      for (target, path) in zip(axis.axis.targets, axis.paths) where path.isTiming {
        guard let bounds = axis.axis.values.numberBounds else { continue }
        let high = max(target.mapped(bounds.min), target.mapped(bounds.max))
        if path.text == "duration" {
          duration = max(duration, high)
        } else {
          rate = max(rate, high)
        }
        location = axis.axis.valuesLocation
      }
    }
    let frames = (duration * rate).rounded()
    if let location, frames > Double(SceneReader.maxFrames) {
      throw location.error(
        expected: "at most \(SceneReader.maxFrames) frames (duration × frame_rate) at every point",
        got: "up to \(AxisValue.shortest(frames)) frames")
    }
  }

  /// The scene reader's profile check (`SceneSchema.profileProblem`) at every profile the grid
  /// reaches: iOS 9's keys under `profile = "ios7"` are refused before any point runs, as in a
  /// scene file. Whether a path adds an iOS 9 key does not depend on its number, so each axis's
  /// first value stands for its others; a profile axis is checked at each of its values.
  private static func checkProfile(
    _ axes: [ResolvedAxis], base: SweepPoint, fixedAt fixed: SourceLocation?,
    experiment: Experiment
  ) throws(ExperimentError) {
    var point = base
    var profileAxis: ResolvedAxis?
    for axis in axes where axis.axis.values.count > 0 {
      set(axis.value(0), of: axis, in: &point)
      if axis.paths.contains(where: { $0.text == "profile" }) { profileAxis = axis }
    }
    for index in 0..<(profileAxis?.axis.values.count ?? 1) {
      if let profileAxis { set(profileAxis.value(index), of: profileAxis, in: &point) }
      guard let error = SceneSchema.profileProblem(point.scene) else { continue }
      let problem = SceneSetting.Problem(profileError: error)
      let location = profileAxis?.axis.valuesLocation ?? fixed ?? experiment.sceneLocation
      throw location.error(expected: problem.expected, got: problem.got)
    }
  }

  /// `160 + 1 × value`: how headers and messages show a target's mapping.
  static func describe(_ target: AxisTarget) -> String {
    if target.isIdentity { return "value" }
    var text = ""
    if target.offset != 0 { text += AxisValue.shortest(target.offset) + " + " }
    text += AxisValue.shortest(target.scale) + " × value"
    return text
  }

  // MARK: - Points

  /// The scene of grid point `index` (0 ≤ index < count, numbered as `grid` numbers them).
  public func scene(at index: Int) -> Scene { point(at: index).scene }

  /// Grid point `index`: its scene and the experiment's own values.
  public func point(at index: Int) -> SweepPoint {
    point(coordinates: grid.coordinates(of: index))
  }

  /// The grid point with these value indices, one per axis.
  public func point(coordinates: [Int]) -> SweepPoint {
    var point = basePoint
    for a in axes.indices {
      Self.set(axes[a].value(coordinates[a]), of: axes[a], in: &point)
    }
    return point
  }

  /// The index on axis `a` of the base scene's value, if the axis has it: the first value that
  /// its first path maps to the base scene's number (within a billionth of it, or of 1 near 0),
  /// or the base scene's profile name. Thinning the grid keeps it (`Grid.thinned`), so the
  /// base scene's constants stay on the thinned grid; the notebook's explorer starts there.
  public func baseValueIndex(onAxis a: Int) -> Int? {
    let axis = axes[a].axis
    let values = axis.values
    guard let path = axes[a].paths.first, let target = axis.targets.first else { return nil }
    if let current = path.number(in: basePoint) {
      return (0..<values.count).first { i in
        guard case .number(let x) = values[i] else { return false }
        return abs(target.mapped(x) - current) <= 1e-9 * max(1, abs(current))
      }
    }
    if path.text == "profile" {
      return (0..<values.count).first { values[$0] == .string(base.profile.rawValue) }
    }
    return nil
  }

  /// The scene at any axis values, one per axis in order, on the grid or between its values
  /// (`feel solve` refines between them). Each value must be of its axis's kind and, for a
  /// number, within what the axis's paths accept: between two grid values of a numeric axis
  /// always is, since the paths were checked at the axis's ends and the maps are linear.
  public func scene(values: [AxisValue]) -> Scene { point(values: values).scene }

  /// The point at any axis values, as `scene(values:)` makes its scene.
  public func point(values: [AxisValue]) -> SweepPoint {
    var point = basePoint
    for (axis, value) in zip(axes, values) { Self.set(value, of: axis, in: &point) }
    return point
  }

  /// Sets every path of `axis` to its image of `value`.
  private static func set(_ value: AxisValue, of axis: ResolvedAxis, in point: inout SweepPoint) {
    for (target, path) in zip(axis.axis.targets, axis.paths) {
      if case .number(let x) = value {
        path.set(.number(target.mapped(x)), in: &point)
      } else {
        path.set(value, in: &point)
      }
    }
  }

  /// Turns `scene`, the base scene with the axis values of some grid point (or none), into
  /// grid point `index`'s scene, in place: every point sets the same paths, each to a value of
  /// its own, so only the axes' values are written (the sweep's simulations keep their scene
  /// from one point to the next, `SimulationPool`).
  func setAxisValues(ofPoint index: Int, in scene: inout Scene) {
    var rest = index
    for a in axes.indices.reversed() {
      let value = axes[a].value(rest % grid.counts[a])
      rest /= grid.counts[a]
      for (target, path) in zip(axes[a].axis.targets, axes[a].paths) {
        if case .number(let x) = value {
          path.set(.number(target.mapped(x)), in: &scene)
        } else {
          path.set(value, in: &scene)
        }
      }
    }
  }

  /// Measures grid point `index`. `options`: UIKit's engine except in tests.
  public func measure(at index: Int, options: EngineOptions = .uikit) -> MetricsResult {
    measure(point(at: index), options: options)
  }

  /// Measures `point`, a point of this sweep (`point(at:)`, `point(values:)`): runs its scene,
  /// or for a recognizer experiment reads the corpus with its recognizer settings (and a rotary
  /// experiment's dead zone). `options`: UIKit's engine except in tests.
  public func measure(_ point: SweepPoint, options: EngineOptions = .uikit) -> MetricsResult {
    if let reader {
      return CorpusMeasurement.measure(
        reader, point.scene.recognizer, turns: turns, deadZone_pt: point.rotaryDeadZone_pt ?? 0)
    }
    return SceneMeasurement.measure(point.scene, plan, options: options)
  }

  /// The CSV row of grid point `index`, without its line break: the axis values, the metrics,
  /// then the flags. `options`: UIKit's engine except in tests.
  public func row(at index: Int, options: EngineOptions = .uikit) -> String {
    let coordinates = grid.coordinates(of: index)
    return row(coordinates, measure(point(coordinates: coordinates), options: options))
  }

  /// The CSV rows of the grid points in `range`, each followed by a line break. Points are
  /// stepped sixteen at a time in SIMD lanes wherever they qualify (`SceneRuns`; unless
  /// `useLanes` is off); the rows keep the grid order. `options`: UIKit's engine except in
  /// tests.
  public func rows(_ range: Range<Int>, options: EngineOptions = .uikit) -> String {
    var pool = SimulationPool()
    return rows(range, options: options, pool: &pool)
  }

  /// `rows(_:options:)` with the points run in the simulations of `pool`, restarted for each
  /// (the sweep runner keeps one pool per thread).
  public func rows(_ range: Range<Int>, options: EngineOptions = .uikit, pool: inout SimulationPool)
    -> String
  {
    rows(range, results: measurements(range, options: options, pool: &pool))
  }

  /// The metrics of the grid points in `range`, in grid order, measured as `rows(_:)` measures
  /// them (in SIMD lanes where they qualify, unless `useLanes` is off).
  /// `options`: UIKit's engine except in tests.
  public func measurements(_ range: Range<Int>, options: EngineOptions = .uikit)
    -> [MetricsResult]
  {
    var pool = SimulationPool()
    return measurements(range, options: options, pool: &pool)
  }

  /// `measurements(_:options:)` in the simulations of `pool`.
  public func measurements(
    _ range: Range<Int>, options: EngineOptions = .uikit, pool: inout SimulationPool
  ) -> [MetricsResult] {
    if corpus != nil { return range.map { measure(at: $0, options: options) } }
    let id = ObjectIdentifier(identity)
    return SceneMeasurement.measureMany(count: range.count, plan, lanes: useLanes, pool: &pool) {
      point, pool in
      pool.start(base: base, sweep: id, options: options) {
        setAxisValues(ofPoint: range.lowerBound + point, in: &$0)
      }
    }
  }

  /// The CSV rows of the grid points in `range` from their measured `results` (one per point,
  /// in order), each followed by a line break.
  public func rows(_ range: Range<Int>, results: [MetricsResult]) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(range.count * 96)
    var coordinates = grid.coordinates(of: range.lowerBound)
    for result in results {
      appendRow(coordinates, result, to: &text)
      text.append(0x0A)
      grid.advance(&coordinates)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The CSV row of grid point `index` from its measured `result`, without its line break.
  public func row(at index: Int, _ result: MetricsResult) -> String {
    row(grid.coordinates(of: index), result)
  }

  private func row(_ coordinates: [Int], _ result: MetricsResult) -> String {
    var text: [UInt8] = []
    appendRow(coordinates, result, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends the row's cells (UTF-8), separated by commas, without a line break.
  private func appendRow(_ coordinates: [Int], _ result: MetricsResult, to text: inout [UInt8]) {
    let comma: UInt8 = 0x2C
    for a in axes.indices {
      if a > 0 { text.append(comma) }
      axes[a].appendCell(coordinates[a], to: &text)
    }
    for metric in metrics {
      text.append(comma)
      if let value = result[metric] {
        SweepCSV.appendCell(value, count: metric.isCount, to: &text)
      }
    }
    text.append(comma)
    var first = true
    result.forEachFlag(for: metrics) { flag in
      if !first { text.append(0x3B) }
      text.append(contentsOf: flag.rawValue.utf8)
      first = false
    }
  }
}
