import FeelCore
import FeelScene
import FeelSweep
import Foundation

/// `feel export`'s report for the stored points (`PointExport`), for the export panel's
/// SwiftUI, Core Animation, Compose and CSS tabs. A stored grid of at most `maxExportPoints`
/// points gets a report at every point; a bigger one at every k-th stored value on each axis
/// (thinned by FeelLab's one rule, `Grid.thinned`: always with each axis's ends and the base
/// scene's value, so a little more than the cap may remain), and the panel says so at the
/// others; 0: none.
extension NotebookBuilder {
  /// The stored points that get a report: indices into `stored`'s order, ascending.
  static func exportedPoints(
    _ experiment: NotebookExperiment, stored: ThinnedGrid, maxPoints: Int
  ) -> (points: [Int], strides: [Int]) {
    guard maxPoints >= 1 else { return ([], stored.strides.map { _ in 0 }) }
    let keep = experiment.axes.indices.map { a -> [Int] in
      guard let preferred = experiment.axes[a].preferred,
        let k = stored.kept[a].firstIndex(of: preferred)
      else { return [] }
      return [k]
    }
    let sub = stored.grid.thinned(maxPoints: maxPoints, keeping: keep)
    return ((0..<sub.count).map(sub.fullIndex(of:)), sub.strides)
  }

  /// Each stored point's report: computed at `points` (indices into `stored`'s order), and at
  /// every other point whose scene has no motion to fit (`PointExport.hasMotion`: the report
  /// is then feel export's message, which costs no simulation); nil elsewhere. On `threads`
  /// threads, in stored order.
  static func exports(
    _ experiment: NotebookExperiment, stored: ThinnedGrid, points: [Int], threads: Int
  ) -> [PointExport?] {
    let count = stored.count
    let reported = Set(points)
    let results = ResultBox<PointExport?>(count: count)
    let name = experiment.id
    let chunk = max(1, min(64, count / max(1, threads * 8)))
    let chunks = (count + chunk - 1) / chunk
    let work: @Sendable (Int) -> Void = { c in
      for index in (c * chunk)..<min(count, (c + 1) * chunk) {
        let scene = experiment.scene(stored.coordinates(of: index))
        let wanted = reported.contains(index) || !PointExport.hasMotion(scene)
        results.set(index, wanted ? PointExport(scene: scene, name: name) : nil)
      }
    }
    ChunkQueue.perform(chunks, threads: threads, work)
    return results.values
  }

  /// The data's `export` object: the targets, how many stored points have a report computed
  /// (`count`, besides those with nothing to fit) and the strides over the stored values of
  /// those points (all 1: every stored point has one), the shapes of `TextTemplateCodec`, and
  /// per stored point null (no report) or its fields (`PointExport.fields`) as [shape,
  /// numbers, shape, numbers, …].
  static func exportLiteral(count: Int, strides: [Int], exports: [PointExport?]) -> JSONTree {
    let fields = exports.map { $0?.fields ?? [] }
    let codec = TextTemplateCodec(fields.flatMap { $0 })
    var next = 0
    let byPoint = zip(exports, fields).map { export, fields -> JSONTree in
      guard export != nil else { return .null }
      var entry: [JSONTree] = []
      for _ in fields {
        entry.append(.int(codec.encoded[next].shape))
        entry.append(.string(codec.encoded[next].numbers))
        next += 1
      }
      return .array(entry)
    }
    return .object([
      ("targets", .strings(PointExport.targets.map(\.rawValue))),
      ("count", .int(count)),
      ("strides", .ints(strides)),
      ("shapes", .array(codec.shapes.map { .strings($0) })),
      ("points", column(byPoint)),
    ])
  }
}
