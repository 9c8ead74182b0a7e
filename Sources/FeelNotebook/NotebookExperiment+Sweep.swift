import FeelMetrics
import FeelScene
import FeelSweep

extension NotebookExperiment {
  /// The notebook's view of a checked sweep (FeelSweep): its axes, metrics, band and measured
  /// item, each grid point's scene as `feel sweep` makes it, and its metrics as `feel sweep`
  /// measures them.
  public init(sweep: ParameterGrid, id: String, charts: [NotebookChart] = []) {
    let measured = sweep.metrics
    if sweep.corpus != nil {
      self.init(corpusSweep: sweep, id: id, charts: charts)
    } else {
      let axes = sweep.axes.indices.map { Self.axis(sweep, $0) }
      let plan = sweep.plan
      self.init(
        id: id, title: sweep.experiment.title, description: sweep.experiment.description,
        file: sweep.experiment.file, axes: axes,
        metrics: sweep.metrics.map { NotebookMetric($0, measuringList: plan.measuresList) },
        band_pt: plan.band_pt,
        item: plan.item, charts: charts,
        scene: { coordinates in sweep.point(coordinates: coordinates).scene },
        measure: { scene in Self.measurement(SceneMeasurement.measure(scene, plan), measured) },
        target: { scene in plan.target(in: scene) })
      commitAfter_s = plan.commitAfter_s
      pickedSnap = { scene in plan.releasePick(in: scene) != nil ? plan.snap : nil }
      sceneFile = sweep.sceneFile
      fixed = sweep.experiment.fixed.map { ($0.path, $0.value) }
      axisTargets = sweep.axes.map { $0.axis.targets.map { ($0.path, $0.scale, $0.offset) } }
    }
    measureGrid = { points in
      // Consecutive points are measured together, as `feel sweep` measures its rows.
      var results: [NotebookMeasurement] = []
      results.reserveCapacity(points.count)
      var start = 0
      while start < points.count {
        var end = start + 1
        while end < points.count && points[end] == points[end - 1] + 1 { end += 1 }
        for result in sweep.measurements(points[start]..<(points[end - 1] + 1)) {
          results.append(Self.measurement(result, measured))
        }
        start = end
      }
      return results
    }
    gridCharts = Self.charts(sweep.experiment.charts, sweep: sweep)
  }

  /// A sweep's result as the notebook keeps it.
  static func measurement(_ result: MetricsResult, _ measured: [Metric]) -> NotebookMeasurement {
    NotebookMeasurement(
      values: measured.map { result[$0] },
      flags: result.flags(for: measured).map(\.rawValue),
      reasons: measured.map { metric in
        result.reason(metric).map { "\($0.rawValue): \($0.explanation)" }
      })
  }

  /// The experiment's `[[chart]]` sections as axis and metric indices; axes left out are the
  /// first that vary and are not taken. None: the default charts.
  package static func charts(_ charts: [ExperimentChart], sweep: ParameterGrid)
    -> [NotebookGridChart]
  {
    let counts = sweep.axes.map(\.axis.values.count)
    guard !charts.isEmpty else {
      return NotebookGridChart.defaults(metrics: sweep.metrics.count, counts: counts)
    }
    let names = sweep.axes.map(\.axis.name)
    return charts.map { chart in
      let metric = sweep.metrics.firstIndex(of: chart.metric) ?? 0
      var x = chart.x.flatMap { names.firstIndex(of: $0) }
      let y = chart.y.flatMap { names.firstIndex(of: $0) }
      let lines = chart.lines.flatMap { names.firstIndex(of: $0) }
      let free = NotebookGridChart.defaultAxes(counts: counts, taken: [y, lines].compactMap { $0 })
      if x == nil { x = free.x }
      // A heatmap unless the chart draws lines or no other axis varies.
      var heatY = y
      if y == nil && lines == nil {
        heatY = counts.indices.first { counts[$0] > 1 && $0 != x }
      }
      return NotebookGridChart(
        metric: metric, x: x ?? 0, y: heatY, lines: lines, range: chart.range, log: chart.log)
    }
  }

  /// Axis `a` of `sweep`: its values as the sweep's CSV writes them, what it sets, and the index
  /// of the base scene's value if the axis has it (`ParameterGrid.baseValueIndex`).
  static func axis(_ sweep: ParameterGrid, _ a: Int) -> NotebookAxis {
    let axis = sweep.axes[a].axis
    let values = axis.values
    let value: @Sendable (Int) -> NotebookAxisValue = { i in
      switch values[i] {
      case .number(let x): NotebookAxisValue(label: values[i].csvCell, number: x)
      case .string(let s): NotebookAxisValue(label: s, number: nil)
      case .boolean(let b): NotebookAxisValue(label: b ? "true" : "false", number: nil)
      }
    }
    let paths = axis.targets.map { target -> String in
      if target.isIdentity { return target.path }
      var text = target.path + " = "
      if target.offset != 0 { text += SceneTOMLWriter.number(target.offset) + " + " }
      return text + SceneTOMLWriter.number(target.scale) + " × value"
    }
    return NotebookAxis(
      name: axis.name, count: values.count, value: value, paths: paths,
      preferred: sweep.baseValueIndex(onAxis: a))
  }
}
