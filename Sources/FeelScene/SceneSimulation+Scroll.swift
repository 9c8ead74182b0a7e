/// A scroll behavior during a run (docs/springy-list.md): the content offset and what moves it.
struct ScrollRun: Sendable {
  /// What moves the offset now.
  enum Phase: Sendable, Equatable {
    case idle
    /// A finger scrolls: the offset is `startOffset_pt` minus the finger's translation along
    /// the axis since `start_pt`.
    case dragging(touch: Int, startOffset_pt: Double, start_pt: Point)
    /// After the lift on frame `liftFrame` at offset `liftOffset_pt`: UIScrollView's
    /// deceleration from the offset velocity `v0_pt_s`; `touch` is the lifted finger.
    case decelerating(touch: Int, v0_pt_s: Double, liftOffset_pt: Double, liftFrame: Int)
  }

  /// Index of the behavior in the scene (and the animator).
  let behavior: Int
  let spec: ScrollSpec
  /// The cells it nudges (item indices).
  let items: [Int]
  /// For each cell, the scene's attachments to a point on it, in file order: the first of them
  /// in the animator gives the anchor the handler reads.
  let springs: [[Int]]
  /// The named touch's index; nil: any touch inside the reference view (or none yet named).
  var namedTouch: Int?
  var phase = Phase.idle
  /// The content offset along the axis (pt).
  var offset_pt = 0.0
  /// Whether the offset changed in the latest frame (it then has a `scroll:ID` row).
  var moved = false

  /// The scene's scroll behaviors.
  static func runs(_ scene: Scene, touchIDs: [String], itemIndex: (String) -> Int?)
    -> [ScrollRun]
  {
    scene.behaviors.indices.compactMap { b in
      guard case .scroll(let spec) = scene.behaviors[b].kind else { return nil }
      let ids = scene.behaviors[b].items.filter { itemIndex($0) != nil }
      let springs = ids.map { id in
        scene.behaviors.indices.filter { a in
          guard case .attachment(let s) = scene.behaviors[a].kind, case .anchor = s.target else {
            return false
          }
          return scene.behaviors[a].items.first == id
        }
      }
      return ScrollRun(
        behavior: b, spec: spec, items: ids.compactMap(itemIndex), springs: springs,
        namedTouch: spec.touch.flatMap { touchIDs.firstIndex(of: $0) })
    }
  }

  /// Whether it decelerates (it keeps the scene running).
  var isDecelerating: Bool {
    if case .decelerating = phase { true } else { false }
  }
}

extension SceneSimulation {
  /// Whether a scroll decelerates: its nudges keep the scene running.
  @inline(__always) var scrollKeepsRunning: Bool {
    hasScrolls && touches!.scrolls.contains { $0.isDecelerating }
  }

  /// Whether a scroll's offset changed in the latest frame.
  public var scrollMoved: Bool {
    touches?.scrolls.contains { $0.moved } ?? false
  }

  /// The `scroll:ID` rows of the current frame: each scroll whose offset changed in it, with
  /// its content offset (pt).
  public var scrollRows: [(id: String, offset_pt: Point)] {
    guard let touches else { return [] }
    return touches.scrolls.filter(\.moved).map {
      (scene.behaviors[$0.behavior].id, $0.spec.point(along: $0.offset_pt))
    }
  }

  /// Touch `i` went down at `point_pt` (screen): a scroll it drives takes it, stopping a
  /// deceleration at once, as UIScrollView does. A scroll without a named touch takes a touch
  /// inside the reference view (anywhere without a reference size) while no other finger
  /// scrolls it.
  mutating func scrollTouchDown(of i: Int, at point_pt: Point) {
    for s in touches!.scrolls.indices {
      let run = touches!.scrolls[s]
      guard animator.present.contains(run.behavior) else { continue }
      if let named = run.namedTouch {
        guard named == i else { continue }
      } else {
        if case .dragging = run.phase { continue }
        if let size = scene.referenceSize_pt,
          !(0...size.x).contains(point_pt.x) || !(0...size.y).contains(point_pt.y)
        {
          continue
        }
      }
      touches!.scrolls[s].phase = .dragging(
        touch: i, startOffset_pt: run.offset_pt, start_pt: point_pt)
    }
  }

  /// Touch `i` lifted on frame `k` at `point_pt`: a scroll it drove decelerates from minus
  /// the finger's release velocity along the axis, or stops if that travels under the stop
  /// rule's 0.5 pt.
  mutating func scrollTouchUp(of i: Int, at point_pt: Point, frame k: Int) {
    let release = touches!.timeline.recognizers[i].releaseVelocity_pt_s
    for s in touches!.scrolls.indices {
      let run = touches!.scrolls[s]
      guard case .dragging(let touch, let startOffset, let start) = run.phase, touch == i else {
        continue
      }
      let spec = run.spec
      let v0 = -spec.along(release)
      let liftOffset = startOffset - (spec.along(point_pt) - spec.along(start))
      touches!.scrolls[s].phase =
        spec.travelLeft_pt(velocity: v0) < ScrollSpec.stopTravel_pt
        ? .idle
        : .decelerating(touch: i, v0_pt_s: v0, liftOffset_pt: liftOffset, liftFrame: k)
    }
  }

  /// Frame `k`, before its step: each scroll in the animator takes its new offset, and the
  /// change nudges its cells (the layout's bounds-change handler), the finger read at its
  /// latest sample plus the offset before the change (content coordinates).
  mutating func moveScrolls(frame k: Int) {
    for s in touches!.scrolls.indices {
      touches!.scrolls[s].moved = false
      let run = touches!.scrolls[s]
      guard animator.present.contains(run.behavior) else {
        touches!.scrolls[s].phase = .idle
        continue
      }
      let spec = run.spec
      let offset: Double
      let touch: Int
      switch run.phase {
      case .idle:
        continue
      case .dragging(let i, let startOffset, let start):
        guard let finger = touches!.timeline.latest(i) else { continue }
        touch = i
        offset = startOffset - (spec.along(finger.point_pt) - spec.along(start))
      case .decelerating(let i, let v0, let liftOffset, let liftFrame):
        touch = i
        let t = Double(k - liftFrame) / scene.frameRate_hz
        if spec.travelLeft_pt(velocity: v0 * spec.decay(after: t)) < ScrollSpec.stopTravel_pt {
          touches!.scrolls[s].phase = .idle
          continue
        }
        offset = k == liftFrame ? liftOffset : liftOffset + spec.travel(v0_pt_s: v0, after: t)
      }
      let delta = offset - run.offset_pt
      guard delta != 0, let finger = touches!.timeline.latest(touch) else { continue }
      let before = spec.point(along: run.offset_pt)
      let touch_pt = Point(finger.point_pt.x + before.x, finger.point_pt.y + before.y)
      touches!.scrolls[s].offset_pt = offset
      touches!.scrolls[s].moved = true
      for (k, item) in run.items.enumerated() {
        var anchor: Point?
        for b in run.springs[k] {
          anchor = animator.attachmentAnchor(b)
          if anchor != nil { break }
        }
        guard let anchor else { continue }
        let n = ScrollSpec.nudge(
          delta: delta, resistance: spec.resistance(touch_pt: touch_pt, anchor_pt: anchor))
        animator.updateItem(item, movedBy: spec.point(along: n))
      }
    }
  }
}
