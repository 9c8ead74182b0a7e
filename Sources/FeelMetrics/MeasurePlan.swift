import FeelScene
import Foundation

/// What to measure (`SceneMeasure`) resolved against a scene's structure: which item (by index), which snap
/// behavior starts the snap phase, which push gives the hop direction. It holds indices, not
/// values, so one plan serves every scene of a sweep that varies values but not structure:
/// `target(in:)` and `hopDirection(in:)` read the values from each scene.
public struct MeasurePlan: Sendable, Equatable {
  /// Index of the measured item in `scene.items`.
  public var item: Int
  /// The measured item's id.
  public var itemID: String
  /// Index in `scene.behaviors` of the snap behavior whose addition starts the snap phase and
  /// whose point is the default target; nil when no snap acts on the item.
  public var snap: Int?
  /// Index in `scene.behaviors` of the push acting on the item at t = 0 (the hop direction).
  public var push: Int?
  /// Without one at t = 0: the pushes on the item that rules add (a touch-driven tap hint's),
  /// in file order; the first to enter the animator starts the hint phase and gives the hop
  /// direction.
  public var laterPushes: [Int] = []
  /// A target given explicitly (pt); overrides the snap point.
  public var givenTarget_pt: Point?
  /// Settle band half-width (pt).
  public var band_pt: Double
  /// Id of the touch whose first drag the drag metrics measure; nil: any touch's.
  public var touchID: String?
  /// The commit time (s); nil: none given.
  public var commitAfter_s: Double?
  /// Index in `scene.behaviors` of the detent on the item (present at t = 0 or added by a
  /// rule): its rest angles are the labels the rotation metrics count; nil: none.
  public var detent: Int?
  /// Whether something turns the measured item by design, so that the rotation metrics (a
  /// coast's) apply: a rotate drag, an `inertia` or a `detent` on it, an item behavior setting
  /// its `angular_resistance` (each present at t = 0 or added by a rule), or an angular velocity
  /// it starts with in the scene the plan was resolved against. Otherwise they are empty
  /// (`no-turn`).
  public var turnsItem = true
  /// Whether runs record the rotation metrics (docs/metrics.md). On by default; a sweep whose
  /// experiment asks for none turns it off, and its runs then keep no angle per frame (those
  /// metrics stay unset, neither value nor flag).
  public var recordsRotation = true
  /// Whether a metric of the runs reads the measured item's target (`Metric.readsItemTarget`).
  /// On by default; a sweep whose experiment asks for none turns it off, and its runs then do
  /// not look for the rest pose (no `rest-target` note: a list's settle reads the list).
  public var readsItemTarget = true
  /// Indices in `scene.items` of the items the multi-item metrics measure (`max_lag_pt`,
  /// `spread_pt`, a list's settle): `[measure] items`, else the first scroll behavior's items;
  /// empty: none (`no-list`).
  public var listItems: [Int] = []

  /// Whether the run measures a list (measured items): `settle_time_s` is then the list's
  /// (`Metric.definition(measuringList:)`).
  public var measuresList: Bool { !listItems.isEmpty }

