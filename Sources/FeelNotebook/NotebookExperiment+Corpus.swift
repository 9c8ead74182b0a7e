import FeelMetrics
import FeelScene
import FeelSweep

extension NotebookExperiment {
  /// The most traces drawn in a recognizer experiment's summary: the first misread of each
  /// kind (tap as drag, tap as hold, drag as tap, …), in corpus order.
  static let maxDrawnTraces = 6

  /// A recognizer experiment (a sweep with a corpus) as the notebook shows it: no explorer of
  /// motion, since no scene moves, but a summary at the base scene's recognizer settings
  /// (UIKit's unless `[fixed]` changes them): the metrics, how each label was read, the
  /// corpus's traces by label and source, and a drawing of the first misread trace of each kind.
  /// `init(sweep:id:charts:)` adds the grid's metrics and charts (the page's grid explorer).
  init(corpusSweep sweep: ParameterGrid, id: String, charts: [NotebookChart] = []) {
    let corpus = sweep.corpus!
    let settings = sweep.base.recognizer
    let reader = CorpusReader(corpus)
    // The base point's metrics as the sweep measures them (a rotary corpus's rotary metrics too).
    let result = sweep.measure(sweep.basePoint)
    var at =
      "slop \(SceneTOMLWriter.number(settings.slop_pt)) pt, hold "
      + "\(SceneTOMLWriter.number(settings.hold_s)) s"
    if corpus.synthetic?.rotary != nil, let deadZone = sweep.basePoint.rotaryDeadZone_pt {
      at += ", dead zone \(SceneTOMLWriter.number(deadZone)) pt"
    }
    let uikit = settings == .uikit ? ", UIKit's defaults" : ""

    let metricsTable = NotebookTable(
      caption: "At \(at)\(uikit)", columns: ["metric", "value", "unit"],
      rows: sweep.metrics.map { metric in
        [
          metric.column, result[metric].map { SweepCSV.cell($0, count: metric.isCount) } ?? "",
          metric.unit,
        ]
      },
      rowTitles: sweep.metrics.map(\.definition))

    var readings: [GestureReading] = []
    var tally = CorpusTally()
    for (i, trace) in corpus.traces.enumerated() {
      let reading = reader.reading(i, settings)
      readings.append(reading)
      tally.add(trace.label, readAs: reading.gesture)
    }
    let labels = GestureLabel.allCases
    let readingsTable = NotebookTable(
      caption: "How each label was read at \(at) (traces)",
      columns: ["meant as \\ read as"] + labels.map(\.rawValue) + ["total"],
      rows: labels.map { label in
        [label.rawValue] + labels.map { String(tally[label, readAs: $0]) }
          + [String(tally.total(label))]
      })
    let corpusTable = NotebookTable(
      caption: "The corpus (traces)", columns: ["label", "recorded", "synthetic", "total"],
      rows: labels.map { label in
        let recorded = corpus.recorded(label)
        let total = corpus.count(label)
        return [label.rawValue, String(recorded), String(total - recorded), String(total)]
      })

    // The first misread trace of each (label, reading) pair, in corpus order.
    var drawings: [NotebookTraceDrawing] = []
    for label in labels {
      for read in labels where read != label {
        guard drawings.count < Self.maxDrawnTraces,
          let i = corpus.traces.indices.first(where: {
            corpus.traces[$0].label == label && readings[$0].gesture == read
          })
        else { continue }
        let trace = corpus.traces[i]
        let reading = readings[i]
        let t = String(format: "%.3f", reading.t_s)
        let how: String
        switch read {
        case .drag:
          let p = trace.samples[reading.sample!].point_pt
          let d0 = trace.samples[0].point_pt
          let distance = ((p.x - d0.x) * (p.x - d0.x) + (p.y - d0.y) * (p.y - d0.y)).squareRoot()
          how = "drag-began at \(t) s, \(String(format: "%.1f", distance)) pt from the touch-down"
        case .hold: how = "the hold fired at \(t) s, the finger still within the slop"
        case .tap: how = "lifted at \(t) s within the slop: a tap"
        }
        let duration = String(format: "%.3f", trace.samples.last!.t_s - trace.samples[0].t_s)
        drawings.append(
          NotebookTraceDrawing(
            title: "\(trace.name): \(label.rawValue) read as \(read.rawValue)",
            caption: "\(trace.samples.count) samples over \(duration) s; \(how). Dashed: the "
              + "slop around the touch-down (green); grey: the lift; red ring: the sample that "
              + "decided.",
            points_pt: trace.samples.map(\.point_pt), radius_pt: settings.slop_pt,
            marked: read == .hold ? nil : reading.sample))
      }
    }
    let summary = NotebookSummary(
      note: "no motion to replay: every grid point reads the corpus of \(corpus.traces.count) "
        + "touches (the charts and the grid's explorer show the whole grid)",
      tables: [metricsTable, readingsTable, corpusTable],
      drawingsTitle: drawings.isEmpty
        ? "" : "Misread traces at \(at): the first of each kind in the corpus",
      drawings: drawings)

    let measured = sweep.metrics
    self.init(
      id: id, title: sweep.experiment.title, description: sweep.experiment.description,
      file: sweep.experiment.file, axes: sweep.axes.indices.map { Self.axis(sweep, $0) },
      metrics: sweep.metrics.map { NotebookMetric($0) }, band_pt: 0, item: 0, charts: charts,
      scene: { coordinates in sweep.point(coordinates: coordinates).scene },
      // A scene alone, at the experiment's own values before the axes (the base dead zone);
      // the grid's points are measured by the `measureGrid` that `init(sweep:id:charts:)`
      // sets, each with its own.
      measure: { scene in
        var point = sweep.basePoint
        point.scene = scene
        return Self.measurement(sweep.measure(point), measured)
      },
      target: { _ in nil }, summary: summary)
  }
}
