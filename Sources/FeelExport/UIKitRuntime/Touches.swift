// swift-format-ignore-file
// The fixed runtime of `feel export --to uikit` for a scene's fingers (docs/uikit-code.md):
// FeelLab's recognizer, the pan handling, the `Drag` class and the helpers of a snap point
// picked at the release: members of the generated class that read the same for every scene.
// The generator copies each section (from its `// section:` line to the next) into its output
// as it stands here, `defaultTouchName` replaced by the scene's first touch, quoted (where the
// section has it), and each hook (from its `// hook: NAME` line to `// hook end`: the lines
// every scene gets there, often none) replaced by the scene's lines for it when it has some
// (an inertia's or detent's, UIKitCode+Kinematics.swift); it writes only what the scene decides
// (UIKitCode+Touches.swift).
// UIKitRuntimeTests compiles this file against Tests/UIKitStub with a stand-in for those members.
import UIKit

final class TouchesRuntime {
// section: trackers
  enum TouchEvent { case touchDown, dragBegan, hold, tap, dragEnded, touchUp }

  private struct Tracker {
    var down: CGPoint
    var samples: [(t: TimeInterval, p: CGPoint)]
    var dragging = false
    var held = false
    /// The item it went down on, for the items' gestures (hit-tested; nil: none).
    var onItem: UIView?
    var hold: DispatchWorkItem?
  }
  private var trackers: [String: Tracker] = [:]
  /// The finger's release velocity (pt/s) and turn rate (rad/s) while drag-ended rules run.
// hook: release
  private var release = (velocity: CGPoint.zero, omega: CGFloat(0))
// hook end
  /// True while drag-began rules run: a drag they add catches up with the finger.
  private var catchingUp = false
  /// The touch whose rules run: an item's drag a drag-began rule adds takes it.
  private var ruleTouch: String?
// section: touchBegan
  func touchBegan(_ touch: String = defaultTouchName, at p: CGPoint, time t: TimeInterval) {
    let hold = DispatchWorkItem { [weak self] in self?.holdFired(touch) }
    trackers[touch] = Tracker(down: p, samples: [(t, p)], onItem: hitItem(p), hold: hold)
    DispatchQueue.main.asyncAfter(deadline: .now() + holdTime, execute: hold)
// hook: touchDown
// hook end
    touchEvent(.touchDown, touch)
    // an item's drag in the animator (or added by a touch-down rule) takes the touch that
    // went down on its item; like a named touch's, it moves the item once the drag begins
    for drag in drags where drag.isAdded && drag.touch == nil && drag.holder == nil
      && drag.item === trackers[touch]?.onItem
    {
      drag.holder = touch
    }
  }
// section: pan
  /// The top item whose bounds (turned by its transform) hold `p`, unless another touch
  /// that went down on it is still down (its pan recognizer is busy): UIView.hitTest.
  private func hitItem(_ p: CGPoint) -> UIView? {
    guard let top = touchItems.last(where: { view in
      let a = atan2(view.transform.b, view.transform.a)
      let dx = p.x - view.center.x
      let dy = p.y - view.center.y
      let u = cos(a) * dx + sin(a) * dy
      let v = -sin(a) * dx + cos(a) * dy
      return abs(u) <= view.bounds.width / 2 && abs(v) <= view.bounds.height / 2
    }) else { return nil }
    return trackers.values.contains { $0.onItem === top } ? nil : top
  }

  func touchMoved(_ touch: String = defaultTouchName, to p: CGPoint, time t: TimeInterval) {
    guard let tracker = trackers[touch] else { return }
    trackers[touch]?.samples.append((t, p))
    if tracker.dragging {
      for drag in drags where drag.isAdded && drag.drives(touch) { move(drag, to: p, time: t) }
    } else if hypot(p.x - tracker.down.x, p.y - tracker.down.y) > slop {
      trackers[touch]?.dragging = true
      // the drags already holding the touch catch up with the finger (the pan began)
      for drag in drags where drag.isAdded && drag.drives(touch) {
        take(drag, from: tracker.down, finger: p, time: t)
      }
      catchingUp = true
      touchEvent(.dragBegan, touch)
      catchingUp = false
    }
  }

