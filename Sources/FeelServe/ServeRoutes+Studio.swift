import FeelCommandSupport
import FeelControl
import FeelCore
import FeelMetrics
import FeelNotebook
import FeelScene
import FeelSweep
import Foundation
import Hummingbird

/// The studio page's data (docs/studio.md, "The studio page"): what the page at `/` offers to
/// pick and what it draws around a scene. Swift reads every file and computes every number;
/// the page only lays them out.
///
/// - `GET /api/studio`: the groups to pick from. One per control file under
///   `experiments/controls/`, given, or named by a served experiment (found as the notebook and
///   `feel check` find it, `InputFile.control(of:)`: `controls/NAME.toml` beside the
///   experiment): its constants, and its scenes: its presets, then the base scenes of the
///   served experiments that name it. Then one per served experiment without a control (its
///   numeric one-path axes standing for constants, its base scene).
/// - `POST /api/studio/scene` `{"scene": PATH, "set": {…}, "group": NAME}`: one scene as the
///   studio opens it: `scene_toml`, the scene without its `[[touch]]` sections (the designer's
///   fingers take their place; the session waits for the touches its drags and rules name), the
///   stage (reference view, items at the start, boundaries, snap points, the candidates a
///   release picks from, field centres), the measured item with its target and settle band, and
///   the group's constants in this scene with the values `set` gives: the path a slider sets,
///   its value and its span.
extension ServeRoutes {
  /// The folder whose `controls/` holds the control files, under the root.
  static let studioFolder = "experiments"

  struct StudioGroup: Encodable {
    let name: String
    let title: String
    /// The control file, or nil for an experiment without one.
    let control: String?
    /// The experiment gap constants are asked through (`/api/gap`), if any.
    let experiment: String?
    let constants: [StudioConstant]
    let scenes: [StudioScene]
  }

  struct StudioConstant: Encodable {
    let name: String
    let label: String
    let unit: String
    let paths: [String]
    let gap_to: [String]
    let range: [JSONNumber]?
  }

  struct StudioScene: Encodable {
    let path: String
    let title: String
    /// Where the group takes it from: `preset`, or `experiment NAME`.
    let from: String
  }

  struct StudioCatalog: Encodable {
    let groups: [StudioGroup]
    let errors: [String]
    /// The scene the page opens when its URL names none: the first scene given to
    /// `feel serve`, else the first preset of the first control file given; nil: the first
    /// group's first scene.
    let first: String?
  }

  func studioCatalog() async throws(APIError) -> Response {
    let served = page.served
    return try await Self.offload { () throws(APIError) -> Response in
      let catalog = Self.catalog(served)
      return ServeResponses.json(ServeResponses.writer.line(catalog))
    }
  }

