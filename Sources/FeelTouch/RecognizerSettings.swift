/// The recognizer's constants, with UIKit's defaults (the scene file's `[recognizer]` table).
/// One recognizer per touch turns its samples into tap, hold and drag events
/// (`TouchRecognizer`).
public struct RecognizerSettings: Sendable, Equatable {
  /// A touch that moves farther than this from where it went down is a drag (pt, ≥ 0).
  /// UIKit: `UILongPressGestureRecognizer.allowableMovement`, default 10 pt.
  public var slop_pt: Double = 10
  /// A touch still down this long and not a drag is a hold (s, > 0).
  /// UIKit: `UILongPressGestureRecognizer.minimumPressDuration`, default 0.5 s.
  public var hold_s: Double = 0.5
  /// The release velocity is fitted over the samples of the last window (s, > 0): about the
  /// six most recent 60 Hz touch events, as UIPanGestureRecognizer's `velocity(in:)` looks
  /// at the last few events (Apple publishes no number; FeelLab's choice, in the contract).
  public var velocityWindow_s: Double = 0.1

  public init() {}

  public init(slop_pt: Double, hold_s: Double, velocityWindow_s: Double) {
    self.slop_pt = slop_pt
    self.hold_s = hold_s
    self.velocityWindow_s = velocityWindow_s
  }

  /// UIKit's defaults.
  public static let uikit = RecognizerSettings()
}
