import FeelCore

/// A field as the world evaluates it, in engine units (m, m/s, kg, N): UIKit's formulas with
/// their quirks (docs/fields.md, "Forces"), evaluated once per sub-step inside the island
/// solve from the body's position and velocity at the start of the sub-step. Plain values
/// only (the bodies it acts on are the world's `fieldBodies`), so reading one in the sub-step
/// retains nothing.
struct WorldField: Sendable {
  var kind: FieldKind
  /// The field's origin (m), stored as UIKit stores it: (float)x_pt × 0.01f.
  var position: Vec2
  var strength: Float
  var falloff: Float
  /// m, stored as (float)r_pt × 0.01f.
  var minimumRadius: Float
  /// UIKit's CGVector as float (m/s² or m/s; not scaled by 100).
  var direction: Vec2
  var smoothness: Float
  var animationSpeed: Float
  var region: FieldRegion
  /// The behavior that added it.
  var owner: Int
  /// Whether `region` holds every point (then `holds` tests nothing).
  let regionIsInfinite: Bool
  /// The origin in points as the region test reads it back, Double(position) × 100 (computed
  /// once: the same bits the test computed each sub-step).
  let regionOrigin_pt: Point

  init(_ spec: FieldSpec, owner: Int) {
    kind = spec.kind
    let toMetres = Float(EngineConstants.metresPerPoint)
    position = Vec2(Float(spec.position_pt.x) * toMetres, Float(spec.position_pt.y) * toMetres)
    strength = Float(spec.strength)
    falloff = Float(spec.resolvedFalloff)
    minimumRadius = Float(spec.minimumRadius_pt) * toMetres
    direction = Vec2(Float(spec.direction.x), Float(spec.direction.y))
    smoothness = spec.kind.isNoise ? Float(spec.smoothness) : 0
    animationSpeed = spec.kind.isNoise ? Float(spec.animationSpeed) : 0
    region = spec.region
    self.owner = owner
    regionIsInfinite = spec.region.isInfinite
    let ptm = Self.pointsPerMetre
    regionOrigin_pt = Point(Double(position.x) * ptm, Double(position.y) * ptm)
  }

  /// Points per metre as the region test uses it (the engine's float constant, widened).
  static var pointsPerMetre: Double { Double(Float(EngineConstants.pointsPerMetre)) }

  /// Whether the region holds a body whose origin (the item's centre) is `origin` (m): the
  /// test is UIKit's, in points, on (centre − position) as UIKit reads both back.
  func holds(origin: Vec2) -> Bool {
    if regionIsInfinite { return true }
    let ptm = Self.pointsPerMetre
    let p = Point(
      Double(origin.x) * ptm - regionOrigin_pt.x, Double(origin.y) * ptm - regionOrigin_pt.y)
    return region.contains(p)
  }

  /// fall(r) = 1 when |falloff| < 2⁻¹⁵, else max(r, minimum radius)^(−falloff), computed in
  /// double with FeelCore's portable math (the same bits on every platform), rounded to float.
  func fall(_ r: Float) -> Float {
    if abs(falloff) < FieldDefaults.zeroThreshold { return 1 }
    let x = Double(r < minimumRadius ? minimumRadius : r)
    let k = Double(falloff)
    switch k {
    case -1: return Float(x)
    case 1: return Float(1 / x)
    case 2: return Float(1 / (x * x))
    case -2: return Float(x * x)
    default:
      if x == 0 { return k > 0 ? .infinity : 0 }
      return Float(PortableMath.exp(-k * PortableMath.log(x)))
    }
  }

  /// The force (N) on a body at origin `c` (m) moving at `v` (m/s), of mass `m` (kg) and
  /// charge `q`; zero for the velocity field (`velocity(…)`) and outside the region (the
  /// caller tests `holds`). Noise and turbulence read the world time `t_s` after the sub-step.
  func force(at c: Vec2, v: Vec2, m: Float, q: Float, t_s: Double) -> Vec2 {
    let threshold = FieldDefaults.zeroThreshold
    let s = strength
    let d = c + (-position)
    let r = (d.x * d.x + d.y * d.y).squareRoot()
    switch kind {
    case .linearGravity:
      if abs(m * s) < threshold { return .zero }
      return fall(r) * (m * (s * direction))
    case .radialGravity:
      if abs(m * s) < threshold { return .zero }
      if r * r < 1e-5 { return .zero }
      return ((-(m * s)) * fall(r)) * Vec2(d.x / r, d.y / r)
    case .spring:
      if abs(s) < threshold { return .zero }
      if r < 1e-5 { return .zero }
      return (-s * fall(r)) * Vec2(d.x / r, d.y / r)
    case .electric:
      if abs(q * s) < threshold { return .zero }
      // UIKit divides by r = 0 (a NaN force); FeelLab gives no force there.
      if r == 0 { return .zero }
      return ((q * s) * fall(r)) * Vec2(d.x / r, d.y / r)
    case .magnetic:
      if abs(q * s) < threshold { return .zero }
      return (s * fall(r)) * Vec2(v.y, -v.x)
    case .vortex:
      if abs(m * s) < threshold { return .zero }
      if r == 0 { return .zero }
      let f = (-s * fall(r)) * Vec2(d.y / r, -d.x / r)
      return Vec2(f.x / m, f.y / m)
    case .drag:
      if abs(s) < threshold { return .zero }
      let u = v - direction
      let speed = (u.x * u.x + u.y * u.y).squareRoot()
      if speed <= threshold { return .zero }
      return fall(r) * (-s * (speed * u))
    case .velocity:
      return .zero
    case .noise, .turbulence:
      if abs(s) < threshold { return .zero }
      let f = noiseForce(at: c, fall: fall(r), t_s: t_s)
      if kind == .noise { return f }
      let speed = (v.x * v.x + v.y * v.y).squareRoot()
      return Vec2(((f.x * m) * speed) * speed, ((f.y * m) * speed) * speed)
    }
  }
}