  /// The groups of the controls under `studioFolder`, those given and those the experiments
  /// name, and of the experiments; the scenes given and those of the scenes folder go with the
  /// group whose constants they hold. A file that cannot be read (an experiment whose control
  /// is found nowhere included) is left out and named in `errors`.
  static func catalog(_ served: ServeFiles) -> StudioCatalog {
    let experiments = served.experiments
    var errors: [String] = []
    var loaded: [(file: String, experiment: Experiment, sceneFile: String)] = []
    // Each loaded experiment's control, as the notebook and `feel check` resolve it.
    var named: [String: ControlFile] = [:]
    for file in experiments {
      do throws(FeelError) {
        let read = try InputFile.experimentFiles(file)
        guard !read.sceneFile.isEmpty else { continue }  // a recognizer experiment's corpus
        named[file] = try InputFile.control(of: read.experiment)
        // (Normalized as the control's presets are: one scene, one path in its group.)
        loaded.append((file, read.experiment, InputFile.normalized(read.sceneFile)))
      } catch {
        errors.append(error.description)
      }
    }
    var groups: [StudioGroup] = []
    var controlled = Set<String>()
    var controls: [ControlFile] = []
    if FileManager.default.fileExists(atPath: studioFolder + "/controls") {
      do throws(FeelError) {
        controls = try InputFile.controls(in: studioFolder).controls
      } catch {
        errors.append(error.description)
      }
    }
    for file in served.controls {
      do throws(FeelError) {
        let control = try InputFile.control(file)
        if !controls.contains(where: { sameFile($0.file, control.file) }) {
          controls.append(control)
        }
      } catch {
        errors.append(error.description)
      }
    }
    // The control file an experiment's group is: one listed already if it is the same file.
    var controlOf: [String: String] = [:]
    for entry in loaded {
      // (Its path normalized: an experiment at the root names `controls/a.toml`, so that its
      // presets' paths are the same scenes' paths as the experiments give them.)
      guard let control = named[entry.file] else { continue }
      if let listed = controls.first(where: { sameFile($0.file, control.file) }) {
        controlOf[entry.file] = listed.file
      } else {
        controls.append(control)
        controlOf[entry.file] = control.file
      }
    }
    // The constants of each experiment without a control: its numeric one-path axes.
    var axisConstants: [String: [StudioConstant]] = [:]
    for entry in loaded {
      axisConstants[entry.file] = entry.experiment.axes.compactMap { axis -> StudioConstant? in
        // (A wildcard path stands for several: no one-path slider.)
        guard axis.targets.count == 1, axis.targets[0].isIdentity,
          !axis.targets[0].path.contains("*")
        else { return nil }
        return StudioConstant(
          name: axis.name, label: axis.name.replacingOccurrences(of: "_", with: " "), unit: "",
          paths: [axis.targets[0].path], gap_to: [], range: nil)
      }
    }
    let uncontrolled = loaded.filter { controlOf[$0.file] == nil }
    // Every other scene of the scenes folder goes with the group that holds the most of its
    // constants' values: a control's, else an experiment's axes (none: the group of other
    // scenes); a tie goes to the group listed first.
    var others: [String: [StudioScene]] = [:]
    var listed = Set(loaded.map(\.sceneFile))
    for control in controls {
      for preset in control.presets {
        if let path = try? InputFile.scenePath(preset, of: control) { listed.insert(path) }
      }
    }
    let folder = studioFolder + "/scenes"
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var paths = files.sorted().filter { $0.hasSuffix(".toml") }.map { folder + "/" + $0 }
    paths += served.scenes.map(InputFile.normalized).filter { !paths.contains($0) }
    for path in paths {
      guard !listed.contains(path) else { continue }
      let scene: Scene
      do throws(FeelError) {
        scene = try InputFile.scene(path)
      } catch {
        if served.scenes.contains(path) { errors.append(error.description) }
        continue
      }
      var best: (name: String, held: Int) = ("", 0)
      for control in controls {
        let held = control.constants.filter { $0.valuePath(in: scene) != nil }.count
        if held > best.held { best = (control.name, held) }
      }
      for entry in uncontrolled {
        let held = (axisConstants[entry.file] ?? []).filter { c in
          (try? ScenePath(c.paths[0], in: scene))?.number(in: scene) != nil
        }.count
        if held > best.held { best = (InputFile.baseName(entry.file), held) }
      }
      others[best.name, default: []].append(
        StudioScene(path: path, title: scene.title ?? InputFile.baseName(path), from: "scene"))
    }
    for control in controls {
      var scenes: [StudioScene] = []
      for preset in control.presets {
        guard let path = try? InputFile.scenePath(preset, of: control) else { continue }
        scenes.append(StudioScene(path: path, title: title(of: path), from: "preset"))
      }
      var experiment: String?
      for entry in loaded where controlOf[entry.file] == control.file {
        controlled.insert(entry.file)
        experiment = experiment ?? entry.file
        if !scenes.contains(where: { $0.path == entry.sceneFile }) {
          scenes.append(
            StudioScene(
              path: entry.sceneFile, title: title(of: entry.sceneFile),
              from: "experiment " + InputFile.baseName(entry.file)))
        }
      }
      groups.append(
        StudioGroup(
          name: control.name, title: control.title, control: control.file,
          experiment: experiment, constants: control.constants.map(constant),
          scenes: scenes + (others[control.name] ?? [])))
    }
    for entry in loaded where !controlled.contains(entry.file) {
      let name = InputFile.baseName(entry.file)
      groups.append(
        StudioGroup(
          name: name, title: entry.experiment.title, control: nil,
          experiment: entry.file, constants: axisConstants[entry.file] ?? [],
          scenes: [
            StudioScene(
              path: entry.sceneFile, title: title(of: entry.sceneFile),
              from: "experiment " + name)
          ] + (others[name] ?? [])))
    }
    if let rest = others[""] {
      groups.append(
        StudioGroup(
          name: "other-scenes", title: "Other scenes", control: nil, experiment: nil,
          constants: [], scenes: rest))
    }
    let given = served.controls.compactMap { file in
      groups.first { $0.control == file }?.scenes.first?.path
    }
    return StudioCatalog(
      groups: groups, errors: errors,
      first: served.scenes.map(InputFile.normalized).first ?? given.first)
  }

