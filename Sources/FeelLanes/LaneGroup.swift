import FeelEngine
import Foundation

/// Up to sixteen one-item scenes stepped in lock-step, one per SIMD lane (structure of arrays):
/// a body held by soft joints to fixed points, pushed, pulled by gravity, damped, with boundary
/// edges it stays clear of.
///
/// Each lane computes exactly the float32 operations, in the same order, of the scalar path
/// (`Animator.advanceFrame` → `World.step` → `IslandSolver.solve` on a one-body island), so its
/// frames equal the scalar run bit for bit. Lanes come and go at any frame: `load` takes an
/// animator's state at a frame boundary into a free lane, `restore` writes a lane's state back
/// into that animator, and the scalar path carries on from there as if it had run the frames
/// itself. A lane keeps its own accumulator, sub-step count and warm-start ratio, so lanes at
/// different frames share the group.
///
/// Contacts never run in a lane. Near a boundary a frame is computed speculatively and checked
/// after each sub-step against bounds that prove the scalar engine would have found no contact
/// point (the edge–polygon collider's early exit) and no time of impact; a lane that fails the
/// check is rolled back to the start of the frame (`LaneOutcome.rolledBack`) and the scalar
/// path runs that frame, contacts, time of impact and rules included. See
/// docs/performance.md, "How a sweep runs fast".
public struct LaneGroup: Sendable {
  /// Sixteen lanes: a joint's solve is a chain of dependent operations, and sixteen lanes keep
  /// twice the work of eight in flight along it, so less of each chain's latency is waited out
  /// (docs/performance.md, "Measured on 2026-12-06").
  public typealias Lanes = SIMD16<Float>
  /// The same lanes as whole numbers, bit patterns, doubles and 64-bit numbers.
  typealias LaneInts = SIMD16<Int32>
  typealias LaneBits = SIMD16<UInt32>
  typealias LaneDoubles = SIMD16<Double>
  typealias LaneLongs = SIMD16<Int64>
  typealias Mask = SIMDMask<LaneInts>
  public static let width = Lanes.scalarCount

  /// What makes animators steppable together.
  public struct Signature: Sendable, Hashable {
    var profile: Profile
    /// Display frame duration (s).
    var dt_s: Double
    /// Soft joints to fixed points holding the body.
    var joints: Int
    /// Boundary edges colliding with the body.
    var edges: Int
    /// Whether the broad phase's fat box of the body is kept (a boundary exists or may be
    /// added later by a rule).
    var broadPhase: Bool
  }

  /// What the lanes did in a frame.
  public struct FrameOutcome: Sendable {
    /// Lanes that ran the frame.
    var ran = Mask(repeating: false)
    /// Lanes rolled back to the start of the frame: it came too close to a boundary, and the
    /// scalar path must run it.
    var rolledBack = Mask(repeating: false)
    /// Lanes whose animator paused at the end of the frame.
    var paused = Mask(repeating: false)

    public init() {}

    /// Whether the lane ran the frame (then `paused(lane)` says whether it paused).
    public func ran(_ lane: Int) -> Bool { ran[lane] }
    public func rolledBack(_ lane: Int) -> Bool { rolledBack[lane] }
    public func paused(_ lane: Int) -> Bool { paused[lane] }
  }

  public let signature: Signature
  /// Lanes holding an animator.
  var occupiedLanes = Mask(repeating: false)
  /// Number of occupied lanes.
  public internal(set) var count = 0

  /// Everything a frame changes, lane by lane: saved at the start of a frame that may roll back.
  struct State: Sendable {
    // Body (m, rad, m/s, rad/s, s).
    var cx = Lanes(), cy = Lanes(), a = Lanes()
    var c0x = Lanes(), c0y = Lanes(), a0 = Lanes()
    var vx = Lanes(), vy = Lanes(), w = Lanes()
    /// Rotation of `a` (Box2D's sinf/cosf, recomputed when the angle changes).
    var qs = Lanes(), qc = Lanes()
    var sleepTime = Lanes()
    /// Inverse of the previous sub-step (1/s), per lane.
    var invDt0 = Lanes()
    /// Broad-phase fat box (m).
    var fatLx = Lanes(), fatLy = Lanes(), fatUx = Lanes(), fatUy = Lanes()
    var asleep = Mask(repeating: false)
    /// The world has proxies not yet paired: the next sub-step searches first.
    var newProxies = Mask(repeating: false)
    /// The lane ran a sub-step since it was loaded (the world's pair search then happened).
    var stepped = Mask(repeating: false)
    /// The lane ran a frame since it was loaded (the animator's clock has started).
    var started = Mask(repeating: false)
    /// Instantaneous pushes still to fire.
    var pendingImpulses = Mask(repeating: false)
    /// Contacts created so far, for their order (newest first) when written back.
    var contactClock = LaneInts()
    var accumulator_s = LaneDoubles()
    /// Sub-steps run since loading.
    var substeps = LaneInts()
  }
  var state = State()

