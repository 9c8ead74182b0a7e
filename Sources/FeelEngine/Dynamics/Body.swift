/// A dynamic rigid body (a UIKit item's body) in engine units: metres, radians, kg, seconds.
/// Its origin is its centre of mass.
struct Body: Sendable {
  var sweep: BodySweep
  var xf: Transform
  /// Linear velocity (m/s) and angular velocity (rad/s).
  var v: Vec2
  var w: Float
  /// Force (N) and torque (N·m) accumulated until the animator clears them each frame.
  var force: Vec2 = .zero
  var torque: Float = 0
  var mass: Float
  var invMass: Float
  /// Rotational inertia about the centre (kg·m²); 0 when rotation is not allowed.
  var inertia: Float
  var invI: Float
  /// Damping rates (1/s).
  var linearDamping: Float
  var angularDamping: Float
  /// Acceleration from the gravity behavior the item is in (m/s²), zero otherwise.
  var gravity: Vec2 = .zero
  var shape: BoxShape
  var friction: Float
  var restitution: Float
  var awake = true
  /// Time (s) the body has been slower than the sleep tolerances.
  var sleepTime: Float = 0
  /// Gravity and push behaviors make their items bullets (continuous collision against other
  /// dynamic bodies; static boundaries always get it).
  var bullet = false
  /// Broad-phase fat box (m) and proxy id (creation order).
  var fatAABB = AABB(lower: .zero, upper: .zero)
  var proxyID = 0

  init(
    position: Vec2, angle: Float, velocity: Vec2, angularVelocity: Float, shape: BoxShape,
    mass: MassData, material: BodyMaterial
  ) {
    sweep = BodySweep(c0: position, c: position, a0: angle, a: angle, alpha0: 0)
    xf = Transform(p: position, q: Rotation(angle_rad: angle))
    v = velocity
    w = angularVelocity
    self.shape = shape
    self.mass = 0
    invMass = 0
    inertia = 0
    invI = 0
    linearDamping = material.linearDamping
    angularDamping = material.angularDamping
    friction = material.friction
    restitution = material.restitution
    setMass(mass, fixedRotation: material.fixedRotation)
  }

  mutating func setMass(_ data: MassData, fixedRotation: Bool) {
    mass = data.mass
    invMass = mass > 0 ? 1 / mass : 0
    if data.inertia > 0 && !fixedRotation {
      inertia = data.inertia
      invI = 1 / inertia
    } else {
      inertia = 0
      invI = 0
    }
  }

  mutating func synchronizeTransform() {
    xf = Transform(p: sweep.c, q: Rotation(angle_rad: sweep.a))
  }

  /// Moves the body to fraction alpha of the sub-step along its sweep (continuous collision).
  mutating func advance(to alpha: Float, form: SweepAdvanceForm) {
    sweep.advance(to: alpha, form: form)
    sweep.c = sweep.c0
    sweep.a = sweep.a0
    synchronizeTransform()
  }

  mutating func setAwake(_ flag: Bool) {
    if flag {
      if !awake {
        awake = true
        sleepTime = 0
      }
    } else {
      awake = false
      sleepTime = 0
      v = .zero
      w = 0
      force = .zero
      torque = 0
    }
  }
}

/// Surface and damping properties of a body, already in engine units.
struct BodyMaterial: Sendable, Equatable {
  var friction: Float
  var restitution: Float
  var linearDamping: Float
  var angularDamping: Float
  var fixedRotation: Bool
}
