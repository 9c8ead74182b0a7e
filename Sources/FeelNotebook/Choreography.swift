import FeelScene

/// What the finger does before t = 0, so the replay shows the whole gesture: the notebook
/// stores these frames ahead of the scene's frame 0. They are kinematic (the bar follows the
/// finger 1:1 during a drag, as the sample project moves it), not simulated.
public struct Choreography: Sendable, Equatable {
  /// Frames shown before frame 0.
  public var frames: Int
  /// The frame (≤ 0) at which the drag begins and the timeline starts expanding; nil when the
  /// gesture is not a drag.
  public var dragStart: Int?
  /// Centre positions for frames −frames … −1 (pt).
  public var positions: [Point]

  /// Still time before a gesture starts (s).
  public static let lead_s = 0.3
  /// Still time before a tap (s).
  public static let tapLead_s = 0.4
  /// Finger speed of the drag: its duration is `dragBase_s + distance / dragSpeed_pt_s`,
  /// within `dragMin_s`…`dragMax_s`. Always longer than the 0.2 s expand animation, so the
  /// scrub commits.
  public static let dragBase_s = 0.25
  public static let dragSpeed_pt_s = 500.0
  public static let dragMin_s = 0.3
  public static let dragMax_s = 0.8

  public init(for reading: ControlReading, frameRate_hz: Double) {
    func frames(_ seconds: Double) -> Int { max(1, Int((seconds * frameRate_hz).rounded())) }
    switch reading.gesture {
    case .release(let d):
      let distance = (d.x * d.x + d.y * d.y).squareRoot()
      let seconds = min(
        Self.dragMax_s, max(Self.dragMin_s, Self.dragBase_s + distance / Self.dragSpeed_pt_s))
      let hold = frames(Self.lead_s)
      let drag = frames(seconds)
      var positions = Array(repeating: reading.rest_pt, count: hold)
      for k in 1...drag {
        let u = Self.ease(Double(k) / Double(drag))
        positions.append(
          Point(reading.rest_pt.x + d.x * u, reading.rest_pt.y + d.y * u))
      }
      positions[positions.count - 1] = reading.start_pt
      self.frames = positions.count
      dragStart = -drag
      self.positions = positions
    case .tap:
      let hold = frames(Self.tapLead_s)
      self.frames = hold
      dragStart = nil
      positions = Array(repeating: reading.start_pt, count: hold)
    case .other:
      let hold = frames(Self.lead_s)
      self.frames = hold
      dragStart = nil
      positions = Array(repeating: reading.start_pt, count: hold)
    }
  }

  /// Ease in and out (smoothstep), 0 → 0 and 1 → 1.
  static func ease(_ u: Double) -> Double { u * u * (3 - 2 * u) }
}