  /// Whether two paths (relative to the root, the working folder) name the same file:
  /// `./controls/a.toml`, as an experiment beside its `controls/` names it, is `controls/a.toml`.
  private static func sameFile(_ a: String, _ b: String) -> Bool {
    a == b
      || URL(fileURLWithPath: a).standardizedFileURL == URL(fileURLWithPath: b).standardizedFileURL
  }

  private static func title(of scenePath: String) -> String {
    (try? InputFile.scene(scenePath).title ?? nil) ?? InputFile.baseName(scenePath)
  }

  private static func constant(_ c: ControlConstant) -> StudioConstant {
    var paths: [String] = []
    var gaps: [String] = []
    switch c.source {
    case .paths(let p): paths = p
    case .gap(let ids): gaps = ids
    }
    return StudioConstant(
      name: c.name, label: c.label, unit: c.unit, paths: paths, gap_to: gaps,
      range: c.range.map { [JSONNumber($0.lowerBound), JSONNumber($0.upperBound)] })
  }

  // MARK: - One scene

  /// The body of `POST /api/studio/scene`.
  struct StudioSceneRequest: Decodable {
    static let table = RequestTable([
      APIRequest.Keys.scene, APIRequest.Keys.set,
      RequestKey("group", "a group's name (a string)"),
    ])
    static let form = "scene, set, group"
    let input: SceneInput
    let group: String?

    init(from decoder: any Decoder) throws {
      let body = try RequestObject(decoder, table: Self.table)
      input = try APIRequest.scene(body)
      group = try body.value(String.self, "group")
    }
  }

  struct StudioItem: Encodable {
    let id: String
    let size: [JSONNumber]
    let center: [JSONNumber]
    let angle_rad: JSONNumber
  }

  struct StudioLine: Encodable {
    let id: String
    let from: [JSONNumber]
    let to: [JSONNumber]
  }

  /// A constant of the group in this scene: the path its slider sets (nil for a gap, set
  /// through `/api/gap`), its value (nil: the scene does not hold it, no slider) and span.
  struct StudioValue: Encodable {
    let name: String
    let label: String
    let unit: String
    let path: String?
    let gap: Bool
    let value: JSONNumber?
    let low: JSONNumber?
    let high: JSONNumber?
  }

  struct StudioSceneAnswer: Encodable {
    let scene: String
    let title: String
    let scene_toml: String
    let frame_rate: JSONNumber
    let reference_size: [JSONNumber]?
    let items: [StudioItem]
    let measured: String?
    let target: [JSONNumber]?
    let band_pt: JSONNumber
    let boundaries: [StudioLine]
    let snap_points: [[JSONNumber]]
    let candidates: [[JSONNumber]]
    let fields: [[JSONNumber]]
    /// Whether the scene's drags and touch rules name no touch: every pointer is hit-tested.
    let item_gestures: Bool
    let constants: [StudioValue]
    /// What the control's skin draws around the motion, with the control's page entry
    /// (`NotebookBuilder.stageLiteral`): the page draws with the skin the notebook draws with.
    let stage: JSONTree
    /// The experiment the page re-sweeps around the current constants: a served one whose
    /// base scene this is; nil: no re-sweep (a scene without an experiment).
    let sweep: StudioSweep?
  }

