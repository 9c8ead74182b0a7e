import FeelControl
import FeelEngine
import FeelScene

/// One grid point as the notebook stores it: every item's centre and angle at every display
/// frame (as `feel run` prints them), the fingers as `feel run`'s `touch:ID` rows give them,
/// when things happened (touch events, contacts, walls added and removed, the pause), what the
/// generic drawing shows (sizes, snap points, attachments), and the control's constants. (Its
/// metrics are the grid's: `NotebookBuilder.gridLiteral`.)
public struct PointRecord: Sendable {
  /// Frames of the scene: frame 0 (the scene as written) … frameCount.
  public var frameCount: Int
  public var frameRate_hz: Double
  /// The measured item (index into the scene's items).
  public var item: Int
  /// x, y (pt) and angle (rad) of the measured item at frames 0 … n − 1 (n ≤ frameCount + 1):
  /// recording stops once the animator has paused for good; later frames equal the last.
  public var x: [Double]
  public var y: [Double]
  public var angle: [Double]
  /// The same for every other item, in scene order (the measured one left out).
  public var others: [(x: [Double], y: [Double], angle: [Double])]
  /// The first scroll behavior's content offset (pt) at the same frames as `x` (the
  /// `scroll:ID` rows' value, held while the scroll does not move); empty without a scroll.
  public var scroll: [Point] = []
  /// Every item's size (pt), in scene order.
  public var sizes: [Point]
  /// Every item's collision bounds (iOS 9), in scene order: what the generic drawing outlines.
  public var bounds: [ItemBounds]
  /// The frame after which the animator paused for good.
  public var pauseFrame: Int?
  /// The first frame in which the measured item touched a boundary.
  public var contactFrame: Int?
  /// Every boundary of every collision behavior, with the frames its behavior entered and
  /// left the animator.
  public var walls: [Wall]
  /// Each touch: its finger's positions on the frames `feel run` prints a `touch:ID` row
  /// for, and its events.
  public var fingers: [Finger]
  /// Snap behaviors: the item (index) and the snap point (pt).
  public var snaps: [(item: Int, point_pt: Point)]
  /// Attachment behaviors: what they tie (for the drawing).
  public var links: [Link]
  /// Field behaviors, in file order: their origins and regions (for the drawing).
  public var fields: [FieldDrawing]
  /// The measured item's start centre (pt).
  public var start_pt: Point
  /// The target: the point the release picked (a drag-ended rule's `nearest`), else the snap
  /// point or the given target, else where the item came to rest (the metrics'
  /// `rest-target`), else nil.
  public var target_pt: Point?
  /// The candidates a drag-ended rule picks the target among (pt), for the drawing; empty
  /// without one.
  public var candidates: [Point] = []
  /// The snap's point in the file, before a release picks one (nil without a pick): where a
  /// live session's snap is until its own release.
  public var unpicked_pt: Point?
  /// The screen: the reference view's size, else the measured item's (pt).
  public var screen_pt: Point
  /// The control's constants in this point's scene, in the control's order (nil: not in it).
  public var constants: [Double?]
  /// The scene file's pieces (for the export).
  public var toml: [SceneTOMLWriter.Piece]
  /// The measured item's value labels round its rim (`Scene.valueLabels`), when the control's
  /// skin asks for them (`ControlSkin.valueLabelRequest`); else nil.
  public var valueLabels: ValueLabels?

  /// A boundary (pt) and when its collision behavior acts: from frame `on` (0: at the start;
  /// nil: never) to frame `off` (nil: to the end).
  public struct Wall: Sendable, Equatable {
    public var from_pt: Point
    public var to_pt: Point
    public var on: Int?
    public var off: Int?
  }

  /// One touch of the scene: its `touch:ID` rows (the finger's position on frames
  /// `first` … `first + points.count − 1`) and the frames of its events (the first of each).
  public struct Finger: Sendable, Equatable {
    public var id: String
    public var first: Int
    public var points: [Point]
    public var down: Int?
    public var dragBegan: Int?
    public var dragEnded: Int?
    public var tap: Int?
    public var hold: Int?
    public var up: Int?
  }

