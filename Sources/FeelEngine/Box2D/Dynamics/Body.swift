/// Whether a body moves: a dynamic body integrates forces and is pushed by contacts; a
/// static one (an `anchored` item) stays where it is, and others collide with it as with a
/// wall (Box2D's b2_dynamicBody, b2_staticBody).
enum BodyType: Sendable, Equatable {
  case dynamic
  case `static`
}

/// A rigid body (an item's, or a group's) in engine units: metres, radians, kg, seconds.
/// Its origin is the item's centre (or the group's); its centre of mass, which the sweep
/// follows, sits at `sweep.localCenter` in its frame (zero for an item's box).
package struct Body: Sendable {
  package var sweep: BodySweep
  package var xf: Transform
  /// Linear velocity of the centre of mass (m/s) and angular velocity (rad/s).
  package var v: Vec2
  package var w: Float
  /// Force (N) and torque (N·m) accumulated until the animator clears them each frame.
  package var force: Vec2 = .zero
  package var torque: Float = 0
  var mass: Float
  package var invMass: Float
  /// Rotational inertia about the centre of mass (kg·m²); 0 when rotation is not allowed.
  var inertia: Float
  package var invI: Float
  /// Damping rates (1/s).
  package var linearDamping: Float
  package var angularDamping: Float
  /// Acceleration from the gravity behavior the item is in (m/s²), zero otherwise.
  package var gravity: Vec2 = .zero
  /// The item's box when the body's one fixture is a centred box (every item of iOS 7's
  /// kinds), the form the hot paths read. The fixtures themselves are the world's
  /// (`World.fixtures`, a run of `fixtureCount` from `firstFixture`): a body is plain values,
  /// copied without reference counting.
  package let box: BoxShape?
  var firstFixture = 0
  var fixtureCount = 0
  /// How many fixtures the slot's run has room for (kept when the slot's body is made again).
  var fixtureRoom = 0
  var type: BodyType = .dynamic
  /// Whether rotation is fixed (UIKit's allowsRotation false).
  var fixedRotation = false
  /// UIKit's collision masks of the body (its collision behaviors' bits).
  var masks: CollisionMasks = .none
  package var awake = true
  /// Time (s) the body has been slower than the sleep tolerances.
  package var sleepTime: Float = 0
  /// Gravity and push behaviors make their items bullets (continuous collision against other
  /// dynamic bodies; static boundaries always get it).
  var bullet = false
  /// iOS 9's charge (UIKit units), read by electric and magnetic fields.
  var charge: Float = 0

  init(
    position: Vec2, angle: Float, velocity: Vec2, angularVelocity: Float, box: BoxShape?,
    mass: MassData, material: BodyMaterial
  ) {
    sweep = BodySweep(c0: position, c: position, a0: angle, a: angle, alpha0: 0)
    xf = Transform(p: position, q: Rotation(angle_rad: angle))
    v = velocity
    w = angularVelocity
    self.box = box
    self.mass = 0
    invMass = 0
    inertia = 0
    invI = 0
    linearDamping = material.linearDamping
    angularDamping = material.angularDamping
    fixedRotation = material.fixedRotation
    setMass(mass, fixedRotation: material.fixedRotation)
  }

  /// The item's centred box when the body is one dynamic box fixture (the form the SIMD
  /// lanes handle), nil otherwise.
  package var plainBox: BoxShape? { type == .dynamic ? box : nil }

  /// An item box's mass: m and I about the centre (which is the origin).
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

  /// Mass properties from the fixtures (Box2D's ResetMassData): for a dynamic body the mass,
  /// inertia and centre of mass of `data`, the centre of mass moved (and the velocity with it,
  /// v += ω × Δc); a static body has none, and its centre of mass is its origin.
  mutating func setMass(_ data: BodyMass) {
    guard type == .dynamic else {
      mass = 0
      invMass = 0
      inertia = 0
      invI = 0
      sweep.localCenter = .zero
      sweep.c0 = xf.p
      sweep.c = xf.p
      sweep.a0 = sweep.a
      return
    }
    mass = data.mass
    invMass = 1 / mass
    inertia = data.inertia
    invI = inertia > 0 ? 1 / inertia : 0
    let oldCenter = sweep.c
    if data.localCenter == .zero && sweep.localCenter == .zero { return }
    sweep.localCenter = data.localCenter
    sweep.c = xf.apply(data.localCenter)
    sweep.c0 = sweep.c
    v += cross(w, sweep.c - oldCenter)
  }

  /// The body's origin (m): the item's centre, what UIKit reads back.
  var origin: Vec2 { xf.p }

  @inline(__always)
  mutating func synchronizeTransform() {
    xf = Transform(centreOfMass: sweep.c, angle: sweep.a, localCenter: sweep.localCenter)
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

/// Surface and damping properties of a body, already in engine units (friction and
/// restitution go to every fixture).
struct BodyMaterial: Sendable, Equatable {
  var friction: Float
  var restitution: Float
  var linearDamping: Float
  var angularDamping: Float
  var fixedRotation: Bool
}
