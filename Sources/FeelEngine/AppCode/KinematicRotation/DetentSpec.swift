import Foundation

/// FeelLab's `detent` behavior (docs/tempo-dial.md, "The detent's law"; not UIKit's): the item
/// comes to rest on one of `count` angles, phase + 2πk/count. Once the item turns slower than
/// `engageBelow_rad_s`, the detent takes it over kinematically (ending a coast, or taking a
/// body out of the world, as an app's own spring animation would) and moves it with a damped
/// rotational spring towards the rest angle nearest to where the item would have stopped,
/// integrated exactly frame by frame, until it lands exactly on it.
public struct DetentSpec: Sendable, Equatable {
  /// The number of rest angles (values), ≥ 1.
  public var count: Int
  /// Rest angles: phase + 2πk/count (rad). With the seed's layout (label k's text at
  /// 2πk/N + π), the pointer stands at screen angle phase + π about the item's centre.
  public var phase_rad: Double
  /// The spring's natural frequency (Hz, > 0).
  public var frequency_hz: Double
  /// The spring's damping ratio (≥ 0; 1 is critical).
  public var damping: Double
  /// The spring takes over once the item's angular speed is below this (rad/s, > 0).
  public var engageBelow_rad_s: Double

  /// The approach is finished (the item placed exactly on its rest angle) once the spring's
  /// undamped amplitude, √(x² + (v/ω_n)²), is at most this (rad): the spring would never take
  /// the item farther than this from the rest angle again, so the last placement moves it by
  /// less. 1e-4 rad is 0.012 pt at the rim of a 240 pt disc: invisible, and ten times inside
  /// the contract's 1e-3 rad (docs/tempo-dial.md, "The detent's law").
  public static let landingAmplitude_rad = 1e-4

  /// The scene file's defaults are the scene schema's (FeelScene's `SceneSchema.detent`).
  public init(
    count: Int, phase_rad: Double, frequency_hz: Double, damping: Double,
    engageBelow_rad_s: Double
  ) {
    self.count = count
    self.phase_rad = phase_rad
    self.frequency_hz = frequency_hz
    self.damping = damping
    self.engageBelow_rad_s = engageBelow_rad_s
  }

  /// The spacing of the rest angles (rad): 2π / count.
  public var spacing_rad: Double { 2 * Double.pi / Double(count) }

  /// The index k (any integer: indices `count` apart name the same value, a turn apart) of
  /// the rest angle nearest `angle_rad`; halfway between two, the larger.
  public func nearestIndex(to angle_rad: Double) -> Int {
    Int(((angle_rad - phase_rad) / spacing_rad + 0.5).rounded(.down))
  }

  /// Rest angle k: phase + 2πk/count (rad).
  public func restAngle(_ k: Int) -> Double { phase_rad + Double(k) * spacing_rad }

  /// The value index 0…count−1 of rest angle k.
  public func value(_ k: Int) -> Int {
    let n = count
    return ((k % n) + n) % n
  }

  /// The seed's label under the pointer when the item rests at rest angle k: label j's text
  /// sits at the item's angle + 2πj/N + π and the pointer at phase + π, so at angle
  /// phase + 2πk/N the label there is j = −k (mod N). Turning clockwise (k up) brings labels of
  /// lower index under the pointer.
  public func label(atRestAngle k: Int) -> Int { value(-k) }

  /// The pointer's screen angle about the item's centre (rad, y down): label 0 of the seed's
  /// layout (its text at local angle π) is under it when the item's angle is `phase_rad`.
  public var pointerAngle_rad: Double { phase_rad + Double.pi }
}
