import FeelCore
import FeelSweep

/// The data script of an experiment shown as a summary (`NotebookExperiment.summary`: a
/// recognizer experiment reads a corpus of touches and moves nothing): no stored points and no
/// motion, only the grid's metrics, which the page's grid explorer (js/grid-view.js) draws as
/// the same clickable charts and targets panel as an explorer's.
extension NotebookBuilder {
  /// `grid`: the points whose metrics the script holds (`metrics`: their `gridLiteral`); the
  /// axes are written over them, so every point of the script is a "stored" one for the page.
  static func gridDataScript(
    _ experiment: NotebookExperiment, grid: ThinnedGrid, metrics gridMetrics: JSONTree
  ) -> String {
    let data = JSONTree.object([
      ("id", .string(experiment.id)),
      ("title", .string(experiment.title)),
      ("file", .string(experiment.file)),
      ("summary", .bool(true)),
      ("control", .null),
      ("gridPoints", .int(experiment.pointCount)),
      ("storedPoints", .int(grid.count)),
      ("axes", axesLiteral(experiment, grid: grid)),
      ("metrics", metricsLiteral(experiment)),
      ("points", .null),
      ("grid", gridMetrics),
      ("questions", .array(experiment.questions.map(\.literal))),
    ])
    return dataScript(experiment, holding: "the grid's metrics only (no motion to replay)", data)
  }
}