  // Per-lane constants.
  var invMass = Lanes(), invI = Lanes(), gx = Lanes(), gy = Lanes()
  var linearDamping = Lanes(), angularDamping = Lanes()
  /// The box's core half extents and skin (m), and its core's circumradius.
  var hx = Lanes(), hy = Lanes(), radius = Lanes(), circumradius = Lanes()
  var joints: [JointLanes]
  var edges: [EdgeLanes]
  /// Joint impulses and contacts at the start of the frame, for a roll-back.
  private var savedImpulses: [Lanes]
  private var savedEdges: [(exists: Mask, order: LaneInts)]
  /// Continuous pushes per lane (force in N, and the push for its point of application).
  var pushes: [[(force: Vec2, spec: PushSpec)]]
  /// Lanes with continuous pushes.
  var hasPushes = Mask(repeating: false)
  /// Instantaneous pushes per lane: impulse (N·s), the push, and its behavior index.
  var impulses: [[(impulse: Vec2, spec: PushSpec, behavior: Int)]]
  /// The world's index of each lane's edges.
  var edgeIndices: [[Int]]
  /// Sub-steps the lane's animator had run when it was loaded.
  var substepsAtLoad: [Int]

  public init(_ signature: Signature) {
    self.signature = signature
    let empty = Array(repeating: Lanes(), count: signature.joints)
    joints = empty.map { _ in JointLanes() }
    edges = (0..<signature.edges).map { _ in EdgeLanes() }
    savedImpulses = empty
    savedEdges = Array(
      repeating: (Mask(repeating: false), LaneInts()), count: signature.edges)
    pushes = Array(repeating: [], count: Self.width)
    impulses = Array(repeating: [], count: Self.width)
    edgeIndices = Array(repeating: [], count: Self.width)
    substepsAtLoad = Array(repeating: 0, count: Self.width)
  }

  /// The engine's sub-step for the group's profile (s).
  var substep_s: Float {
    signature.profile == .modern
      ? EngineConstants.modernSubstep_s : Float(EngineConstants.ios7Substep_s)
  }

  /// The lane's item as UIKit reads it back.
  public func itemState(lane: Int) -> ItemState {
    Animator.itemState(
      c: Vec2(state.cx[lane], state.cy[lane]), a: state.a[lane],
      v: Vec2(state.vx[lane], state.vy[lane]), w: state.w[lane])
  }

  /// Every lane's item as UIKit reads it back, into `items` (made `width` long). Mutating only
  /// so that a group held in an array is read in place rather than copied.
  public mutating func readItems(into items: inout [ItemState]) {
    if items.count != Self.width {
      items = Array(repeating: itemState(lane: 0), count: Self.width)
    }
    for lane in 0..<Self.width where occupiedLanes[lane] { items[lane] = itemState(lane: lane) }
  }

  /// Frees the lane (its state is dropped: `restore` first to keep it).
  public mutating func unload(lane: Int) {
    precondition(occupiedLanes[lane])
    occupiedLanes[lane] = false
    count -= 1
  }

