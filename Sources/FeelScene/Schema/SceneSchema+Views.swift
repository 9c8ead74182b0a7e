import FeelEngine
import FeelTouch
import Foundation

// Views of settings that a scene file writes as separate keys but the model keeps in an enum's
// payload (an attachment's anchor or other item, a drag's mode, a rule's trigger, a touch's
// trace). Each is nil in the enum's other cases, so a key on it is written, and named by a
// path, only in its own case; setting it in another case changes nothing, except where the
// view picks the case (`modeName`, `triggerName`, a touch's trace keys).

extension PushSpec {
  /// `direction = [dx, dy]`, UIKit's pushDirection: sets the angle and magnitude
  /// (`Point.polar`). Never read back: the file gets the angle and magnitude.
  var direction: Point? {
    get { nil }
    set { if let newValue { (angle_rad, magnitude) = newValue.polar } }
  }
}

extension GravitySpec {
  /// `direction = [gx, gy]`, UIKit's gravityDirection: as a push's.
  var direction: Point? {
    get { nil }
    set { if let newValue { (angle_rad, magnitude) = newValue.polar } }
  }
}

extension SceneRule {
  /// A rule's `direction = [dx, dy]`: a field's new vector as given; a gravity's or push's
  /// new angle and magnitude once the reader knows the behavior it sets
  /// (`BehaviorChange.resolved(for:)`), so only a field's is written back.
  var setDirection: Point? {
    get { change.direction }
    set { if let newValue { change.direction = newValue } }
  }
}

extension AttachmentSpec {
  /// The anchor point (pt), when attached to one.
  var anchor_pt: Point? {
    get { if case .anchor(let point) = target { point } else { nil } }
    set { if let newValue { target = .anchor(newValue) } }
  }

  /// The other item's id, when attached to one.
  var toItem: String? {
    get { if case .item(let id) = target { id } else { nil } }
    set { if let newValue { target = .item(newValue) } }
  }

  /// The attachment point on the other item (pt from its centre), when attached to one.
  var toItemOffset_pt: Point? {
    get { if case .item = target { toOffset_pt } else { nil } }
    set { if let newValue { toOffset_pt = newValue } }
  }
}

extension DragSpec {
  /// The mode's name; setting it starts that mode with placeholder values, which the mode's
  /// keys then set (their defaults if the file omits them).
  var modeName: String {
    get {
      switch mode {
      case .follow: "follow"
      case .attachment: "attachment"
      case .rotate: "rotate"
      }
    }
    set {
      limits = DragLimits()
      switch newValue {
      case "follow": mode = .follow(axis: .both)
      case "attachment": mode = .attachment(frequency_hz: 0, damping: 0)
      default: mode = .rotate(pivot_pt: nil, deadZone_pt: 0)
      }
    }
  }

  /// A follow drag's axis.
  var followAxis: Axis? {
    get { if case .follow(let axis) = mode { axis } else { nil } }
    set { if let newValue, case .follow = mode { mode = .follow(axis: newValue) } }
  }

  /// Its touch's id; nil (written as no key) for the item's gestures.
  var touchID: String? {
    get { touch }
    set { touch = newValue }
  }

  /// A follow drag's x limit `[min, max]` (pt).
  var followLimitX_pt: Point? {
    get { isFollow ? limits.x_pt.map(Self.pair) : nil }
    set { if let newValue, isFollow { limits.x_pt = Self.interval(newValue) } }
  }

  /// A follow drag's y limit `[min, max]` (pt).
  var followLimitY_pt: Point? {
    get { isFollow ? limits.y_pt.map(Self.pair) : nil }
    set { if let newValue, isFollow { limits.y_pt = Self.interval(newValue) } }
  }

  /// A follow drag's rubber band coefficient (unset reads 0: a hard stop).
  var followRubberBand: Double? {
    get { isFollow && limits.rubberBand != 0 ? limits.rubberBand : nil }
    set { if let newValue, isFollow { limits.rubberBand = newValue } }
  }

  /// A follow drag's rubber band dimension (pt).
  var followRubberBandDimension_pt: Double? {
    get { isFollow ? limits.rubberBandDimension_pt : nil }
    set { if let newValue, isFollow { limits.rubberBandDimension_pt = newValue } }
  }

  private var isFollow: Bool { if case .follow = mode { true } else { false } }
  private static func pair(_ i: DragLimits.Interval) -> Point { Point(i.min_pt, i.max_pt) }
  private static func interval(_ p: Point) -> DragLimits.Interval {
    DragLimits.Interval(min_pt: p.x, max_pt: p.y)
  }

  /// An attachment drag's spring frequency (Hz).
  var attachmentFrequency_hz: Double? {
    get { if case .attachment(let frequency, _) = mode { frequency } else { nil } }
    set {
      guard let newValue, case .attachment(_, let damping) = mode else { return }
      mode = .attachment(frequency_hz: newValue, damping: damping)
    }
  }

  /// An attachment drag's damping ratio.
  var attachmentDamping: Double? {
    get { if case .attachment(_, let damping) = mode { damping } else { nil } }
    set {
      guard let newValue, case .attachment(let frequency, _) = mode else { return }
      mode = .attachment(frequency_hz: frequency, damping: newValue)
    }
  }

  /// A rotate drag's pivot (pt), when it has one.
  var rotatePivot_pt: Point? {
    get { if case .rotate(let pivot, _) = mode { pivot } else { nil } }
    set {
      guard let newValue, case .rotate(_, let deadZone) = mode else { return }
      mode = .rotate(pivot_pt: newValue, deadZone_pt: deadZone)
    }
  }