  func touchEnded(_ touch: String = defaultTouchName, at p: CGPoint, time t: TimeInterval) {
    touchMoved(touch, to: p, time: t)  // the lift sample moves the drags first
    guard let tracker = trackers[touch] else { return }
    tracker.hold?.cancel()
    if tracker.dragging {
      let samples = tracker.samples
      var v = CGPoint(
        x: Self.slope(samples.map { ($0.t, $0.p.x) }, window: velocityWindow),
        y: Self.slope(samples.map { ($0.t, $0.p.y) }, window: velocityWindow))
      var omega: CGFloat = 0
// hook: releaseEstimate
// hook end
      // the first drag holding an item decides what the item's velocity is
      if let drag = drags.first(where: { $0.isAdded && $0.drives(touch) }) {
        switch drag.mode {
        case .follow(let axis, _):
          if axis == .x { v.y = 0 } else if axis == .y { v.x = 0 }
        case .rotate:
          omega = Self.slope(drag.turns, window: velocityWindow)
// hook: rotateReleased
// hook end
          let c = drag.item.center
          v = CGPoint(x: -omega * (c.y - drag.pivot.y), y: omega * (c.x - drag.pivot.x))
        case .attachment:
          break
        }
      }
// hook: releaseSet
      release = (v, omega)
// hook end
      touchEvent(.dragEnded, touch)
    } else if !tracker.held {
      touchEvent(.tap, touch)
// hook: tap
// hook end
    }
    touchEvent(.touchUp, touch)
// hook: touchUp
// hook end
    trackers[touch] = nil
    for drag in drags where drag.holder == touch { drag.holder = nil }
  }

  private func holdFired(_ touch: String) {
    guard let tracker = trackers[touch], !tracker.dragging, !tracker.held else { return }
    trackers[touch]?.held = true
    touchEvent(.hold, touch)
  }
// section: drags
  /// A closed rectangle test (pt), as the scene's `within`.
  private static func within(
    _ p: CGPoint, _ x0: CGFloat, _ y0: CGFloat, _ x1: CGFloat, _ y1: CGFloat
  ) -> Bool {
    p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1
  }

  /// The least-squares slope of (t, value) over the samples within `window` of the last
  /// one (the last two if fewer fall in it; 0 for one sample).
  private static func slope(_ s: [(TimeInterval, CGFloat)], window: TimeInterval) -> CGFloat {
    guard s.count >= 2, let last = s.last else { return 0 }
    var used = Array(s.filter { last.0 - $0.0 <= window + 1e-9 })
    if used.count < 2 { used = Array(s.suffix(2)) }
    let n = CGFloat(used.count)
    let tMean = used.reduce(0) { $0 + CGFloat($1.0) } / n
    let vMean = used.reduce(0) { $0 + $1.1 } / n
    var stv: CGFloat = 0
    var stt: CGFloat = 0
    for (t, v) in used {
      stv += (CGFloat(t) - tMean) * (v - vMean)
      stt += (CGFloat(t) - tMean) * (CGFloat(t) - tMean)
    }
    return stt > 0 ? stv / stt : 0
  }

  /// Hands the finger's release velocity to items whose bodies a rule just made.
  private func handOver(to items: [UIView]) {
    let launch = UIDynamicItemBehavior(items: items)
    animator.addBehavior(launch)
    for item in items {
      launch.addLinearVelocity(release.velocity, for: item)
      if release.omega != 0 { launch.addAngularVelocity(release.omega, for: item) }
    }
    animator.removeBehavior(launch)
  }

  // MARK: - Drags

  /// A finger drag (FeelLab's `drag` behavior, not a UIKit class): while added, the touch
  /// handler moves its item (follow, rotate) or the anchor of an attachment to the finger.
  final class Drag {
    enum Axis { case x, y, both }
    /// A pan handler's clamp: the centre stays in `x`, `y`, rubber-banding past them
    /// by `rubberBand` (0: a hard stop) over `dimension` (docs/drags.md).
    struct Limits {
      var x: ClosedRange<CGFloat>?
      var y: ClosedRange<CGFloat>?
      var rubberBand: CGFloat
      var dimension: CGSize
    }
    enum Mode {
      case follow(axis: Axis, limits: Limits? = nil)
      case attachment(frequency: CGFloat, damping: CGFloat)
      case rotate(pivot: CGPoint?, deadZone: CGFloat)
    }
    let item: UIView
    /// The touch it follows; nil: every touch that goes down on its item, in turn.
    let touch: String?
    /// Without `touch`: the touch that began the current drag on the item.
    var holder: String?
    let mode: Mode
    var isAdded = false
    /// The item's centre and transform when the drag took hold.
    var center = CGPoint.zero
    var transform = CGAffineTransform.identity
    /// The finger's point the translation is measured from.
    var origin = CGPoint.zero
    var pivot = CGPoint.zero
    var lastAngle: CGFloat?
    /// The unwrapped turn since the drag took hold (rad), and its history for the release.
    var turn: CGFloat = 0
    var turns: [(TimeInterval, CGFloat)] = []
    var attachment: UIAttachmentBehavior?
    init(item: UIView, touch: String?, mode: Mode) {
      self.item = item
      self.touch = touch
      self.mode = mode
    }
    func drives(_ finger: String) -> Bool { (touch ?? holder) == finger }
  }

