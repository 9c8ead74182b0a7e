/// What a scene run keeps for its touches: the timeline (samples and recognizers), the rules on
/// touch events, and the drag behaviors with what each needs while it acts.
struct SceneTouches: Sendable {
  var timeline: TouchTimeline
  /// The touches' ids, in file order, then the live touches' in the order they came down.
  private(set) var ids: [String]
  /// Indices of the rules on touch events, in file order.
  let rules: [Int]
  /// The scene's drag behaviors.
  var drags: [DragRun]
  /// The release velocity's fitting window (s).
  let velocityWindow_s: Double
  /// For each touch, the frames its touch-down and its lift were delivered before (the frames
  /// with a `touch:ID` row run from the first to the second).
  var downFrame: [Int?]
  var liftFrame: [Int?]
  /// Whether each item had a body before the frame's touches were delivered (kept to avoid
  /// allocating each frame).
  var hadBody: [Bool]
  /// For each touch, the items it went down on, while it is down (scenes with dial behaviors:
  /// their coasts stop and their detents wait; docs/tempo-dial.md).
  var downOnItems: [[Int]]
  /// Whether the scene has gestures that belong to an item (a drag without `touch`, a touch
  /// rule with `item`): each touch is then hit-tested at its touch-down.
  let hitTests: Bool
  /// For each touch, the item it went down on for those gestures, for its whole life: the top
  /// item under its touch-down, unless another touch on that item was still down (nil: none).
  var onItem: [Int?]
  /// The scene's scroll behaviors (docs/springy-list.md).
  var scrolls: [ScrollRun]
  /// The items' poses of the last frame stepped (taken before a frame's deliveries when
  /// `hitTests`): what a touch-down is hit-tested against.
  var steppedStates: [ItemState] = []

  init(_ scene: Scene, itemIndex: (String) -> Int?) {
    let ids = scene.touches.map(\.id)
    self.ids = ids
    timeline = TouchTimeline(
      traces: scene.touches.map { $0.trace.samples(frameRate_hz: scene.frameRate_hz) },
      settings: scene.recognizer)
    rules = scene.rules.indices.filter {
      if case .touch = scene.rules[$0].on { return true } else { return false }
    }
    drags = Self.dragRuns(scene, touchIDs: ids, itemIndex: itemIndex)
    scrolls = ScrollRun.runs(scene, touchIDs: ids, itemIndex: itemIndex)
    velocityWindow_s = scene.recognizer.velocityWindow_s
    downFrame = Array(repeating: nil, count: ids.count)
    liftFrame = Array(repeating: nil, count: ids.count)
    hadBody = Array(repeating: false, count: scene.items.count)
    downOnItems = Array(repeating: [], count: ids.count)
    hitTests =
      drags.contains { $0.isItemGesture }
      || scene.rules.contains { rule in
        if case .touch = rule.on { rule.touchItem != nil } else { false }
      }
    onItem = Array(repeating: nil, count: ids.count)
  }

  /// The scene's drag behaviors on the touches `touchIDs`, in behavior order (a drag on a touch
  /// not among them has no run until that touch comes).
  static func dragRuns(_ scene: Scene, touchIDs: [String], itemIndex: (String) -> Int?)
    -> [DragRun]
  {
    scene.behaviors.indices.compactMap { b in
      guard case .drag(let spec) = scene.behaviors[b].kind,
        let item = itemIndex(scene.behaviors[b].items[0])
      else { return nil }
      guard !spec.isItemGesture else {
        return DragRun(
          behavior: b, item: item, touch: nil, isItemGesture: true, spec: spec,
          bandDimension_pt: bandDimension(spec, item: scene.items[item], scene: scene))
      }
      guard let id = spec.touch, let touch = touchIDs.firstIndex(of: id) else { return nil }
      return DragRun(
        behavior: b, item: item, touch: touch, isItemGesture: false, spec: spec,
        bandDimension_pt: bandDimension(spec, item: scene.items[item], scene: scene))
    }
  }

  /// A follow drag's rubber band dimension along x and y (pt): its own, else the reference
  /// view's size, else the item's.
  static func bandDimension(_ spec: DragSpec, item: SceneItem, scene: Scene) -> Point {
    if let d = spec.limits.rubberBandDimension_pt { return Point(d, d) }
    return scene.referenceSize_pt ?? item.size_pt
  }

  /// Adds a live touch `id` (after every other touch) and the runs of the drag behaviors that
  /// name it, keeping the runs in behavior order, as a scene file listing the touch would
  /// have them; returns the touch's index.
  mutating func addLiveTouch(_ id: String, scene: Scene, itemIndex: (String) -> Int?) -> Int {
    let i = timeline.addLiveTouch()
    ids.append(id)
    downFrame.append(nil)
    liftFrame.append(nil)
    downOnItems.append([])
    onItem.append(nil)
    let added = Self.dragRuns(scene, touchIDs: ids, itemIndex: itemIndex).filter {
      !$0.isItemGesture && $0.touch == i
    }
    if !added.isEmpty {
      drags = (drags + added).sorted { $0.behavior < $1.behavior }
    }
    for s in scrolls.indices where scrolls[s].spec.touch == id { scrolls[s].namedTouch = i }
    return i
  }
}

/// A drag behavior during a run: whether it acts (it is in the animator and its touch drags),
/// and what it took when it started acting.
struct DragRun: Sendable {
  /// Index of the behavior in the scene (and the animator).
  let behavior: Int
  /// Index of its item.
  let item: Int
  /// Index of its touch: the named one, or for an item's gesture the touch that began the
  /// current drag on the item (nil between gestures).
  var touch: Int?
  /// A drag without `touch`: it takes each touch that goes down on its item in turn.
  let isItemGesture: Bool
  let spec: DragSpec
  /// A follow drag's rubber band dimension along x and y (pt).
  let bandDimension_pt: Point
  var acting = false
  /// The item's centre (pt) and angle (rad) when it started acting.
  var startCenter_pt = Point(0, 0)
  var startAngle_rad = 0.0
  /// Follow: the finger's point the translation is measured from (pt): the touch-down point
  /// when it started acting at drag-began (the item catches up with the finger), else the
  /// finger where it started acting.
  var reference_pt = Point(0, 0)
  /// Rotate: the finger's turn about the pivot.
  var tracker: RotationTracker?
}

/// The items and behaviors right after a frame's touches were delivered, before its step.
public struct BeforeStep: Sendable, Equatable {
  /// Each item's state (pt, rad). An item whose body a touch rule just made reads as the view
  /// stood when the body was made (its exact centre, not yet read back through the engine's
  /// float32 metres): the lift point of a drag, with the velocities the new body starts with.
  public var states: [ItemState]
  /// Whether each behavior acts (`Animator.isActing`).
  public var acting: [Bool]
  /// Whether the animator runs (steps) in this frame.
  public var running: Bool
}
