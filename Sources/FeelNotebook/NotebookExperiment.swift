import FeelControl
import FeelMetrics
import FeelScene
import FeelSweep

/// One experiment as the notebook shows it: a grid of scenes (every combination of axis
/// values, the last axis varying fastest, as `feel sweep` orders its rows), how to measure a
/// point, and the charts drawn from its sweep.
///
/// The notebook does not read experiment files: `NotebookExperiment(sweep:…)` adapts FeelSweep's
/// checked `ParameterGrid`, and tests can build one by hand.
public struct NotebookExperiment: Sendable {
  /// A name safe in file names and anchors (`snap-damping-release`), unique in a notebook.
  public var id: String
  public var title: String
  /// Paragraphs separated by blank lines.
  public var description: String
  /// The experiment file, as the page names it.
  public var file: String
  public var axes: [NotebookAxis]
  public var metrics: [NotebookMetric]
  /// The settle band's half-width (pt) around the target.
  public var band_pt: Double
  /// The item the notebook draws and measures (index into the scene's items).
  public var item: Int
  /// Charts copied into the notebook, paths relative to its folder.
  public var charts: [NotebookChart]
  /// The scene of the grid point with these value indices (one per axis).
  public var scene: @Sendable (_ coordinates: [Int]) -> Scene
  /// The metrics of a grid point's scene, in `metrics` order.
  public var measure: @Sendable (_ scene: Scene) -> NotebookMeasurement
  /// The centre of the settle band (the snap point), if the scene has one.
  public var target: @Sendable (_ scene: Scene) -> Point?
  /// The snap behavior (index) whose point a drag-ended rule picks at the release, if one
  /// does: the point the run ends with is then the target (`PointRecord`).
  public var pickedSnap: @Sendable (_ scene: Scene) -> Int? = { _ in nil }
  /// Tables and drawings shown instead of the explorer, for an experiment with no motion to
  /// replay (a recognizer experiment); nil: the explorer.
  public var summary: NotebookSummary?
  /// The control the experiment tunes (its constants, comps, export and skin); nil: the page
  /// draws the scene with the generic skin and offers no comps.
  public var control: ControlFile? = nil
  /// The control's glyphs (its `[skin.glyphs]` files converted to canvas data by `feel`), in
  /// the control file's order; empty when it names none.
  public var controlGlyphs: [NotebookGlyph] = []
  /// The drag's commit time (s, the metrics' `commit_after`), for a skin that shows whether a
  /// drag was committed; nil: none given.
  public var commitAfter_s: Double? = nil
  /// The metrics of several grid points (indices in grid order, ascending), as `measure`
  /// gives them; a sweep measures them the way `feel sweep` does (several points at once).
  public var measureGrid: @Sendable (_ points: [Int]) -> [NotebookMeasurement]
  /// The charts the page draws from the grid's metrics; empty: `NotebookGridChart.defaults`.
  public var gridCharts: [NotebookGridChart] = []
  /// Questions `feel solve` answered on this experiment, shown with the targets panel.
  public var questions: [NotebookQuestion] = []
  /// The base scene's file (as the experiment resolved it) and the experiment's `[fixed]`
  /// values: what the studio's live panel opens a grid point with (docs/studio.md); nil: the
  /// panel opens the point's scene text instead.
  public var sceneFile: String? = nil
  public var fixed: [(path: String, value: AxisValue)] = []
  /// Each axis's scene values, in axis order: a path set to `offset + scale × value` (a string
  /// or boolean value sets it as it is).
  public var axisTargets: [[(path: String, scale: Double, offset: Double)]] = []

  public init(
    id: String, title: String, description: String, file: String, axes: [NotebookAxis],
    metrics: [NotebookMetric], band_pt: Double, item: Int, charts: [NotebookChart] = [],
    scene: @escaping @Sendable ([Int]) -> Scene,
    measure: @escaping @Sendable (Scene) -> NotebookMeasurement,
    target: @escaping @Sendable (Scene) -> Point?, summary: NotebookSummary? = nil
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.file = file
    self.axes = axes
    self.metrics = metrics
    self.band_pt = band_pt
    self.item = item
    self.charts = charts
    self.scene = scene
    self.measure = measure
    self.target = target
    self.summary = summary
    let grid = Grid(counts: axes.map(\.count))
    let scene = scene
    measureGrid = { points in points.map { measure(scene(grid.coordinates(of: $0))) } }
  }

