import FeelCommandSupport
import FeelControl
import FeelCore
import FeelMetrics
import FeelScene
import FeelSweep
import Hummingbird

/// `POST /api/gap`: the scene values behind a `gap_to` constant's value (docs/http-api.md), for the
/// studio's slider of a wall's offset. Such a constant has no one scene path: its value is the
/// distance from the measured item's edge at rest to a boundary, so a value stands for the
/// boundary's coordinates, which the studio sets. The body names the experiment (its control file,
/// measured item and target), the scene as the session opened it (`scene` or `scene_toml`, and
/// `set`: the values set so far, so that a bar made wider moves its walls with its edges), the
/// constant and its new value: `{"experiment": "…", "scene_toml": "…", "set": {…}, "constant":
/// "wall", "gap_pt": 12}`. Answer 200 `{"constant": "wall", "gap_pt": 12, "set":
/// {"boundary.wall.from.0": -12, …}}`: the paths and values (`ControlConstant.gapSettings`,
/// FeelControl), the item at rest at the target the release picks where a drag-ended rule picks
/// one, else at its target (the snap point or the experiment's target), else at its start
/// (`ControlConstant.gapRest_pt`, the rule the notebook reads the constant by); 400 for a bad body,
/// a constant the control lacks or one given by `paths`, or a scene none of whose boundaries it
/// names.
///
/// The studio sends the scene as its live session opened it: for a scene whose finger comes
/// from the page, without the `[[touch]]` sections its drags and rules name. Those touches
/// come from the experiment's base scene here (the finger the notebook's points and the
/// re-sweep's runs have), so the release picks the target they pick and the slider's value is
/// the gap the re-sweep reads.
extension ServeRoutes {
  /// The body of `POST /api/gap`.
  struct GapRequest: Decodable {
    static let table = RequestTable(
      [
        APIRequest.Keys.experiment, APIRequest.Keys.control, APIRequest.Keys.scene,
        APIRequest.Keys.sceneTOML, APIRequest.Keys.set,
        RequestKey("constant", "the name of a constant of the experiment's control (a string)"),
        RequestKey("gap_pt", "the constant's value in pt (a number)"),
      ], choices: [Self.experimentChoice, APIRequest.Keys.sceneChoice])
    /// The experiment, or its control file alone.
    static let experimentChoice: RequestChoice = {
      let expected =
        "an experiment file's path under the server's root (or 'control', a control file's "
        + "path: one of the two)"
      return RequestChoice(
        keys: ["experiment", "control"], none: ("experiment", expected),
        both: ("experiment", expected))
    }()
    static let form = "experiment or control, scene or scene_toml, set, constant, gap_pt"
    /// The experiment (its control and `[measure]`), or nil: `control`, a control file, with
    /// the scene's own `[measure]` (a scene the studio shows without an experiment).
    let experiment: String?
    let control: String?
    let constant: String
    let gap_pt: Double
    let input: SceneInput

    init(from decoder: any Decoder) throws {
      let body = try RequestObject(decoder, table: Self.table)
      let given = try body.chosen("experiment")
      let path = try RequestPath.checked(body, key: given)
      (experiment, control) = given == "experiment" ? (path, nil) : (nil, path)
      constant = try body.required(String.self, "constant")
      gap_pt = try body.required(Double.self, "gap_pt")
      input = try APIRequest.scene(body)
    }
  }

  /// The answer of `/api/gap`: the boundary paths and their values, in the constant's order.
  struct GapAnswer: Encodable {
    let constant: String
    let gap_pt: JSONNumber
    let set: JSONMembers<JSONNumber>
  }