  /// An attachment: item `item` at `offset_pt` from its centre (in its own frame) tied to a
  /// fixed `anchor_pt`, or to item `other` at `toOffset_pt`.
  public struct Link: Sendable, Equatable {
    public var item: Int
    public var offset_pt: Point
    public var anchor_pt: Point?
    public var other: Int?
    public var toOffset_pt: Point
  }

  /// Runs `scene` and records it; `item` is the measured item, `target` its target (nil: none
  /// given and no snap), `control` the control whose constants it reads, `pickedSnap` the
  /// snap behavior whose point a drag-ended rule picks at the release (its point at the end
  /// of the run is then the target, drawn and read from; `MeasurePlan.releasePick`).
  public init(
    scene: Scene, item: Int, target: Point?, control: ControlFile? = nil, pickedSnap: Int? = nil
  ) {
    frameCount = scene.frameCount
    frameRate_hz = scene.frameRate_hz
    self.item = item
    toml = SceneTOMLWriter.pieces(scene)
    sizes = scene.items.map(\.size_pt)
    bounds = scene.items.map(\.bounds)
    start_pt = scene.items[item].center_pt
    screen_pt = scene.referenceSize_pt ?? scene.items[item].size_pt
    (snaps, links) = Self.ties(scene)
    fields = FieldDrawing.fields(of: scene)

    var sim = SceneSimulation(scene)
    var channels = scene.items.map { item in
      (x: [item.center_pt.x], y: [item.center_pt.y], angle: [item.angle_rad])
    }
    let collisions = scene.behaviors.indices.filter {
      if case .collision = scene.behaviors[$0].kind { return true }
      return false
    }
    var on: [Int: Int] = [:]
    var off: [Int: Int] = [:]
    func noteWalls(_ frame: Int) {
      for b in collisions {
        let acting = sim.animator.isActing(b)
        if on[b] == nil, acting { on[b] = frame }
        if on[b] != nil, off[b] == nil, !acting { off[b] = frame }
      }
    }
    noteWalls(0)
    var fingers = scene.touches.map { Finger(id: $0.id, first: 0, points: []) }
    // A time rule fires on the first frame with t ≥ at − 1e-9 s: until then a paused
    // animator may still be woken.
    let lastTimeRule = scene.rules.compactMap { rule -> Double? in
      if case .time(let at) = rule.on { return at }
      return nil
    }.max()
    let quietAfter_s = (lastTimeRule ?? -.infinity) - 1e-9
    let itemID = scene.items[item].id
    let scrolled = scene.behaviors.first {
      if case .scroll = $0.kind { return true }
      return false
    }?.id
    var offset = Point(0, 0)
    if scrolled != nil { scroll = [offset] }
    while sim.frame < scene.frameCount {
      let events = sim.advance()
      for event in events {
        switch event.kind {
        case .contactBegan:
          if contactFrame == nil,
            scene.items.count == 1 || event.detail.hasPrefix("item \(itemID) ")
          {
            contactFrame = sim.frame
          }
        case .touch(let kind):
          guard let t = fingers.firstIndex(where: { $0.id == event.touch }) else { continue }
          Self.note(kind, frame: sim.frame, in: &fingers[t])
        case .ruleFired, .pause, .contactEnded:
          break
        }
      }
      for row in sim.touchRows {
        guard let t = fingers.firstIndex(where: { $0.id == row.id }) else { continue }
        if fingers[t].points.isEmpty { fingers[t].first = sim.frame }
        fingers[t].points.append(row.point_pt)
      }
      noteWalls(sim.frame)
      if let scrolled {
        offset = sim.scrollRows.first { $0.id == scrolled }?.offset_pt ?? offset
        scroll.append(offset)
      }
      for i in scene.items.indices {
        let s = sim.state(ofItem: i)
        channels[i].x.append(s.center_pt.x)
        channels[i].y.append(s.center_pt.y)
        channels[i].angle.append(s.angle_rad)
      }
      if !sim.isRunning {
        if pauseFrame == nil { pauseFrame = sim.frame }
        if sim.t_s >= quietAfter_s { break }
      } else {
        pauseFrame = nil
      }
    }
    x = channels[item].x
    y = channels[item].y
    angle = channels[item].angle
    others = channels.indices.filter { $0 != item }.map { channels[$0] }
    self.fingers = fingers
    walls = collisions.flatMap { b -> [Wall] in
      guard case .collision(let spec) = scene.behaviors[b].kind else { return [] }
      var segments = spec.boundaries.flatMap { $0.segments_pt.map { ($0.from, $0.to) } }
      if spec.referenceBounds, let size = scene.referenceSize_pt {
        segments += spec.referenceBoundsEdges_pt(size_pt: size).map { ($0.from, $0.to) }
      }
      return segments.map { Wall(from_pt: $0.0, to_pt: $0.1, on: on[b], off: off[b]) }
    }
    // Where the item came to rest stands in for a target the scene lacks, as the metrics do.
    let xs = channels[item].x
    let ys = channels[item].y
    let rested = pauseFrame.map { _ in Point(xs[xs.count - 1], ys[ys.count - 1]) }
    // The point the release picked is the target, drawn in place of the file's snap point.
    let picked = pickedSnap.flatMap { sim.animator.snapPoint($0) }
    if let pickedSnap, let picked, case .snap(let spec) = scene.behaviors[pickedSnap].kind {
      let owner = scene.items.firstIndex { $0.id == scene.behaviors[pickedSnap].items.first }
      snaps = snaps.map {
        $0.item == owner && $0.point_pt == spec.point_pt ? ($0.item, picked) : $0
      }
      let id = scene.behaviors[pickedSnap].id
      unpicked_pt = spec.point_pt
      candidates = scene.rules.compactMap(\.pick).first { $0.snap == id }?.candidates_pt ?? []
    }
    target_pt = picked ?? target ?? rested
    // A gap constant is read from the target the release picked, else the item's target, else
    // its start: the same rule /api/gap sets it by (ControlConstant.gapRest_pt), never from
    // where the motion came to rest.
    let rest = ControlConstant.gapRest_pt(
      of: item, in: scene, target_pt: target, picked_pt: picked)
    constants = (control?.constants ?? []).map { $0.value(in: scene, item: item, rest_pt: rest) }
    valueLabels = control?.skin.valueLabelRequest.flatMap {
      scene.valueLabels(ofItem: item, count: $0.count, labelHeight_pt: $0.labelHeight_pt)
    }
  }