  /// A rotate drag's dead zone (pt).
  var rotateDeadZone_pt: Double? {
    get { if case .rotate(_, let deadZone) = mode { deadZone } else { nil } }
    set {
      guard let newValue, case .rotate(let pivot, _) = mode else { return }
      mode = .rotate(pivot_pt: pivot, deadZone_pt: newValue)
    }
  }
}

extension SceneRule {
  /// The trigger's name (`on`); setting it starts that trigger with placeholder values, which
  /// its keys then set.
  var triggerName: String {
    get {
      switch on {
      case .contact: "contact"
      case .time: "time"
      case .pause: "pause"
      case .touch(let event, _, _): event.rawValue
      }
    }
    set {
      switch newValue {
      case "contact": on = .contact(boundary: nil)
      case "time": on = .time(at_s: 0)
      case "pause": on = .pause
      default: on = .touch(TouchEventKind(rawValue: newValue) ?? .tap, touch: nil, within: nil)
      }
    }
  }

  /// A contact rule's boundary (nil: any boundary).
  var contactBoundary: String? {
    get { if case .contact(let boundary, _) = on { boundary } else { nil } }
    set {
      if let newValue, case .contact(_, let item) = on {
        on = .contact(boundary: newValue, item: item)
      }
    }
  }

  /// A contact rule's other item (nil: the rule is on boundaries).
  var contactItem: String? {
    get { if case .contact(_, let item) = on { item } else { nil } }
    set {
      if let newValue, case .contact(let boundary, _) = on {
        on = .contact(boundary: boundary, item: newValue)
      }
    }
  }

  /// `item`: a contact rule's other item, or a touch rule's item (the touch went down on it).
  var ruleItem: String? {
    get {
      switch on {
      case .contact(_, let item): item
      case .touch: touchItem
      default: nil
      }
    }
    set {
      guard let newValue else { return }
      if case .touch = on { touchItem = newValue } else { contactItem = newValue }
    }
  }

  /// A time rule's time (s).
  var time_s: Double? {
    get { if case .time(let at) = on { at } else { nil } }
    set { if let newValue, case .time = on { on = .time(at_s: newValue) } }
  }

  /// A touch rule's touch (nil: any touch).
  var touchID: String? {
    get { if case .touch(_, let touch, _) = on { touch } else { nil } }
    set {
      guard let newValue, case .touch(let event, _, let within) = on else { return }
      on = .touch(event, touch: newValue, within: within)
    }
  }

  /// A touch rule's region (nil: anywhere).
  var touchWithin: TouchRegion? {
    get { if case .touch(_, _, let within) = on { within } else { nil } }
    set {
      guard let newValue, case .touch(let event, let touch, _) = on else { return }
      on = .touch(event, touch: touch, within: newValue)
    }
  }
}

extension SceneRule {
  /// A drag-ended rule's snap whose point it picks (`snap`): setting it starts a pick with no
  /// candidates yet and the default projection, which the next keys fill.
  var pickSnap: String? {
    get { pick?.snap }
    set {
      guard let newValue else { return }
      if pick == nil {
        pick = SnapPick(snap: newValue, candidates_pt: [])
      } else {
        pick!.snap = newValue
      }
    }
  }

  /// The candidates it picks among (`nearest`, pt).
  var pickNearest: [Point]? {
    get { pick?.candidates_pt }
    set {
      guard let newValue else { return }
      if pick == nil { pick = SnapPick(snap: "", candidates_pt: []) }
      pick!.candidates_pt = newValue
    }
  }

  /// The deceleration rate its projection uses (`projection`, per ms); only with a pick.
  var pickProjection: Double? {
    get { pick?.decelerationRate }
    set { if let newValue, pick != nil { pick!.decelerationRate = newValue } }
  }
}

extension SceneTouch {
  /// Samples written in the scene, or read from a trace file: a file's trace is written back
  /// as its samples.
  var writtenSamples: [TouchSample]? {
    get {
      switch trace {
      case .samples(let samples), .recorded(_, let samples): samples
      default: nil
      }
    }
    set { if let newValue { trace = .samples(newValue) } }
  }

  /// A recorded trace (`file = "…"`), as read; never written back (its samples are).
  var recordedTrace: TouchTrace? {
    get { nil }
    set { if let newValue { trace = newValue } }
  }

  var tap: TouchPress? {
    get { if case .tap(let press) = trace { press } else { nil } }
    set { if let newValue { trace = .tap(newValue) } }
  }

  var hold: TouchPress? {
    get { if case .hold(let press) = trace { press } else { nil } }
    set { if let newValue { trace = .hold(newValue) } }
  }

  var drag: TouchDrag? {
    get { if case .drag(let drag) = trace { drag } else { nil } }
    set { if let newValue { trace = .drag(newValue) } }
  }
}

/// `bounds`'s names: iOS 9's UIDynamicItemCollisionBoundsType.
public enum ItemBoundsKind: String, Sendable, Equatable, CaseIterable {
  case rectangle, ellipse, path
}

extension ItemDefinition {
  /// `bounds`; `path` starts an empty path, which the `path` key fills.
  var boundsKind: ItemBoundsKind {
    get {
      switch bounds {
      case .rectangle: .rectangle
      case .ellipse: .ellipse
      case .path: .path
      }
    }
    set {
      switch newValue {
      case .rectangle: bounds = .rectangle
      case .ellipse: bounds = .ellipse
      case .path: if case .path = bounds {} else { bounds = .path([]) }
      }
    }
  }

  /// `path`: the path's points (pt from the item's centre), with `bounds = "path"`.
  var pathPoints_pt: [Point]? {
    get { if case .path(let points) = bounds { points } else { nil } }
    set { if let newValue { bounds = .path(newValue) } }
  }
}