  /// Resolves `options` (an experiment's `[measure]` table, `feel metrics`' options) against
  /// `scene`. Throws for an unknown item (with a suggestion), a scene without items, or a
  /// negative or non-finite band. A value `options` leaves nil comes from the scene's
  /// `[measure]` table, else its default: the item, the item of the scene's snap behavior, else
  /// the first item; the target, the snap point of the snap behavior acting on the item (present
  /// at t = 0 or added by a rule); the band, `SceneMeasure.defaultBand_pt` (the centre has
  /// settled once it stays within this distance of the target); the touch, the first drag of
  /// any touch; the commit time, none (`committed` stays empty).
  public init(_ scene: Scene, _ options: SceneMeasure = SceneMeasure()) throws(MetricsError) {
    let band = options.band_pt ?? scene.measure.band_pt ?? SceneMeasure.defaultBand_pt
    guard band.isFinite, band >= 0 else {
      throw MetricsError("the settle band must be a number ≥ 0 (pt), got \(band)")
    }
    let commitAfter = options.commitAfter_s ?? scene.measure.commitAfter_s
    if let commitAfter, !(commitAfter.isFinite && commitAfter >= 0) {
      throw MetricsError("the commit time must be a number ≥ 0 (s), got \(commitAfter)")
    }
    let ids = scene.items.map(\.id)
    guard !ids.isEmpty else { throw MetricsError("the scene has no item to measure") }
    let touchID = options.touch ?? scene.measure.touch
    if let touchID {
      let touches = scene.touches.map(\.id)
      guard touches.contains(touchID) else {
        throw MetricsError(
          "no touch \"\(touchID)\" in the scene (touches: "
            + (touches.isEmpty ? "none" : touches.joined(separator: ", ")) + ")"
            + NameSuggestion.didYouMean(touchID, among: touches))
      }
    }
    let item: Int
    if let id = options.item ?? scene.measure.item {
      guard let index = ids.firstIndex(of: id) else {
        throw MetricsError(
          "no item \"\(id)\" in the scene (items: \(ids.joined(separator: ", ")))"
            + NameSuggestion.didYouMean(id, among: ids))
      }
      item = index
    } else {
      item =
        Self.snapBehavior(of: nil, in: scene).map {
          ids.firstIndex(of: scene.behaviors[$0].items[0])!
        }
        ?? 0
    }
    self.item = item
    itemID = ids[item]
    snap = Self.snapBehavior(of: ids[item], in: scene)
    push = scene.behaviors.indices.first { b in
      guard case .push = scene.behaviors[b].kind else { return false }
      return scene.behaviors[b].start && scene.behaviors[b].items.contains(ids[item])
    }
    if push == nil {
      let added = Set(scene.rules.flatMap(\.add))
      laterPushes = scene.behaviors.indices.filter { b in
        guard case .push = scene.behaviors[b].kind else { return false }
        return added.contains(scene.behaviors[b].id) && scene.behaviors[b].items.contains(ids[item])
      }
    }
    givenTarget_pt = options.target_pt ?? scene.measure.target_pt
    let addedByRules = Set(scene.rules.flatMap(\.add))
    detent = scene.behaviors.indices.first { b in
      guard case .detent = scene.behaviors[b].kind else { return false }
      let behavior = scene.behaviors[b]
      return behavior.items.contains(ids[item])
        && (behavior.start || addedByRules.contains(behavior.id))
    }
    band_pt = band
    self.touchID = touchID
    commitAfter_s = commitAfter
    turnsItem = Self.turns(item, in: scene)
    let scroll = scene.behaviors.first { if case .scroll = $0.kind { true } else { false } }
    for id in options.items ?? scene.measure.items ?? scroll?.items ?? [] {
      guard let index = ids.firstIndex(of: id) else {
        throw MetricsError(
          "no item \"\(id)\" in the scene (items: \(ids.joined(separator: ", ")))"
            + NameSuggestion.didYouMean(id, among: ids))
      }
      guard scene.behaviors.anchor(ofItem: id) != nil else {
        throw MetricsError(
          "measured item \"\(id)\" has no attachment to an anchor point: its lag has nothing "
            + "to be measured from")
      }
      listItems.append(index)
    }
  }

  /// The measured items as a sweep's CSV header and `feel metrics` name them: how many, each
  /// measured from its attachment's anchor, with the columns among `metrics` that read them
  /// (`Metric.subject(measuringList:)`); nil when the run measures no list.
  public func listLine(in scene: Scene, metrics: [Metric]) -> String? {
    guard measuresList else { return nil }
    let ids = listItems.map { scene.items[$0].id }
    let readers = metrics.filter { $0.subject(measuringList: true) == .list }.map(\.column)
    let columns = readers.isEmpty ? "" : " (\(readers.joined(separator: ", ")))"
    return "list: \(ids.count) measured items, each from its attachment's anchor\(columns): "
      + ids.joined(separator: ", ")
  }

  /// The anchors of `listItems` in `scene` (their values may differ from one sweep point to
  /// the next).
  public func listAnchors(in scene: Scene) -> [Point] {
    listItems.map {
      scene.behaviors.anchor(ofItem: scene.items[$0].id) ?? scene.items[$0].center_pt
    }
  }

  /// Whether something in `scene` turns item `item` by design (`turnsItem`).
  private static func turns(_ item: Int, in scene: Scene) -> Bool {
    let id = scene.items[item].id
    if scene.items[item].angularVelocity_rad_s != 0 { return true }
    let added = Set(scene.rules.flatMap(\.add))
    return scene.behaviors.contains { behavior in
      guard behavior.items.contains(id), behavior.start || added.contains(behavior.id) else {
        return false
      }
      switch behavior.kind {
      case .inertia, .detent: return true
      case .drag(let spec):
        if case .rotate = spec.mode { return true }
        return false
      case .item(let properties): return properties.angularResistance != nil
      default: return false
      }
    }
  }

