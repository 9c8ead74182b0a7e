import FeelCore

extension WorldField {
  /// The noise field's force (N) on a body at origin `c` (m), `fall` the falloff at its
  /// distance from the field's position, at world time `t_s` (s, after the sub-step, summed in
  /// double): UIKit's, in float (docs/fields.md, "Noise and turbulence"). The noise is read at
  /// fr·(c + T − position, T) with T = (float)(t_s × animation speed) and
  /// fr = 1.25 / (max(smoothness, 0) + 1/12) − 1, its gradients turned by the angle T; the
  /// force is the noise's derivative times the falloff, times the noise, times the strength.
  /// The turbulence field multiplies it by the mass and the speed squared (the caller).
  func noiseForce(at c: Vec2, fall: Float, t_s: Double) -> Vec2 {
    let time = Float(t_s * Double(animationSpeed))
    let frequency = 1.25 / (max(smoothness, 0) + NoiseDefaults.smoothnessOffset) - 1
    let (sinT, cosT) = PortableMath.sinCos(float: time)
    let l = (x: (c.x + time) - position.x, y: (c.y + time) - position.y, z: time)
    let sample = SimplexNoise.evaluate(
      frequency * l.x, frequency * l.y, frequency * l.z, sin: sinT, cos: cosT)
    return Vec2(
      ((sample.dx * fall) * sample.noise) * strength,
      ((sample.dy * fall) * sample.noise) * strength)
  }
}

/// UIKit's constants of the noise field (measured: docs/fields.md, "Noise and turbulence").
enum NoiseDefaults {
  /// fr = 1.25 / (max(smoothness, 0) + this) − 1: 1/12 as a float, so smoothness 0 gives 14.
  static let smoothnessOffset: Float = 0.083_333_335_8
}