  func gap(_ body: [UInt8]) async throws(APIError) -> Response {
    let request = try APIRequest.decode(GapRequest.self, body, form: GapRequest.form)
    let path = request.experiment
    let controlPath = request.control
    let name = request.constant
    let gap_pt = request.gap_pt
    let input = request.input
    return try await Self.offload { () throws(APIError) -> Response in
      do throws(FeelError) {
        var sweep: ParameterGrid?
        var named: ControlFile?
        if let path {
          sweep = try InputFile.sweep(path, force: true).sweep
          named = try sweep.flatMap { s throws(FeelError) in try InputFile.control(of: s.experiment)
          }
        } else if let controlPath {
          named = try InputFile.control(controlPath)
        }
        guard let control = named else {
          throw FeelError("\(path ?? ""): the experiment names no control, so it has no constants")
        }
        guard let constant = control.constants.first(where: { $0.name == name }) else {
          let names = control.constants.map(\.name)
          throw FeelError(
            RequestError(
              file: APIRequest.textName, key: "constant",
              expected: "a constant of \(control.file) (\(names.joined(separator: ", ")))",
              got: "\"\(name)\"", suggestion: NameSuggestion.closest(to: name, among: names)
            ).description)
        }
        var scene = try input.load(touchesMayWait: true)
        // A finger the page would give: the experiment's, as its points and runs have it.
        if let sweep {
          let waiting = Self.waitingTouches(of: scene, measure: sweep.experiment.measure)
          scene.touches += sweep.base.touches.filter { waiting.contains($0.id) }
        }
        // The measured item and its target in this scene, as the experiment measures it
        // (the scene's behaviors may differ from the experiment's base scene), else as the
        // scene does.
        var measure = sweep?.experiment.measure ?? scene.measure
        if let touch = measure.touch ?? scene.measure.touch,
          !scene.touches.contains(where: { $0.id == touch })
        {
          // neither the scene nor the experiment has it: the gap needs no drag metrics
          measure.touch = nil
          scene.measure.touch = nil
        }
        let plan: MeasurePlan
        do throws(MetricsError) {
          plan = try MeasurePlan(scene, measure)
        } catch {
          throw FeelError("\(input.name): \(error.description)")
        }
        let item = plan.item
        // the rest the notebook reads the constant from (one rule, in FeelControl)
        let rest = ControlConstant.gapRest_pt(
          of: item, in: scene, target_pt: plan.target(in: scene),
          picked_pt: plan.releasePickedTarget(in: scene))
        guard let settings = constant.gapSettings(gap_pt, in: scene, item: item, rest_pt: rest)
        else {
          throw FeelError(
            "\(APIRequest.textName): key 'constant': expected a constant given by gap_to "
              + "(boundary ids), got \"\(name)\", which scene paths hold (set them directly)")
        }
        guard settings.allSatisfy({ $0.value_pt.isFinite }) else {
          throw FeelError(
            "\(APIRequest.textName): key 'gap_pt': expected a gap that puts the boundaries at "
              + "finite coordinates, got \(gap_pt)")
        }
        guard !settings.isEmpty else {
          throw FeelError(
            "\(input.name): no vertical or horizontal boundary with one of the ids of constant "
              + "\"\(name)\" of \(control.file)")
        }
        return ServeResponses.json(
          ServeResponses.writer.line(
            GapAnswer(
              constant: name, gap_pt: JSONNumber.shortest(gap_pt),
              set: JSONMembers(settings.map { ($0.path, JSONNumber.shortest($0.value_pt)) }))))
      } catch {
        throw APIError(error)
      }
    }
  }
}

extension ServeRoutes {
  /// The touches `scene`'s drag behaviors, touch rules and measured touch name that it does
  /// not have: those a live session waits for the page to give.
  static func waitingTouches(of scene: Scene, measure: SceneMeasure) -> Set<String> {
    var named = Set<String>()
    for behavior in scene.behaviors {
      if case .drag(let spec) = behavior.kind, let touch = spec.touch { named.insert(touch) }
    }
    for rule in scene.rules {
      if case .touch(_, let touch?, _) = rule.on { named.insert(touch) }
    }
    if let touch = measure.touch ?? scene.measure.touch { named.insert(touch) }
    return named.subtracting(scene.touches.map(\.id))
  }
}
