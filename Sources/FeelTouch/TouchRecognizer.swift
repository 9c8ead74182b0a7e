import FeelEngine

/// One finger's recognizer, as a UIKit control's touch handling decides between tap, hold and
/// drag (docs/touches.md, "The recognizer"). A pure value type: feed it the touch's samples in
/// time order with `receive(_:isLift:)`, and fire the hold with `fireHold()` when the clock
/// passes `holdTime_s` (`TouchTimeline` does both at a scene's frame times). It knows nothing
/// of scenes, so a sweep can run it over a corpus of recorded or synthetic touches.
///
/// - touch-down at the first sample;
/// - drag-began at the first sample farther than the slop from the touch-down point
///   (|p − p_down| > slop: a move of exactly the slop is not a drag);
/// - hold once the touch has been down for the hold time with no drag begun (at most once; a
///   drag may still begin after a hold);
/// - at the lift (the last sample): tap if no drag began and no hold fired, drag-ended (with
///   the release velocity) if a drag began, then touch-up.
public struct TouchRecognizer: Sendable {
  public enum Phase: Sendable, Equatable {
    /// No sample yet.
    case waiting
    /// Down: at least one sample, not lifted.
    case down
    /// The last sample has been received.
    case lifted
  }

  public let settings: RecognizerSettings
  public private(set) var phase = Phase.waiting
  /// The samples received, in order (the first is the touch-down).
  public private(set) var samples: [TouchSample] = []
  /// A drag began (and, after the lift, the touch was a drag).
  public private(set) var isDragging = false
  /// The hold fired.
  public private(set) var didHold = false
  /// The release velocity (pt/s), set at the lift of a drag (`VelocityFit` over the samples).
  public private(set) var releaseVelocity_pt_s = Point(0, 0)

  /// `capacity`: the number of samples to expect, reserved up front so that receiving them
  /// allocates nothing.
  public init(settings: RecognizerSettings = .uikit, capacity: Int = 0) {
    self.settings = settings
    samples.reserveCapacity(capacity)
  }

  /// Where and when the touch went down; nil before the first sample.
  public var touchDown: TouchSample? { samples.first }

  /// The latest sample; nil before the first.
  public var latest: TouchSample? { samples.last }

  /// The finger's translation since touch-down (pt), as UIPanGestureRecognizer reports it.
  public var translation_pt: Point {
    guard let first = samples.first, let last = samples.last else { return Point(0, 0) }
    return Point(last.point_pt.x - first.point_pt.x, last.point_pt.y - first.point_pt.y)
  }

  /// When the hold fires (s): touch-down + hold time, while the touch is down, no drag has
  /// begun and no hold has fired; nil otherwise.
  public var holdTime_s: Double? {
    guard phase == .down, !isDragging, !didHold, let down = samples.first else { return nil }
    return down.t_s + settings.hold_s
  }

  /// Takes the next sample (`isLift`: the touch's last). Times must increase. Returns the
  /// events it produced, in order.
  public mutating func receive(_ sample: TouchSample, isLift: Bool) -> TouchEventKinds {
    precondition(phase != .lifted, "a sample after the lift")
    precondition(samples.last.map { sample.t_s > $0.t_s } ?? true, "sample times must increase")
    var events = TouchEventKinds()
    samples.append(sample)
    if phase == .waiting {
      phase = .down
      events.insert(.touchDown)
    } else if !isDragging {
      let down = samples[0].point_pt
      let dx = sample.point_pt.x - down.x
      let dy = sample.point_pt.y - down.y
      if dx * dx + dy * dy > settings.slop_pt * settings.slop_pt {
        isDragging = true
        events.insert(.dragBegan)
      }
    }
    if isLift {
      phase = .lifted
      if isDragging {
        releaseVelocity_pt_s = fittedVelocity
        events.insert(.dragEnded)
      } else if !didHold {
        events.insert(.tap)
      }
      events.insert(.touchUp)
    }
    return events
  }

  /// Fires the hold (call it once the clock reaches `holdTime_s`); returns `[.hold]`, or no
  /// event when no hold is due.
  public mutating func fireHold() -> TouchEventKinds {
    guard holdTime_s != nil else { return TouchEventKinds() }
    didHold = true
    var events = TouchEventKinds()
    events.insert(.hold)
    return events
  }

  /// The velocity fitted to the samples received so far (pt/s).
  public var fittedVelocity: Point {
    samples.withUnsafeBufferPointer { s in
      let window = settings.velocityWindow_s
      return Point(
        VelocityFit.slope(
          count: s.count, window_s: window, time: { s[$0].t_s }, value: { s[$0].point_pt.x }),
        VelocityFit.slope(
          count: s.count, window_s: window, time: { s[$0].t_s }, value: { s[$0].point_pt.y }))
    }
  }
}