  /// What the page's re-sweep needs of an experiment (docs/studio.md, "The studio page"): its
  /// grid's size, its metrics, and each axis with its values and the scene value it moves.
  struct StudioSweep: Encodable {
    let experiment: String
    let points: Int
    let metrics: [String]
    let axes: [StudioAxis]
  }

  /// An axis: its values (numbers, or the texts of an axis of strings), the first scene value
  /// it moves (`path` = `offset` + `scale` × axis value) and that value in this scene.
  struct StudioAxis: Encodable {
    let name: String
    let numbers: [JSONNumber]?
    let labels: [String]
    let path: String
    let scale: JSONNumber
    let offset: JSONNumber
    let value: JSONNumber?
  }

  /// The re-sweep of the first served experiment whose base scene is `path` (its values read
  /// in `scene`, the scene as opened), or nil.
  static func studioSweep(of path: String, scene: Scene, served: ServeFiles) -> StudioSweep? {
    for file in served.experiments {
      guard let read = try? InputFile.experimentFiles(file), read.sceneFile == path else {
        continue
      }
      // A wildcard path stands for the paths it matches: the first is the axis's value.
      let experiment = (try? read.experiment.expandingWildcards(in: scene)) ?? read.experiment
      let axes = experiment.axes.compactMap { axis -> StudioAxis? in
        guard let target = axis.targets.first else { return nil }
        let values = (0..<axis.values.count).map { axis.values[$0] }
        var numbers: [JSONNumber] = []
        var labels: [String] = []
        for value in values {
          switch value {
          case .number(let x):
            numbers.append(JSONNumber(x))
            labels.append(JSONNumber(x).text)
          case .string(let text): labels.append(text)
          case .boolean(let b): labels.append(b ? "true" : "false")
          }
        }
        let value = (try? ScenePath(target.path, in: scene))?.number(in: scene)
        return StudioAxis(
          name: axis.name, numbers: numbers.count == values.count ? numbers : nil,
          labels: labels, path: target.path, scale: JSONNumber(target.scale),
          offset: JSONNumber(target.offset), value: value.map(JSONNumber.init))
      }
      return StudioSweep(
        experiment: file, points: experiment.axes.reduce(1) { $0 * $1.values.count },
        metrics: experiment.metrics.map(\.column), axes: axes)
    }
    return nil
  }

  func studioScene(_ body: [UInt8]) async throws(APIError) -> Response {
    let request = try APIRequest.decode(
      StudioSceneRequest.self, body, form: StudioSceneRequest.form)
    let served = page.served
    return try await Self.offload { () throws(APIError) -> Response in
      do throws(FeelError) {
        let answer = try Self.studioScene(request, served: served)
        return ServeResponses.json(ServeResponses.writer.line(answer))
      } catch {
        throw APIError(error)
      }
    }
  }

