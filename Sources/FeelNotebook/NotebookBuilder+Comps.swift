import FeelControl
import FeelCore
import FeelScene
import FeelSweep

/// Built-in comps whose constants the experiment does not sweep (docs/notebook.md, "Comps"):
/// the stored grid cannot show them (every stored point has the constant at one value), so
/// `feel notebook` computes each one's exact motion, as it computes every stored point's: the
/// base selection's scene with the comp's values set, as `feel run --set` sets them. The page
/// shows that motion for the comp at the base selection, and elsewhere says which constant it
/// cannot show.
extension NotebookBuilder {
  /// One comp's exact motion: its name, the stored point it starts from (the explorer's first
  /// selection), the values set, and the record and metrics of the resulting scene.
  struct ExactComp {
    var name: String
    var base: Int
    var values: [(constant: String, value: Double)]
    var record: PointRecord
    var measurement: NotebookMeasurement
  }

  /// The explorer's first selection: on each axis the base scene's value if kept, else the
  /// middle kept value (as `Explorer.defaultSelection` picks it); its stored index.
  static func baseSelection(_ experiment: NotebookExperiment, stored grid: ThinnedGrid) -> Int {
    let positions = experiment.axes.indices.map { a -> Int in
      let kept = grid.kept[a]
      return experiment.axes[a].preferred.flatMap { kept.firstIndex(of: $0) }
        ?? (kept.count - 1) / 2
    }
    return grid.grid.index(of: positions)
  }

  /// The built-in comps of the experiment's control that set a constant the stored points all
  /// hold at another value, each computed at the base selection. A comp whose values cannot be
  /// set there (a path the scene refuses) is left to the page's notes.
  static func exactComps(
    _ experiment: NotebookExperiment, stored grid: ThinnedGrid, records: [PointRecord]
  ) -> [ExactComp] {
    guard let control = experiment.control, !records.isEmpty else { return [] }
    let base = baseSelection(experiment, stored: grid)
    var out: [ExactComp] = []
    for comp in control.comps {
      let unswept = comp.values.contains { v in
        guard let c = control.constants.firstIndex(where: { $0.name == v.constant }) else {
          return false
        }
        let held = records.compactMap { $0.constants[c] }
        guard held.count == records.count, let first = held.first else { return false }
        return held.allSatisfy { $0 == first } && abs(first - v.value) > 1e-9
      }
      guard unswept else { continue }
      let scene = experiment.scene(grid.coordinates(of: base))
      guard let set = try? compScene(scene, comp, control, experiment, base: records[base])
      else { continue }
      out.append(
        ExactComp(
          name: comp.name, base: base, values: comp.values.map { ($0.constant, $0.value) },
          record: PointRecord(
            scene: set, item: experiment.item, target: experiment.target(set),
            control: control, pickedSnap: experiment.pickedSnap(set)),
          measurement: experiment.measure(set)))
    }
    return out
  }

  /// `scene` with `comp`'s values set: a constant held by paths at its first path holding a
  /// number there, a `gap_to` constant by the boundary coordinates it stands for (from the rest
  /// `record` read it at, the target its release picked included). Throws where a value cannot
  /// be set; a constant the scene does not hold is left out.
  static func compScene(
    _ scene: Scene, _ comp: ControlComp, _ control: ControlFile,
    _ experiment: NotebookExperiment, base record: PointRecord
  ) throws -> Scene {
    var settings: [SceneSetting] = []
    let picked = record.unpicked_pt != nil ? record.target_pt : nil
    let rest = ControlConstant.gapRest_pt(
      of: experiment.item, in: scene, target_pt: experiment.target(scene), picked_pt: picked)
    for v in comp.values {
      guard let constant = control.constants.first(where: { $0.name == v.constant }) else {
        continue
      }
      if let gaps = constant.gapSettings(v.value, in: scene, item: experiment.item, rest_pt: rest) {
        settings += gaps.map {
          SceneSetting(
            path: $0.path, value: .number($0.value_pt), shown: "comp \"\(comp.name)\"")
        }
      } else if let path = constant.valuePath(in: scene) {
        settings.append(
          SceneSetting(path: path, value: .number(v.value), shown: "comp \"\(comp.name)\""))
      }
    }
    var out = scene
    try SceneSetting.apply(settings, to: &out)
    return out
  }

  /// The page's entry of each exact comp: its name, the stored point it starts from, the point
  /// holding its motion (after the stored ones), its values and its metrics.
  static func exactCompsLiteral(_ comps: [ExactComp], firstPoint: Int) -> JSONTree {
    .array(
      comps.enumerated().map { k, comp in
        .object([
          ("name", .string(comp.name)), ("base", .int(comp.base)),
          ("point", .int(firstPoint + k)),
          ("values", .object(comp.values.map { ($0.constant, .number($0.value)) })),
          ("metrics", .array(comp.measurement.values.map { $0.map(JSONTree.number) ?? .null })),
          (
            "reasons",
            .array(comp.measurement.reasons.map { $0.map(JSONTree.string) ?? .null })
          ),
        ])
      })
  }
}
