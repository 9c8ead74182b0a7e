/// What the recognizer made of one trace: the first of drag-began, hold and tap to fire, the
/// gesture an app would have acted on. A hold that a drag follows (a long press that then
/// moves) reads as a hold; a drag that a hold cannot follow any more reads as a drag.
///
/// The trace goes through `TouchTimeline` as a scene's touch does (its samples and its hold in
/// time order, ties to the hold), without frames: every event is delivered by its own time, so
/// the frame rate plays no part in the reading.
public struct GestureReading: Sendable, Equatable {
  /// What the trace was read as.
  public var gesture: GestureLabel
  /// When it was decided (s from the touch-down): the sample that began the drag, the hold
  /// time, or the lift that made the tap.
  public var t_s: Double
  /// The index of that sample in the trace; nil for a hold (a timer, not a sample).
  public var sample: Int?

  public init(gesture: GestureLabel, t_s: Double, sample: Int?) {
    self.gesture = gesture
    self.t_s = t_s
    self.sample = sample
  }

  /// Reads `samples` (at least one, times increasing) with `settings`; stops at the first
  /// deciding event.
  public static func read(_ samples: [TouchSample], settings: RecognizerSettings)
    -> GestureReading
  {
    precondition(!samples.isEmpty, "a trace has at least one sample")
    var timeline = TouchTimeline(traces: [samples], settings: settings)
    let down = samples[0].t_s
    while let delivery = timeline.deliverNext(through: .infinity) {
      let t = delivery.t_s - down
      if delivery.events.contains(.dragBegan) {
        return GestureReading(gesture: .drag, t_s: t, sample: delivery.sample)
      }
      if delivery.events.contains(.hold) {
        return GestureReading(gesture: .hold, t_s: t, sample: nil)
      }
      if delivery.events.contains(.tap) {
        return GestureReading(gesture: .tap, t_s: t, sample: delivery.sample)
      }
    }
    preconditionFailure("a lifted touch fires a tap, a hold or a drag")
  }
}
