import FeelScene

/// Runs a scene and cuts out an item's approach to its target: the frames from the one at
/// which the approach's behavior enters the animator (frame 0 for a behavior present at
/// t = 0; the frame of the rule that adds it otherwise) to the end of the scene, to the
/// frame at which a rule takes the behavior out again, or to the end of the fit window
/// (`ExportDefaults.fitWindow_s` after the start), whichever comes first. The scene is run no
/// further than that. A source that `restartsOnReentry` (spring fields) is cut from the last
/// time its behavior enters instead: taken out, it starts again when a rule puts it back.
public enum ApproachExtractor {
  /// The item to export: `itemID`, else the first item (scene order) that has an approach.
  public static func item(_ itemID: String?, in scene: Scene) throws(ExportError) -> Int {
    let ids = scene.items.map(\.id)
    guard !ids.isEmpty else { throw ExportError("the scene has no item") }
    if let itemID {
      guard let index = ids.firstIndex(of: itemID) else {
        throw ExportError(
          "no item \"\(itemID)\" in the scene (items: \(ids.joined(separator: ", ")))"
            + NameSuggestion.didYouMean(itemID, among: ids))
      }
      return index
    }
    return ids.firstIndex { !ApproachSources.approaches(of: $0, in: scene).isEmpty } ?? 0
  }

  /// The approach of item `item` (its first in file order) in a run of `scene`.
  public static func extract(
    _ scene: Scene, item: Int, options: EngineOptions = .uikit
  ) throws(ExportError) -> ApproachMotion {
    let id = scene.items[item].id
    guard let source = ApproachSources.approaches(of: id, in: scene).first else {
      if let refusal = FieldApproach.refusal(of: id, in: scene) {
        throw ExportError("no spring to fit for item \"\(id)\": \(refusal)")
      }
      throw ExportError(
        "no motion towards a target for item \"\(id)\": no snap behavior, no attachment "
          + "spring (frequency > 0), no detent and no spring field acts on it, at t = 0 or "
          + "added by a rule")
    }
    return try extract(scene, item: item, source: source, options: options)
  }

  /// The approach `source` of item `item` in a run of `scene`.
  public static func extract(
    _ scene: Scene, item: Int, source: any ApproachSource, options: EngineOptions = .uikit
  ) throws(ExportError) -> ApproachMotion {
    var sim = SceneSimulation(scene, options: options)
    sim.recordsBeforeStep = true
    var initial = scene.items[item].initialState
    if !sim.animator.hasBody(item) {
      initial.velocity_pt_s = Point(0, 0)
      initial.angularVelocity_rad_s = 0
    }
    var states: [ItemState] = []
    var startFrame: Int?
    // The target as the animator knows it when the approach starts (a detent's rest angle).
    var known: ApproachTarget?
    // The item's velocity at the release, when a drag-ended rule starts the approach.
    var release: Point?
    if source.begins(in: sim.animator) {
      startFrame = 0
      states.append(initial)
      known = source.target(at: sim.animator, in: scene)
    }
    // The fit window: at most this many samples from the approach's start (its frame 0 too).
    let window = Int((ExportDefaults.fitWindow_s * scene.frameRate_hz).rounded()) + 1
    var frame = 0
    while frame < scene.frameCount {
      if startFrame != nil && states.count >= window { break }
      frame += 1
      if sim.isAtRest, startFrame != nil {
        // Paused with nothing left to fire: every later frame repeats this one.
        states.append(states[states.count - 1])
        continue
      }
      let events = sim.advance()
      if startFrame == nil {
        guard source.begins(in: sim.animator) else { continue }
        startFrame = sim.frame
        if let before = sim.beforeStep, source.beganBeforeStep(before) {
          // A touch rule started it before the frame's step (the app's gesture handler): from
          // where the finger left the item, with the velocity its body starts with, as the
          // metrics' snap phase starts (docs/drags.md, "Drag metrics").
          startFrame = sim.frame - 1
          states.append(before.states[item])
          if events.contains(where: { $0.kind == .touch(.dragEnded) }) {
            release = before.states[item].velocity_pt_s
          }
        }
        known = source.target(at: sim.animator, in: scene)
      } else if !source.lasts(in: sim.animator) {
        guard source.restartsOnReentry else { break }
        // Taken out (a drag's rule): the approach starts again when it enters again.
        startFrame = nil
        states = []
        known = nil
        release = nil
        continue
      }
      states.append(sim.state(ofItem: item))
    }
    let label = source.label(in: scene)
    guard let startFrame else {
      throw ExportError(
        "\(label) never \(source.quantity == .angle ? "springs to a rest angle" : "enters the animator") "
          + "within the scene's duration")
    }
    guard states.count >= 3 else {
      throw ExportError(
        "\(label) starts at frame \(startFrame), too close to the end of the scene "
          + "(frames: \(scene.frameCount)): nothing to fit")
    }
    let start = states[0]
    let target = known ?? source.target(in: scene, start: start, end: states[states.count - 1])
    let p0 = source.position(of: start)
    let dx = p0.x - target.point_pt.x
    let dy = p0.y - target.point_pt.y
    let travel = (dx * dx + dy * dy).squareRoot()
    let unit = source.quantity.unit
    let v0 = source.velocity(of: start)
    let u: Point
    if travel >= minimumTravel_pt {
      u = Point(dx / travel, dy / travel)
    } else {
      // It starts at its target (a flick released there): the spring still moves it by its
      // initial velocity, so the line is the one that velocity leaves the target along, else
      // the one to the farthest point the item reaches.
      var farthest = (distance: 0.0, x: 0.0, y: 0.0)
      for s in states {
        let p = source.position(of: s)
        let rx = p.x - target.point_pt.x
        let ry = p.y - target.point_pt.y
        let d = (rx * rx + ry * ry).squareRoot()
        if d > farthest.distance { farthest = (d, rx, ry) }
      }
      guard farthest.distance >= minimumTravel_pt else {
        throw ExportError(
          "item \"\(scene.items[item].id)\" starts \(travel)\(unit) from the target of \(label) "
            + "(\(target.how)) and moves at most \(farthest.distance)\(unit) from it: nothing to "
            + "fit (expected at least \(minimumTravel_pt)\(unit))")
      }
      let v = release ?? v0
      let speed = (v.x * v.x + v.y * v.y).squareRoot()
      u =
        speed > 0
        ? Point(v.x / speed, v.y / speed)
        : Point(farthest.x / farthest.distance, farthest.y / farthest.distance)
    }
    var along: [Double] = []
    var across: [Double] = []
    for s in states {
      let p = source.position(of: s)
      let rx = p.x - target.point_pt.x
      let ry = p.y - target.point_pt.y
      along.append(rx * u.x + ry * u.y)
      across.append(-rx * u.y + ry * u.x)
    }
    let rate = scene.frameRate_hz
    return ApproachMotion(
      label: label, itemID: scene.items[item].id, target: target, direction: u,
      startFrame: startFrame, frameRate_hz: rate,
      t_s: states.indices.map { Double($0) / rate }, along_pt: along, across_pt: across,
      startVelocity_pt_s: v0.x * u.x + v0.y * u.y, quantity: source.quantity,
      rimRadius_pt: source.quantity == .angle
        ? min(scene.items[item].size_pt.x, scene.items[item].size_pt.y) / 2 : nil,
      releaseVelocity_pt_s: source.quantity == .position ? release : nil)
  }

  /// The shortest travel worth fitting (pt, or degrees for an angle): a hundredth, far below
  /// what shows.
  public static let minimumTravel_pt = 0.01
}