  /// The grid's shape: each axis's value count, points numbered as `feel sweep` orders its rows.
  public var grid: Grid { Grid(counts: axes.map(\.count)) }

  /// Grid points: the product of the axes' value counts (saturating at Int.max).
  public var pointCount: Int { grid.count }

  /// On each axis, the values thinning keeps besides every k-th: the base scene's
  /// (`NotebookAxis.preferred`), where the axis has it.
  var preferredValues: [[Int]] { axes.map { $0.preferred.map { [$0] } ?? [] } }
}

/// An axis of an experiment: a control of the explorer.
public struct NotebookAxis: Sendable {
  /// The column name (`damping`, `release_pt`).
  public var name: String
  /// How many values the axis has (up to millions: values are made on demand).
  public var count: Int
  /// The value at an index, 0 ..< count.
  public var value: @Sendable (Int) -> NotebookAxisValue
  /// The scene values it sets, as the experiment writes them (`behavior.ID.damping`).
  public var paths: [String]
  /// The index of the base scene's value, if it is on the axis: kept when the grid is
  /// coarsened, and the explorer's first selection.
  public var preferred: Int?

  public init(
    name: String, count: Int, value: @escaping @Sendable (Int) -> NotebookAxisValue,
    paths: [String] = [], preferred: Int? = nil
  ) {
    self.name = name
    self.count = count
    self.value = value
    self.paths = paths
    self.preferred = preferred
  }

  /// An axis of listed values.
  public init(
    name: String, values: [NotebookAxisValue], paths: [String] = [], preferred: Int? = nil
  ) {
    self.init(
      name: name, count: values.count, value: { values[$0] }, paths: paths, preferred: preferred)
  }
}

/// One value of an axis: its text as the sweep's CSV writes it, and its number if it is one.
public struct NotebookAxisValue: Sendable, Equatable {
  public var label: String
  public var number: Double?

  public init(label: String, number: Double?) {
    self.label = label
    self.number = number
  }

  public static func number(_ x: Double) -> NotebookAxisValue {
    NotebookAxisValue(label: SceneTOMLWriter.number(x), number: x)
  }
}

/// A metric column: name with its unit, as `feel sweep` writes it.
public struct NotebookMetric: Sendable, Equatable {
  public var column: String
  public var unit: String
  public var definition: String
  /// A whole number (crossings, frames, 0/1).
  public var isCount: Bool
  /// The name the page shows, without its unit (`Metric.label`: `settle time`); the column
  /// name when it has none.
  public var label: String

  public init(
    column: String, unit: String, definition: String, isCount: Bool, label: String? = nil
  ) {
    self.column = column
    self.unit = unit
    self.definition = definition
    self.isCount = isCount
    self.label = label ?? column
  }

  /// An experiment's metric as the page shows it; `measuringList`: its runs measure a list
  /// (`MeasurePlan.measuresList`), whose settle time is the list's.
  public init(_ metric: Metric, measuringList: Bool = false) {
    self.init(
      column: metric.column, unit: metric.unit,
      definition: metric.definition(measuringList: measuringList),
      isCount: metric.isCount, label: metric.label)
  }
}

/// A grid point's metrics: values in the experiment's metric order (nil: left empty), and the
/// flags that say why (`unsettled: …`).
public struct NotebookMeasurement: Sendable, Equatable {
  public var values: [Double?]
  public var flags: [String]
  /// For each metric left empty, why, in words (`unsettled: still outside the settle band…`).
  public var reasons: [String?]

  public init(values: [Double?], flags: [String] = [], reasons: [String?] = []) {
    self.values = values
    self.flags = flags
    self.reasons = reasons
  }
}

/// A chart of the experiment (gnuplot's PNG and SVG), paths relative to the notebook folder.
public struct NotebookChart: Sendable, Equatable {
  public var name: String
  public var png: String?
  public var svg: String?

  public init(name: String, png: String?, svg: String?) {
    self.name = name
    self.png = png
    self.svg = svg
  }
}