  /// The first snap behavior (file order) acting on `item` (any item when nil) that is in the
  /// animator at t = 0 or added by a rule.
  private static func snapBehavior(of item: String?, in scene: Scene) -> Int? {
    let added = Set(scene.rules.flatMap(\.add))
    return scene.behaviors.indices.first { b in
      let behavior = scene.behaviors[b]
      guard case .snap = behavior.kind else { return false }
      guard behavior.start || added.contains(behavior.id) else { return false }
      return item.map { behavior.items.contains($0) } ?? true
    }
  }

  /// The detent's spec in `scene` (its values may differ from one sweep point to the next).
  public func detentSpec(in scene: Scene) -> DetentSpec? {
    guard let detent, case .detent(let spec) = scene.behaviors[detent].kind else { return nil }
    return spec
  }

  /// The item's rim radius in `scene` (pt): half its smaller side.
  public func rimRadius_pt(in scene: Scene) -> Double {
    let size = scene.items[item].size_pt
    return min(size.x, size.y) / 2
  }

  /// The angular band in `scene` (rad): the settle band measured at the rim.
  public func angleBand_rad(in scene: Scene) -> Double { band_pt / rimRadius_pt(in: scene) }

  /// Whether the target metrics are measured against the pose where the item comes to rest:
  /// a metric reads the target, no snap behavior acts on the item and no target was given (the
  /// `rest-target` note; `SceneMeasurement` finds the rest pose by running the scene first).
  public var measuresRestTarget: Bool { readsItemTarget && snap == nil && givenTarget_pt == nil }

  /// The target in `scene` (pt): the given one, else the snap point; nil when neither exists
  /// (then the rest pose, found by running the scene, stands in: `measuresRestTarget`).
  public func target(in scene: Scene) -> Point? {
    if let givenTarget_pt { return givenTarget_pt }
    guard let snap, case .snap(let spec) = scene.behaviors[snap].kind else { return nil }
    return spec.point_pt
  }

  /// The point the plan's snap pulls to in `animator` as it stands (pt): the scene's snap point,
  /// or the one a drag-ended rule picked at the release (`nearest`); nil when a target was given
  /// or no snap acts on the item.
  public func snapPoint(in animator: Animator) -> Point? {
    guard givenTarget_pt == nil, let snap else { return nil }
    return animator.snapPoint(snap)
  }

  /// The unit direction of the item's push in `scene` (a negative magnitude pushes the other
  /// way); nil when no push acts on the item at t = 0.
  public func hopDirection(in scene: Scene) -> Point? {
    push.flatMap { hopDirection(of: $0, in: scene) }
  }

  /// The unit direction of push behavior `b` in `scene`.
  public func hopDirection(of b: Int, in scene: Scene) -> Point? {
    guard case .push(let spec) = scene.behaviors[b].kind else { return nil }
    let sign: Double = spec.magnitude < 0 ? -1 : 1
    return Point(sign * cos(spec.angle_rad), sign * sin(spec.angle_rad))
  }

  /// The drag-ended rule of `scene` that picks the plan's snap point at the release (a rule
  /// with `snap`, `nearest`, docs/drags.md): then the target is picked per run, from the
  /// release, not the file's point. Nil when a target was given or no rule picks it.
  public func releasePick(in scene: Scene) -> SnapPick? {
    guard givenTarget_pt == nil, let snap else { return nil }
    let id = scene.behaviors[snap].id
    return scene.rules.lazy.compactMap(\.pick).first { $0.snap == id }
  }

  /// The target the release picks in `scene` (a drag-ended rule's `nearest`, `releasePick`):
  /// the plan's snap point once `scene` has run to its end or to rest, the last one a release
  /// picked, as the metrics measure against it. Nil when no rule picks the snap's point (or a
  /// target was given).
  public func releasePickedTarget(in scene: Scene) -> Point? {
    guard releasePick(in: scene) != nil, let snap else { return nil }
    var sim = SceneSimulation(scene)
    while sim.frame < scene.frameCount && !sim.isAtRest { sim.advance() }
    return sim.animator.snapPoint(snap)
  }

  /// Where the target comes from, for headers and tables: `the snap point of "scrub-snap"`.
  public func targetSource(in scene: Scene) -> String {
    if givenTarget_pt != nil { return "given" }
    guard let snap else { return "none" }
    return "the snap point of \"\(scene.behaviors[snap].id)\""
  }
}

extension MeasurePlan {
  /// The plan of an experiment that measures no scene item: a recognizer experiment, whose
  /// metrics come from reading a corpus of touches (`CorpusMeasurement`).
  public static let noItem = MeasurePlan()

  private init() {
    item = 0
    itemID = ""
    band_pt = SceneMeasure.defaultBand_pt
  }
}