  /// Advances every occupied lane by one display frame; `outcome` says what each did.
  public mutating func advanceFrame(_ outcome: inout FrameOutcome) {
    let live = occupiedLanes
    let canRollBack = signature.edges > 0
    let saved = canRollBack ? state : State()
    if canRollBack {
      for j in joints.indices { savedImpulses[j] = joints[j].impulse }
      for e in edges.indices { savedEdges[e] = (edges[e].exists, edges[e].order) }
    }
    // Sub-steps this frame, lane by lane, from each lane's accumulator (Animator.advanceFrame).
    var counts = LaneInts()
    let dt = signature.dt_s
    switch signature.profile {
    case .modern:
      let threshold = EngineConstants.modernThreshold_s
      var accumulator = state.accumulator_s + dt
      var n = LaneLongs()
      while true {
        let more = accumulator .>= threshold
        if !Swift.any(more) { break }
        n.replace(with: n &+ 1, where: more)
        accumulator.replace(with: accumulator - threshold, where: more)
      }
      counts = LaneInts(truncatingIfNeeded: n).replacing(with: 0, where: .!live)
      // A free lane's too: `load` sets it before it is read (a store masked to the live lanes
      // took a third of the frame's own instructions).
      state.accumulator_s = accumulator
    case .ios7:
      for lane in 0..<Self.width where live[lane] {
        let h = EngineConstants.ios7Substep_s
        var n: Int32 = 0
        var total = state.accumulator_s[lane] + dt
        state.accumulator_s[lane] = fmod(total, h)
        if total > h {
          repeat {
            n += 1
            total -= h
          } while total > h
        }
        counts[lane] = n
      }
    }
    state.started .|= live
    // Animator.applyContinuousPushes: forces for this frame, from zero (cleared each frame).
    var fx = Lanes()
    var fy = Lanes()
    var torque = Lanes()
    let pushing = live .& hasPushes
    if Self.any(pushing) {
      for lane in 0..<Self.width where pushing[lane] {
        var force = Vec2.zero
        var t: Float = 0
        let c = Vec2(state.cx[lane], state.cy[lane])
        for push in pushes[lane] {
          force += push.force
          t += push.spec.torque(push.force, about: c)
        }
        fx[lane] = force.x
        fy[lane] = force.y
        torque[lane] = t
      }
    }
    let h = substep_s
    var unsafe = Mask(repeating: false)
    var k: Int32 = 0
    let most = counts.max()
    while k < most {
      let stepping = live .& (LaneInts(repeating: k) .< counts)
      substep(h: h, stepping: stepping, fx: fx, fy: fy, torque: torque, unsafe: &unsafe)
      k += 1
    }
    // A lane whose body fell asleep pauses; a lane that came too close to a boundary goes
    // back to the start of the frame.
    if Self.any(unsafe) {
      for lane in 0..<Self.width where unsafe[lane] { rollBack(lane: lane, to: saved) }
    }
    let ran = live .& .!unsafe
    outcome.ran = ran
    outcome.rolledBack = unsafe
    let paused = ran .& state.asleep
    outcome.paused = paused
  }

  /// Puts the lane back in the state of `saved` (the start of the frame).
  private mutating func rollBack(lane i: Int, to saved: State) {
    state.copyLane(i, from: saved)
    for j in joints.indices { joints[j].impulse[i] = savedImpulses[j][i] }
    for e in edges.indices {
      edges[e].exists[i] = savedEdges[e].exists[i]
      edges[e].order[i] = savedEdges[e].order[i]
    }
  }
}

extension LaneGroup.State {
  /// Copies lane `i` of every field from `other`.
  mutating func copyLane(_ i: Int, from other: Self) {
    cx[i] = other.cx[i]
    cy[i] = other.cy[i]
    a[i] = other.a[i]
    c0x[i] = other.c0x[i]
    c0y[i] = other.c0y[i]
    a0[i] = other.a0[i]
    vx[i] = other.vx[i]
    vy[i] = other.vy[i]
    w[i] = other.w[i]
    qs[i] = other.qs[i]
    qc[i] = other.qc[i]
    sleepTime[i] = other.sleepTime[i]
    invDt0[i] = other.invDt0[i]
    fatLx[i] = other.fatLx[i]
    fatLy[i] = other.fatLy[i]
    fatUx[i] = other.fatUx[i]
    fatUy[i] = other.fatUy[i]
    asleep[i] = other.asleep[i]
    newProxies[i] = other.newProxies[i]
    stepped[i] = other.stepped[i]
    started[i] = other.started[i]
    pendingImpulses[i] = other.pendingImpulses[i]
    contactClock[i] = other.contactClock[i]
    accumulator_s[i] = other.accumulator_s[i]
    substeps[i] = other.substeps[i]
  }
}

extension LaneGroup {
  /// Whether some lane of `mask` is set: its sixteen 32-bit lanes ORed as eight 64-bit words
  /// (the standard library's `any` reduces them one by one).
  @inline(__always) static func any(_ mask: Mask) -> Bool {
    let w = unsafeBitCast(
      mask, to: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64).self)
    return (w.0 | w.1 | w.2 | w.3 | w.4 | w.5 | w.6 | w.7) != 0
  }

  /// Whether every lane of `mask` is set.
  @inline(__always) static func all(_ mask: Mask) -> Bool {
    let w = unsafeBitCast(
      mask, to: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64).self)
    return (w.0 & w.1 & w.2 & w.3 & w.4 & w.5 & w.6 & w.7) == ~0
  }
}