  private func add(_ drag: Drag) {
    guard !drag.isAdded else { return }
    drag.isAdded = true
    if drag.touch == nil, drag.holder == nil, let touch = ruleTouch, catchingUp,
      trackers[touch]?.onItem === drag.item
    {
      drag.holder = touch
    }
    // a drag added before its touch's pan began takes hold when it begins (touchMoved)
    guard let touch = drag.touch ?? drag.holder, let tracker = trackers[touch],
      tracker.dragging, let finger = tracker.samples.last
    else { return }
    // added by a drag-began rule: measured from the touch-down point, so the item catches up
    take(drag, from: catchingUp ? tracker.down : finger.p, finger: finger.p, time: finger.t)
  }

  private func remove(_ drag: Drag) {
    guard drag.isAdded else { return }
    drag.isAdded = false
    if drag.touch == nil { drag.holder = nil }
    if let a = drag.attachment { animator.removeBehavior(a) }
    drag.attachment = nil
  }

  private func take(_ drag: Drag, from origin: CGPoint, finger: CGPoint, time t: TimeInterval) {
    drag.center = drag.item.center
    drag.transform = drag.item.transform
    drag.origin = origin
// hook: take
// hook end
    switch drag.mode {
    case .follow:
      move(drag, to: finger, time: t)
    case .rotate(let pivot, _):
      drag.pivot = pivot ?? drag.item.center
      drag.lastAngle = nil
      drag.turn = 0
      drag.turns = []
      move(drag, to: origin, time: t)
      move(drag, to: finger, time: t)
    case .attachment(let frequency, let damping):
      // from the point of the item under the finger, in the item's own axes
      let c = drag.item.center
      let a = atan2(drag.item.transform.b, drag.item.transform.a)
      let dx = finger.x - c.x
      let dy = finger.y - c.y
      let offset = UIOffset(
        horizontal: cos(a) * dx + sin(a) * dy, vertical: -sin(a) * dx + cos(a) * dy)
      let b = UIAttachmentBehavior(
        item: drag.item, offsetFromCenter: offset, attachedToAnchor: finger)
      b.length = 0
      b.frequency = frequency
      b.damping = damping
      drag.attachment = b
      animator.addBehavior(b)
    }
  }

  private func move(_ drag: Drag, to p: CGPoint, time t: TimeInterval) {
    switch drag.mode {
    case .follow(let axis, let limits):
      var c = drag.center
      if axis != .y { c.x += p.x - drag.origin.x }
      if axis != .x { c.y += p.y - drag.origin.y }
      if let l = limits {
        if let x = l.x { c.x = Self.banded(c.x, x, l.rubberBand, l.dimension.width) }
        if let y = l.y { c.y = Self.banded(c.y, y, l.rubberBand, l.dimension.height) }
      }
      drag.item.center = c
    case .rotate(_, let deadZone):
      let dx = p.x - drag.pivot.x
      let dy = p.y - drag.pivot.y
      guard hypot(dx, dy) >= deadZone else { return }  // the dead spot: not tracked
      let angle = atan2(dy, dx)  // y down: clockwise on screen is positive
      if let last = drag.lastAngle {
        var d = angle - last
        if d > .pi { d -= 2 * .pi } else if d <= -.pi { d += 2 * .pi }
        drag.turn += d
      }
      drag.lastAngle = angle
      drag.turns.append((t, drag.turn))
      let (s, c) = (sin(drag.turn), cos(drag.turn))
      let rx = drag.center.x - drag.pivot.x
      let ry = drag.center.y - drag.pivot.y
      drag.item.center = CGPoint(
        x: drag.pivot.x + c * rx - s * ry, y: drag.pivot.y + s * rx + c * ry)
      drag.item.transform = drag.transform.rotated(by: drag.turn)
    case .attachment:
      drag.attachment?.anchorPoint = p
    }
  }

  /// UIScrollView's rubber band: inside `r` unchanged; x past an end, that end plus
  /// d·(1 − 1/(x·c/d + 1)) (c = 0: a hard stop).
  private static func banded(
    _ p: CGFloat, _ r: ClosedRange<CGFloat>, _ c: CGFloat, _ d: CGFloat
  ) -> CGFloat {
    if p > r.upperBound { return r.upperBound + d * (1 - 1 / ((p - r.upperBound) * c / d + 1)) }
    if p < r.lowerBound { return r.lowerBound - d * (1 - 1 / ((r.lowerBound - p) * c / d + 1)) }
    return p
  }
// section: pickHelpers
  /// Where a flick carries `point` when its velocity (pt/s) decays by `decelerationRate`
  /// each millisecond: v/1000 · r/(1 − r) further.
  private static func project(
    _ point: CGPoint, velocity: CGPoint, decelerationRate r: CGFloat
  ) -> CGPoint {
    let reach = r / (1 - r) / 1000
    return CGPoint(x: point.x + velocity.x * reach, y: point.y + velocity.y * reach)
  }

  /// The candidate nearest `point` (the first of equally near ones).
  private static func nearest(to point: CGPoint, among candidates: [CGPoint]) -> CGPoint {
    candidates.min {
      hypot($0.x - point.x, $0.y - point.y) < hypot($1.x - point.x, $1.y - point.y)
    }!
  }
// section: end
}