  static func studioScene(_ request: StudioSceneRequest, served: ServeFiles)
    throws(FeelError) -> StudioSceneAnswer
  {
    var bare = request.input
    bare.settings = []
    var live = try bare.load(touchesMayWait: true)
    live.touches = []
    let text = SceneSchema.pieces(
      live, header: ["\(request.input.name) as the studio opens it: its touches are yours"]
    ).text
    var scene = try request.input.load(touchesMayWait: true)
    scene.touches = []
    let plan = try? MeasurePlan(scene)
    let target = plan.flatMap { $0.target(in: scene) }
    var group: StudioGroup?
    if let name = request.group {
      group = catalog(served).groups.first { $0.name == name }
    }
    var boundaries: [StudioLine] = []
    var snaps: [[JSONNumber]] = []
    var fields: [[JSONNumber]] = []
    var gestures = false
    for behavior in scene.behaviors {
      switch behavior.kind {
      case .collision(let spec):
        for b in spec.boundaries {
          for segment in b.segments_pt {
            boundaries.append(
              StudioLine(id: b.id, from: point(segment.from), to: point(segment.to)))
          }
        }
        // Inset reference bounds are drawn as lines (the page draws the view's own bounds).
        if spec.referenceBounds, spec.referenceBoundsInsets_pt != .zero,
          let size = scene.referenceSize_pt
        {
          for edge in spec.referenceBoundsEdges_pt(size_pt: size) {
            boundaries.append(
              StudioLine(id: referenceBoundsName, from: point(edge.from), to: point(edge.to)))
          }
        }
      case .snap(let spec): snaps.append(point(spec.point_pt))
      case .field(let spec): fields.append(point(spec.position_pt))
      case .drag(let spec): gestures = gestures || spec.isItemGesture
      default: break
      }
    }
    let candidates = scene.rules.flatMap { $0.pick?.candidates_pt ?? [] }.map(point)
    var values: [StudioValue] = []
    let control = try group?.control.map { (file: String) throws(FeelError) in
      try InputFile.control(file)
    }
    let record = PointRecord(
      scene: scene, item: plan?.item ?? 0, target: target, control: control,
      pickedSnap: plan.flatMap { $0.releasePick(in: scene) != nil ? $0.snap : nil })
    let stage = NotebookBuilder.stageLiteral(
      record, control: control, glyphs: try control.map(InputFile.glyphs(of:)) ?? [],
      commitAfter_s: plan?.commitAfter_s)
    if let group {
      let rest = plan.map {
        ControlConstant.gapRest_pt(
          of: $0.item, in: scene, target_pt: $0.target(in: scene),
          picked_pt: $0.releasePickedTarget(in: scene))
      }
      for c in group.constants {
        var value: Double?
        var path: String?
        if let full = control?.constant(c.name), let plan, let rest {
          value = full.value(in: scene, item: plan.item, rest_pt: rest)
          path = full.valuePath(in: scene)
        } else if let p = c.paths.first, let parsed = try? ScenePath(p, in: scene) {
          value = parsed.number(in: scene)
          path = value == nil ? nil : p
        }
        let span = value.map { Self.span(of: $0, range: c.range) }
        values.append(
          StudioValue(
            name: c.name, label: c.label, unit: c.unit, path: path, gap: !c.gap_to.isEmpty,
            value: value.map(JSONNumber.init), low: span.map { JSONNumber($0.lowerBound) },
            high: span.map { JSONNumber($0.upperBound) }))
      }
    }
    return StudioSceneAnswer(
      scene: request.input.name, title: scene.title ?? InputFile.baseName(request.input.name),
      scene_toml: text, frame_rate: JSONNumber(scene.frameRate_hz),
      reference_size: scene.referenceSize_pt.map(point),
      items: scene.items.map {
        StudioItem(
          id: $0.id, size: point($0.size_pt), center: point($0.center_pt),
          angle_rad: JSONNumber($0.angle_rad))
      },
      measured: plan?.itemID, target: target.map(point),
      band_pt: JSONNumber(plan?.band_pt ?? SceneMeasure.defaultBand_pt),
      boundaries: boundaries, snap_points: snaps, candidates: candidates, fields: fields,
      item_gestures: gestures, constants: values, stage: stage,
      sweep: studioSweep(of: request.input.name, scene: scene, served: served))
  }

  /// A slider's span (docs/live-panel.md, "The slider span rule"): the control file's `range`,
  /// else half to twice the value (twice to half for a negative one, −1 to 1 for 0), always
  /// holding the value.
  static func span(of value: Double, range: [JSONNumber]?) -> ClosedRange<Double> {
    var low: Double
    var high: Double
    if let range, range.count == 2, let a = Double(range[0].text),
      let b = Double(range[1].text)
    {
      (low, high) = (a, b)
    } else if value == 0 {
      (low, high) = (-1, 1)
    } else {
      (low, high) = value > 0 ? (value / 2, value * 2) : (value * 2, value / 2)
    }
    return min(low, value)...max(high, value)
  }

  private static func point(_ p: Point) -> [JSONNumber] { [JSONNumber(p.x), JSONNumber(p.y)] }
}
