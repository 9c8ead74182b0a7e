/// A 3-vector (float32): a joint's point impulse (x, y) and angular impulse (z), or the
/// velocity error of a weld or revolute joint.
struct Vec3: Sendable, Equatable {
  var x: Float
  var y: Float
  var z: Float

  static let zero = Vec3(x: 0, y: 0, z: 0)

  static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
  static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
  static prefix func - (a: Vec3) -> Vec3 { Vec3(x: -a.x, y: -a.y, z: -a.z) }
  static func * (s: Float, a: Vec3) -> Vec3 { Vec3(x: s * a.x, y: s * a.y, z: s * a.z) }
  static func += (a: inout Vec3, b: Vec3) { a = a + b }

  /// a · b.
  static func dot(_ a: Vec3, _ b: Vec3) -> Float { a.x * b.x + a.y * b.y + a.z * b.z }
  /// a × b.
  static func cross(_ a: Vec3, _ b: Vec3) -> Vec3 {
    Vec3(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
  }
}

/// A 3×3 matrix by columns (float32): the effective mass of a weld, revolute or prismatic
/// joint. Singular systems give zero (Cramer's rule with a zero determinant left at zero), as
/// the solvers of Box2D 2.2.1 do: a weld between two bodies that cannot turn then pushes
/// nothing (docs/uikit-dynamics-model.md, "Attachment kinds").
struct Mat33: Sendable, Equatable {
  var ex: Vec3
  var ey: Vec3
  var ez: Vec3

  static let zero = Mat33(ex: .zero, ey: .zero, ez: .zero)

  /// M·v.
  func times(_ v: Vec3) -> Vec3 { v.x * ex + v.y * ey + v.z * ez }

  /// x with M·x = b, by Cramer's rule (zero when M is singular).
  func solve33(_ b: Vec3) -> Vec3 {
    var det = Vec3.dot(ex, Vec3.cross(ey, ez))
    if det != 0 { det = 1 / det }
    return Vec3(
      x: det * Vec3.dot(b, Vec3.cross(ey, ez)),
      y: det * Vec3.dot(ex, Vec3.cross(b, ez)),
      z: det * Vec3.dot(ex, Vec3.cross(ey, b)))
  }

  /// x with the upper-left 2×2 block times x = b (zero when the block is singular).
  func solve22(_ b: Vec2) -> Vec2 {
    let a11 = ex.x
    let a12 = ey.x
    let a21 = ex.y
    let a22 = ey.y
    var det = a11 * a22 - a12 * a21
    if det != 0 { det = 1 / det }
    return Vec2(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a21 * b.x))
  }

  /// The inverse of a symmetric M (zero when M is singular).
  func symmetricInverse() -> Mat33 {
    var det = Vec3.dot(ex, Vec3.cross(ey, ez))
    if det != 0 { det = 1 / det }
    let a11 = ex.x
    let a12 = ey.x
    let a13 = ez.x
    let a22 = ey.y
    let a23 = ez.y
    let a33 = ez.z
    let m11 = det * (a22 * a33 - a23 * a23)
    let m12 = det * (a13 * a23 - a12 * a33)
    let m13 = det * (a12 * a23 - a13 * a22)
    let m22 = det * (a11 * a33 - a13 * a13)
    let m23 = det * (a13 * a12 - a11 * a23)
    let m33 = det * (a11 * a22 - a12 * a12)
    return Mat33(
      ex: Vec3(x: m11, y: m12, z: m13), ey: Vec3(x: m12, y: m22, z: m23),
      ez: Vec3(x: m13, y: m23, z: m33))
  }

  /// The point-and-angle mass matrix of two anchors rA, rB (m, from the centres of mass) on
  /// bodies of inverse masses mA, mB and inverse inertias iA, iB: the K of a weld joint and of
  /// a revolute joint.
  static func pointAngle(rA: Vec2, rB: Vec2, mA: Float, mB: Float, iA: Float, iB: Float)
    -> Mat33
  {
    let xx = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
    let xy = -rA.y * rA.x * iA - rB.y * rB.x * iB
    let xz = -rA.y * iA - rB.y * iB
    let yy = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
    let yz = rA.x * iA + rB.x * iB
    let zz = iA + iB
    return Mat33(
      ex: Vec3(x: xx, y: xy, z: xz), ey: Vec3(x: xy, y: yy, z: yz), ez: Vec3(x: xz, y: yz, z: zz))
  }
}

/// x with the 2×2 matrix [k11 k12; k12 k22]·x = b (zero when it is singular).
func solveSymmetric22(k11: Float, k12: Float, k22: Float, _ b: Vec2) -> Vec2 {
  var det = k11 * k22 - k12 * k12
  if det != 0 { det = 1 / det }
  return Vec2(det * (k22 * b.x - k12 * b.y), det * (k11 * b.y - k12 * b.x))
}
