@_exported import FeelEngine

/// A scene as a scene file describes it: items, behaviors and rules, in UIKit's units
/// (points, seconds, radians; y down). See docs/scene-format.md for the file format.
///
/// Values here are already validated and defaulted by `SceneReader`; a `Scene` built by hand
/// is validated again by `SceneRunner` only where the engine needs it.
public struct Scene: Sendable, Equatable {
  /// Optional human title.
  public var title: String?
  /// Which UIKit generation to simulate.
  public var profile: Profile
  /// Display frames per second (Hz); one output row per item per frame.
  public var frameRate_hz: Double
  /// Seconds to simulate; frames = round(duration_s × frameRate_hz).
  public var duration_s: Double
  /// The reference view's bounds size (pt), used by `reference_bounds` boundaries.
  public var referenceSize_pt: Point?
  public var items: [SceneItem]
  public var behaviors: [SceneBehavior]
  public var rules: [SceneRule]
  /// The touches' recognizer constants (`[recognizer]`; UIKit's defaults when omitted).
  public var recognizer: RecognizerSettings
  /// Fingers (`[[touch]]`), in file order (docs/touches.md).
  public var touches: [SceneTouch]
  /// What metrics measure unless told otherwise (`[measure]`, FeelLab's).
  public var measure: SceneMeasure
  /// Item groups (`[[group]]`, iOS 9): behaviors may name a group where they name an item.
  public var groups: [SceneGroup] = []

  public init(
    title: String? = nil, profile: Profile = .modern, frameRate_hz: Double = 60,
    duration_s: Double = 2, referenceSize_pt: Point? = nil, items: [SceneItem] = [],
    behaviors: [SceneBehavior] = [], rules: [SceneRule] = [],
    recognizer: RecognizerSettings = .uikit, touches: [SceneTouch] = [],
    measure: SceneMeasure = SceneMeasure()
  ) {
    self.title = title
    self.profile = profile
    self.frameRate_hz = frameRate_hz
    self.duration_s = duration_s
    self.referenceSize_pt = referenceSize_pt
    self.items = items
    self.behaviors = behaviors
    self.rules = rules
    self.recognizer = recognizer
    self.touches = touches
    self.measure = measure
  }

  /// Number of display frames simulated: round(duration × frame rate).
  public var frameCount: Int { Int((duration_s * frameRate_hz).rounded()) }
}

/// A dynamic item (a UIView in UIKit): a rectangle (or iOS 9's ellipse or path bounds), as
/// the animator takes it.
public typealias SceneItem = ItemDefinition

/// iOS 9's UIDynamicItemGroup: items that move as one body (docs/shapes.md).
public struct SceneGroup: Sendable, Equatable {
  public var id: String
  /// Ids of its member items (at least one; never a group).
  public var items: [String]
  public init(id: String, items: [String]) {
    self.id = id
    self.items = items
  }
}

extension SceneItem {
  /// The item's state as the scene gives it.
  public var initialState: ItemState {
    ItemState(
      center_pt: center_pt, angle_rad: angle_rad, velocity_pt_s: velocity_pt_s,
      angularVelocity_rad_s: angularVelocity_rad_s)
  }
}

/// A UIDynamicBehavior: which items it acts on, whether it is in the animator at t = 0,
/// and what it does.
public struct SceneBehavior: Sendable, Equatable {
  public var id: String
  /// Ids of the items it acts on (at least one; snap and attachment take exactly one).
  public var items: [String]
  /// Added to the animator at t = 0 (default true).
  public var start: Bool
  public var kind: Kind

  public init(id: String, items: [String], start: Bool = true, kind: Kind) {
    self.id = id
    self.items = items
    self.start = start
    self.kind = kind
  }

  public typealias Kind = BehaviorKind
}

extension [SceneBehavior] {
  /// The anchor (pt) of the first attachment behavior, in file order, that ties item `id` to a
  /// point: what a scroll nudges the item towards and what its lag is measured from.
  public func anchor(ofItem id: String) -> Point? {
    for behavior in self where behavior.items.first == id {
      if case .attachment(let spec) = behavior.kind, case .anchor(let p) = spec.target { return p }
    }
    return nil
  }
}

/// What happens when an event occurs: behaviors removed, then added, after that frame's step
/// (a touch event's rules: at once, before the frame's step).
public struct SceneRule: Sendable, Equatable {
  public enum Trigger: Sendable, Equatable {
    /// Each began contact with the named boundary (any boundary if nil). The reference
    /// bounds are named `reference-bounds` here. With `item` (iOS 7's item–item contacts):
    /// each began contact between that item and another item instead (its contacts with
    /// boundaries do not fire it).
    case contact(boundary: String?, item: String? = nil)
    /// Once, on the first frame whose end time t_s ≥ at_s.
    case time(at_s: Double)
    /// Once, when the animator pauses.
    case pause
    /// Each `event` of a touch: of the named touch only, or of any (nil); only a touch that
    /// went down inside `within` (nil: anywhere). Applied at once, before the frame's step.
    case touch(TouchEventKind, touch: String?, within: TouchRegion?)
  }
  public var on: Trigger
  public var add: [String]
  public var remove: [String]
  /// Drag-ended rules only: the bodies this rule makes start with the finger's release
  /// velocity (linear; angular for a rotate drag) instead of at rest.
  public var releaseVelocity: Bool
  /// Drag-ended rules only: a snap's point picked at the release, set before the rule's
  /// removals and additions (`snap`, `nearest`, `projection`); nil: none.
  public var pick: SnapPick?
  /// Touch rules only: only touches that went down on this item (hit-tested, one touch at a
  /// time per item: docs/drags.md); nil: any.
  public var touchItem: String?
  /// The behavior whose properties the rule sets when it fires (`set`), as app code assigns
  /// them between frames, before the rule's removals and additions; nil: none.
  public var setBehavior: String?
  /// What it sets there (`point`, `angle`, `magnitude`, `anchor`, `length`, `frequency`,
  /// `damping`); empty without `set`.
  public var change: BehaviorChange
  public init(
    on: Trigger, add: [String] = [], remove: [String] = [], releaseVelocity: Bool = false,
    pick: SnapPick? = nil, touchItem: String? = nil, setBehavior: String? = nil,
    change: BehaviorChange = BehaviorChange()
  ) {
    self.setBehavior = setBehavior
    self.change = change
    self.on = on
    self.add = add
    self.remove = remove
    self.releaseVelocity = releaseVelocity
    self.pick = pick
    self.touchItem = touchItem
  }
}