  /// The first frame of each kind of event of a finger.
  private static func note(_ kind: TouchEventKind, frame: Int, in finger: inout Finger) {
    switch kind {
    case .touchDown: finger.down = finger.down ?? frame
    case .dragBegan: finger.dragBegan = finger.dragBegan ?? frame
    case .hold: finger.hold = finger.hold ?? frame
    case .tap: finger.tap = finger.tap ?? frame
    case .dragEnded: finger.dragEnded = finger.dragEnded ?? frame
    case .touchUp: finger.up = finger.up ?? frame
    }
  }

  /// The scene's snap points and attachments, for the drawing.
  private static func ties(_ scene: Scene) -> ([(item: Int, point_pt: Point)], [Link]) {
    let index = Dictionary(
      scene.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    var snaps: [(item: Int, point_pt: Point)] = []
    var links: [Link] = []
    for behavior in scene.behaviors {
      guard let first = behavior.items.first, let i = index[first] else { continue }
      switch behavior.kind {
      case .snap(let spec): snaps.append((i, spec.point_pt))
      case .attachment(let spec):
        switch spec.target {
        case .anchor(let anchor):
          links.append(
            Link(
              item: i, offset_pt: spec.offset_pt, anchor_pt: anchor, other: nil,
              toOffset_pt: spec.toOffset_pt))
        case .item(let other):
          links.append(
            Link(
              item: i, offset_pt: spec.offset_pt, anchor_pt: nil, other: index[other],
              toOffset_pt: spec.toOffset_pt))
        }
      default: break
      }
    }
    return (snaps, links)
  }
}
