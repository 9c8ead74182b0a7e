import Foundation

/// An item (a UIView) as the animator first sees it: a rectangle in points. Scene files
/// describe their items with this type (`SceneItem`).
public struct ItemDefinition: Sendable, Equatable {
  /// The item's name in scene files, events and output rows.
  public var id: String
  /// Width and height (pt), both > 0.
  public var size_pt: Point
  /// Initial centre (pt).
  public var center_pt: Point
  /// Initial rotation (rad), default 0.
  public var angle_rad: Double
  /// Velocity the item's body starts with if it has one at t = 0 (pt/s), default (0, 0);
  /// later bodies start at rest.
  public var velocity_pt_s: Point
  /// Angular velocity for a body made at t = 0 (rad/s), default 0.
  public var angularVelocity_rad_s: Double
  /// The shape it collides with (iOS 9's collision bounds), default its rectangle.
  public var bounds: ItemBounds

  public init(
    id: String, size_pt: Point, center_pt: Point, angle_rad: Double = 0,
    velocity_pt_s: Point = Point(0, 0), angularVelocity_rad_s: Double = 0,
    bounds: ItemBounds = .rectangle
  ) {
    self.id = id
    self.bounds = bounds
    self.size_pt = size_pt
    self.center_pt = center_pt
    self.angle_rad = angle_rad
    self.velocity_pt_s = velocity_pt_s
    self.angularVelocity_rad_s = angularVelocity_rad_s
  }
}

/// A behavior the animator may hold: its items (indices into the item list) and settings.
/// An attachment to another item lists that item second.
public struct BehaviorDefinition: Sendable, Equatable {
  public var items: [Int]
  public var kind: BehaviorKind
  public init(items: [Int], kind: BehaviorKind) {
    self.items = items
    self.kind = kind
  }
}

/// Where an item is and how it moves, in UIKit units, as UIKit reads it back from the engine
/// (float32 metres × 100, `points(fromMetres:)`).
public struct ItemState: Sendable, Equatable {
  public init(
    center_pt: Point, angle_rad: Double, velocity_pt_s: Point, angularVelocity_rad_s: Double
  ) {
    self.center_pt = center_pt
    self.angle_rad = angle_rad
    self.velocity_pt_s = velocity_pt_s
    self.angularVelocity_rad_s = angularVelocity_rad_s
  }
  public var center_pt: Point
  public var angle_rad: Double
  public var velocity_pt_s: Point
  public var angularVelocity_rad_s: Double
}

/// What one display frame produced.
public struct FrameReport: Sendable, Equatable {
  /// Contacts that began or ended during the frame's sub-steps, in order.
  public var contacts: [ContactEvent] = []
  /// Sub-steps taken.
  public var substeps = 0
  /// The animator paused at the end of this frame.
  public var paused = false

  public init() {}
}

/// UIDynamicAnimator: holds behaviors, gives items bodies while behaviors use them, and
/// advances the world by fixed sub-steps from display frames (see
/// docs/uikit-dynamics-model.md). The layer above (rules) changes behaviors only
/// between frames, as UIKit applies changes queued during a step after it.
public struct Animator: Sendable {
  public private(set) var profile: Profile
  public private(set) var items: [ItemDefinition]
  /// Item groups (iOS 9): behaviors name group g as entity `items.count + g`.
  public private(set) var groups: [GroupDefinition]
  /// The behaviors the animator may hold; only a snap's point changes, when the app sets it
  /// (`setSnapPoint`).
  public internal(set) var behaviors: [BehaviorDefinition]
  /// The reference view's bounds size (pt), for reference-bounds boundaries.
  public private(set) var referenceSize_pt: Point?

  package var world: World
  /// Each group's members and their offsets.
  private(set) var groupLayouts: [GroupLayout] = []
  /// For each item, the groups holding it (their entity indices); empty without groups.
  private(set) var groupsHolding: [[Int]] = []
  /// What each entity's body is made of (items first, then groups).
  private(set) var entityShapes: [EntityShape] = []
  /// UIKit's collision groups.
  var collisions = AnimatorCollisions()
  /// What UIKit keeps in each entity's body object: masks, `anchored`, `charge`.
  var bodyObjects: [BodyObject] = []
  /// Behaviors in the animator, in the order they were added.
  public private(set) var present: [Int] = []
  /// UIPushBehavior.active: an instantaneous push still to fire, a continuous push applying
  /// its force (false for every other behavior).
  package var pushActive: [Bool] = []
  /// When each behavior is suspended by a held item (`isActing`), from its kind, whose case
  /// never changes: read without copying the kind's settings.
  private(set) var suspensions: [BehaviorSuspension] = []
  /// Each attachment's anchor point (pt) while it is in the animator attached to a point, nil
  /// otherwise: read without copying the kind or searching `present` (`attachmentAnchor`).
  var anchors_pt: [Point?] = []
  /// Active continuous pushes with a force, present or not (so a frame need not look at the
  /// rest).
  package var continuousPushIndices: [Int] = []
  /// Item states while an item has no body (pt, rad); then group states.
  var parked: [ItemState] = []
  /// Drag behaviors: which items they hold, the motion new bodies start with.
  var drags = AnimatorDrags(itemCount: 0)
  /// The kinematic rotation behaviors (inertia, detent): coasts, detents, what they hold.
  var kinematicRotation = AnimatorKinematicRotation(behaviors: [], itemCount: 0)
  /// Whether the scene has inertia or detent behaviors (in the animator or not). Stored, so
  /// that a scene in another module reads it without copying the animator (a computed
  /// property's call would: `kinematicRotationKeepsRunning` is asked only when this is true).
  public private(set) var hasKinematicRotations = false
  /// Whether the clock has started: only bodies made before the first frame take the items'
  /// initial velocities; every later body starts at rest.
  package var started = false
  /// Time not yet stepped (s); kept while the animator is paused.
  package var accumulator_s: Double = 0
  /// Engine sub-steps run since the animator was made.
  public package(set) var substepsRun = 0
  /// The animator is ticking (not paused).
  public package(set) var isRunning = false

  public init(
    profile: Profile, items: [ItemDefinition], behaviors: [BehaviorDefinition],
    referenceSize_pt: Point? = nil, options: EngineOptions = .uikit,
    groups: [GroupDefinition] = []
  ) {
    self.profile = profile
    self.items = items
    self.groups = groups
    self.behaviors = behaviors
    self.referenceSize_pt = referenceSize_pt
    world = World(bodySlots: 0, dampingLaw: .rational, options: options)
    restart(
      profile: profile, items: items, referenceSize_pt: referenceSize_pt, options: options,
      groups: groups
    ) { $0 = behaviors }
  }

  /// Makes this animator the one `init` makes from the same arguments, in its own storage:
  /// the world and every table emptied with their room kept, so that a sweep's next grid point
  /// makes no allocation here (`SceneSimulation.restart`). `behaviors` writes the behavior list
  /// in place (the animator's own, as it was: each behavior's item list can be refilled).
  public mutating func restart(
    profile: Profile, items: [ItemDefinition], referenceSize_pt: Point? = nil,
    options: EngineOptions = .uikit, groups: [GroupDefinition] = [],
    behaviors fill: (inout [BehaviorDefinition]) -> Void
  ) {
    self.profile = profile
    self.items = items
    self.groups = groups
    self.referenceSize_pt = referenceSize_pt
    fill(&behaviors)
    let entityCount = items.count + groups.count
    world.restart(
      bodySlots: entityCount, dampingLaw: profile == .modern ? .rational : .clamped,
      options: options)
    groupLayouts.clear()
    for group in groups { groupLayouts.append(GroupLayout(items: group.items, of: items)) }
    if groupLayouts.isEmpty {
      groupsHolding.clear()
    } else {
      let layouts = groupLayouts
      groupsHolding = items.indices.map { i in
        layouts.indices.filter { layouts[$0].items.contains(i) }.map { items.count + $0 }
      }
    }
    entityShapes.clear()
    for i in items.indices {
      entityShapes.append(EntityShape(item: i, items[i], profile: profile))
    }
    for layout in groupLayouts {
      entityShapes.append(
        EntityShape(group: layout, members: layout.items.map { entityShapes[$0] }))
    }
    collisions.counter = 0
    collisions.groupOf.clear()
    bodyObjects.refill(repeating: BodyObject(), count: entityCount)
    world.mayHaveBoundaries = behaviors.contains {
      if case .collision = $0.kind { return true } else { return false }
    }
    present.clear()
    suspensions.clear()
    anchors_pt.refill(repeating: nil, count: behaviors.count)
    pushActive.clear()
    continuousPushIndices.clear()
    for (b, behavior) in behaviors.enumerated() {
      suspensions.append(BehaviorSuspension(behavior.kind))
      if case .push(let push) = behavior.kind {
        pushActive.append(true)
        if push.mode == .continuous && push.magnitude != 0 { continuousPushIndices.append(b) }
      } else {
        pushActive.append(false)
      }
    }
    parked.clear()
    for item in items {
      parked.append(
        ItemState(
          center_pt: item.center_pt, angle_rad: item.angle_rad, velocity_pt_s: item.velocity_pt_s,
          angularVelocity_rad_s: item.angularVelocity_rad_s))
    }
    for layout in groupLayouts {
      // UIKit's fresh group answers a zero transform: its body starts at angle 0.
      parked.append(
        ItemState(
          center_pt: layout.center_pt, angle_rad: 0, velocity_pt_s: Point(0, 0),
          angularVelocity_rad_s: 0))
    }
    drags.holds.refill(repeating: 0, count: entityCount)
    drags.startMotion = nil
    kinematicRotation.restart(behaviors: behaviors, itemCount: entityCount)
    hasKinematicRotations = kinematicRotation.exists
    started = false
    accumulator_s = 0
    substepsRun = 0
    isRunning = false
  }

  // MARK: - Reading items

  /// The item's state as UIKit reports it: its body's, or its group's body's, or where it
  /// was left.
  @inline(__always) public func state(ofItem i: Int) -> ItemState {
    // Read in place (a copy of the body would retain its fixtures).
    if world.hasBody[i] {
      return Self.itemState(
        c: world.bodies[i].origin, a: world.bodies[i].sweep.a, v: world.bodies[i].v,
        w: world.bodies[i].w)
    }
    if groupsHolding.isEmpty { return parked[i] }
    for g in groupsHolding[i] where world.hasBody[g] {
      return memberState(i, inGroup: g, body: world.bodies[g])
    }
    return parked[i]
  }

  /// A body's pose and velocity (engine units) as UIKit reads them back (float32 m × 100).
  @inline(__always)
  package static func itemState(c: Vec2, a: Float, v: Vec2, w: Float) -> ItemState {
    ItemState(
      center_pt: points(fromMetres: c), angle_rad: Double(a),
      velocity_pt_s: points(fromMetres: v), angularVelocity_rad_s: Double(w))
  }

  /// Whether the item currently has a body in the world (its own, or its group's).
  @inline(__always) public func hasBody(_ i: Int) -> Bool {
    world.hasBody[i] || (!groupsHolding.isEmpty && groupsHolding[i].contains { world.hasBody[$0] })
  }

  /// UIPushBehavior.active: an instantaneous push still to fire, a continuous one pushing.
  public func isActive(push behavior: Int) -> Bool { pushActive[behavior] }

  // MARK: - Changing behaviors

  /// Applies queued changes the way UIKit does after a step: all removals first, then the
  /// additions. Removing an absent behavior or adding a present one does nothing.
  public mutating func apply(removing removals: [Int], adding additions: [Int]) {
    // Adding a behavior queued for removal cancels the removal, and the reverse. (A few
    // behaviors at a time: arrays, not sets.)
    for b in removals where !additions.contains(b) { remove(b) }
    for b in additions where !removals.contains(b) { add(b) }
    isRunning = world.isAwake
  }

  private mutating func add(_ b: Int) {
    guard !present.contains(b) else { return }
    present.append(b)
    let def = behaviors[b]
    if case .attachment(let s) = def.kind, case .anchor(let p) = s.target { anchors_pt[b] = p }
    if def.kind.isKinematicRotation { return kinematicRotationAdded(b) }
    if case .drag(let spec) = def.kind, spec.isKinematic {
      hold(def.items[0])
      yieldKinematicRotation(of: def.items[0])
    }
    for item in def.items where !world.hasBody[item] && !isHeld(item) { createBody(item) }
    switch def.kind {
    case .snap(let snap): if world.hasBody[def.items[0]] { addSnap(b, item: def.items[0], snap) }
    case .attachment(let spec): addAttachment(b, item: def.items[0], spec)
    case .collision(let spec): addCollision(b, entities: def.items, spec)
    case .field(let spec): addField(b, entities: def.items, spec)
    case .push, .gravity, .item, .drag, .inertia, .detent, .scroll: break
    }
    for item in def.items {
      refreshProperties(item)
      world.modifyBody(item) { $0.setAwake(true) }
    }
    if case .gravity = def.kind { refreshGravity() }
  }

  /// World gravity changed: every item in a gravity behavior feels the new one (without
  /// waking: Box2D's SetGravity wakes nothing).
  mutating func refreshGravity() {
    let g = worldGravity
    for item in items.indices {
      let inGravity = present.contains { b in
        if case .gravity = behaviors[b].kind { return behaviors[b].items.contains(item) }
        return false
      }
      if inGravity { world.modifyBody(item) { $0.gravity = g } }
    }
  }

  private mutating func remove(_ b: Int) {
    guard let index = present.firstIndex(of: b) else { return }
    present.remove(at: index)
    anchors_pt[b] = nil
    if behaviors[b].kind.isKinematicRotation { return kinematicRotationRemoved(b) }
    world.removeJoints { $0.owner == b }
    if case .field = behaviors[b].kind { world.removeFields(owner: b) }
    world.removeKindJoints { $0.owner == b }
    if case .collision = behaviors[b].kind { removeCollision(b, entities: behaviors[b].items) }
    if case .drag(let spec) = behaviors[b].kind { dropDrag(b, item: behaviors[b].items[0], spec) }
    for item in behaviors[b].items {
      if present.contains(where: {
        behaviors[$0].items.contains(item) && !behaviors[$0].kind.isKinematicRotation
      }) {
        // A kinematic drag that held the item has gone: its suspended behaviors act again.
        if !world.hasBody[item] && !isHeld(item) { remakeBody(item) }
        refreshProperties(item)
        world.modifyBody(item) { $0.setAwake(true) }
      } else {
        // No behavior uses the item: its body leaves the world; a new one starts at rest.
        if !isHeldByKinematicRotation(item) {
          var s = entityState(item)
          s.velocity_pt_s = Point(0, 0)
          s.angularVelocity_rad_s = 0
          parked[item] = s
          if item >= items.count { parkMembers(ofGroup: item) }
        }
        world.destroyBody(item)
        // UIKit's body object goes with its masks, `anchored` and `charge`.
        bodyObjects[item] = BodyObject()
      }
    }
    if case .gravity = behaviors[b].kind { refreshGravity() }
  }

  /// A new body for an entity (an item, or a group), at its parked centre and angle.
  private mutating func createBody(_ entity: Int) {
    let s = parked[entity]
    let material = properties(of: entity)
    let first = !started
    // Bodies made at t = 0 take the item's initial velocity; later ones start at rest, unless
    // a rule hands them a finger's release velocity.
    let initial = entity < items.count ? items[entity] : nil
    let v =
      first
      ? initial?.velocity_pt_s ?? Point(0, 0)
      : drags.startMotion?.velocity(at: s.center_pt) ?? Point(0, 0)
    let w =
      first
      ? initial?.angularVelocity_rad_s ?? 0
      : drags.startMotion?.angularVelocity_rad_s ?? 0
    var body: Body
    let (mass, shape) = entityShapes.inPlace(entity) { s in
      (s.mass(density: material.density, fixedRotation: !material.allowsRotation), s.box)
    }
    if let box = mass.box {
      body = Body(
        position: metres(fromPoints: s.center_pt),
        angle: Float(s.angle_rad),
        velocity: metres(fromPoints: v),
        angularVelocity: Float(w),
        box: shape,
        mass: box, material: material.engine)
    } else {
      // Box2D's order: the body, its fixtures (the mass and centre of mass from them), then
      // its velocity.
      body = Body(
        position: metres(fromPoints: s.center_pt), angle: Float(s.angle_rad), velocity: .zero,
        angularVelocity: 0, box: shape,
        mass: MassData(mass: 0, inertia: 0), material: material.engine)
      body.apply(mass)
      body.v = metres(fromPoints: v)
      body.w = Float(w)
    }
    body.masks = bodyObjects[entity].masks
    body.charge = Float(bodyObjects[entity].charge)
    world.createBody(entity, body, fixtureCount: entityShapes[entity].fixtureCount) {
      [entityShapes] in entityShapes[entity].fixture($0, material)
    }
  }

  /// Item defaults overridden by every item behavior holding the item, in the order added.
  func properties(of item: Int) -> ResolvedItemProperties {
    var p = ResolvedItemProperties()
    for b in present where behaviors[b].items.contains(item) {
      if case .item(let spec) = behaviors[b].kind { p.given.merge(spec) }
    }
    return p
  }

  /// Re-reads material, mass, gravity, bullet status and `anchored` from the behaviors
  /// holding the entity.
  mutating func refreshProperties(_ entity: Int) {
    guard world.hasBody[entity] else { return }
    let p = properties(of: entity)
    let e = p.engine
    let density = Float(p.density)
    var gravity = Vec2.zero
    var bullet = false
    for b in present where behaviors[b].items.contains(entity) {
      switch behaviors[b].kind {
      case .gravity:
        // Box2D has one world gravity: the latest gravity behavior's. Items in any gravity
        // behavior feel it (the others have gravity scale 0).
        gravity = worldGravity
        bullet = true
      case .push:
        bullet = true
      default: break
      }
    }
    let massChanged =
      world.fixtures[world.fixture(entity, 0)].density != density
      || world.bodies[entity].fixedRotation != e.fixedRotation
    for f in 0..<world.bodies[entity].fixtureCount {
      world.fixtures[world.fixture(entity, f)].friction = e.friction
      world.fixtures[world.fixture(entity, f)].restitution = e.restitution
      world.fixtures[world.fixture(entity, f)].density = density
    }
    let mass = entityShapes.inPlace(entity) {
      $0.mass(density: p.density, fixedRotation: e.fixedRotation)
    }
    let isBox = mass.box != nil  // (an item's full box)
    world.modifyBody(entity) { body in
      body.linearDamping = e.linearDamping
      body.angularDamping = e.angularDamping
      body.fixedRotation = e.fixedRotation
      if isBox || massChanged { body.apply(mass) }
      body.gravity = gravity
      body.bullet = bullet
    }
    // iOS 9's `anchored` and `charge` stay as the last item behavior set them.
    if let a = p.given.anchored { bodyObjects[entity].anchored = a }
    if let q = p.given.charge { bodyObjects[entity].charge = q }
    let charge = Float(bodyObjects[entity].charge)
    world.modifyBody(entity) { $0.charge = charge }
    world.setType(entity, bodyObjects[entity].anchored ? .static : .dynamic) { $0.apply(mass) }
    world.refreshMaterials(entity)
  }

  /// World gravity (m/s²): from the most recently added gravity behavior still present, zero
  /// if there is none.
  private var worldGravity: Vec2 {
    for b in present.reversed() {
      if case .gravity(let g) = behaviors[b].kind {
        let a = GravityDefaults.acceleration_pt_s2 * EngineConstants.metresPerPoint * g.magnitude
        return Vec2(Float(a * cos(g.angle_rad)), Float(a * sin(g.angle_rad)))
      }
    }
    return .zero
  }

  private mutating func addSnap(_ b: Int, item itemIndex: Int, _ snap: SnapSpec) {
    let (hw, hh) = entityShapes.inPlace(itemIndex) { ($0.halfWidth, $0.halfHeight) }
    let d = metres(fromPoints: SnapDefaults.restLength_pt)
    let ground = metres(fromPoints: snap.point_pt)
    let anchors: [(Vec2, Vec2)] = [
      (Vec2(-hw, -hh), Vec2(-hw - d, -hh)),
      (Vec2(-hw, -hh), Vec2(-hw, -hh - d)),
      (Vec2(hw, hh), Vec2(hw + d, hh)),
      (Vec2(hw, hh), Vec2(hw, hh + d)),
    ]
    // Made the way Box2D's joint definition does it: world anchors from the two bodies, then
    // back into each body's frame (the float round trip is part of the numbers), starting at
    // their current length before the rest length is set to D.
    let itemFrame = world.bodies[itemIndex].xf
    // The joint works from the centre of mass (Box2D's localAnchorA − localCenterA; the
    // centre of an item's box is its origin, and x − 0 is x).
    let localCenter = world.bodies[itemIndex].sweep.localCenter
    let anchorBody = Transform(p: ground, q: Rotation(angle_rad: 0))
    let joints = anchors.map { a, g in
      DistanceJoint(
        bodyA: itemIndex, bodyB: nil, groundPosition: ground,
        localAnchorA: itemFrame.applyInverse(itemFrame.apply(a)) - localCenter,
        localAnchorB: anchorBody.applyInverse(anchorBody.apply(g)),
        length: d,
        frequency_hz: Float(world.options.snapFrequencyOverride_hz ?? SnapDefaults.frequency_hz),
        dampingRatio: Float(snap.damping), owner: b)
    }
    // The newest behavior's joints are solved first; within a snap, in the table's order.
    world.addJoints(joints)
  }

  private mutating func addAttachment(_ b: Int, item: Int, _ spec: AttachmentSpec) {
    if spec.kind != .distance { return addKindAttachment(b, item: item, spec) }
    guard let body = world.body(item) else { return }
    let offset = metres(fromPoints: spec.offset_pt)
    let worldA = body.xf.apply(offset)
    let localA = body.xf.applyInverse(worldA) - body.sweep.localCenter
    var joint = DistanceJoint(
      bodyA: item, bodyB: nil, localAnchorA: localA, localAnchorB: .zero, length: 0,
      frequency_hz: Float(spec.frequency_hz), dampingRatio: Float(spec.damping), owner: b)
    let worldB: Vec2
    switch spec.target {
    case .anchor(let p):
      joint.groundPosition = metres(fromPoints: p)
      worldB = joint.groundPosition
    case .item:
      // The other item is the behavior's second item.
      guard behaviors[b].items.count > 1, let otherBody = world.body(behaviors[b].items[1])
      else { return }
      let other = behaviors[b].items[1]
      joint.bodyB = other
      let toOffset = metres(fromPoints: spec.toOffset_pt)
      worldB = otherBody.xf.apply(toOffset)
      joint.localAnchorB = otherBody.xf.applyInverse(worldB) - otherBody.sweep.localCenter
    }
    joint.length = spec.length_pt.map { metres(fromPoints: $0) } ?? distance(worldA, worldB)
    world.addJoints([joint])
  }

  // MARK: - Time

  /// Advances one display frame of `dt_s` seconds: sub-steps as the accumulator allows,
  /// pushes fired and forces applied for the frame, then forces cleared.
  public mutating func advanceFrame(dt_s: Double) -> FrameReport {
    var report = FrameReport()
    startClock()
    guard isRunning else {
      advanceKinematicRotation(dt_s: dt_s)
      return report
    }
    applyContinuousPushes()
    switch profile {
    case .modern:
      accumulator_s += dt_s
      let threshold = EngineConstants.modernThreshold_s
      while accumulator_s >= threshold {
        substep(h: EngineConstants.modernSubstep_s, report: &report)
        accumulator_s -= threshold
      }
    case .ios7:
      let h = EngineConstants.ios7Substep_s
      var total = accumulator_s + dt_s
      accumulator_s = fmod(total, h)
      if total > h {
        repeat {
          substep(h: Float(h), report: &report)
          total -= h
        } while total > h
      }
    }
    for i in world.bodies.indices {
      world.modifyBody(i) {
        $0.force = .zero
        $0.torque = 0
      }
    }
    report.contacts = world.events
    world.events.clear()
    advanceKinematicRotation(dt_s: dt_s)
    if !world.isAwake {
      isRunning = false
      report.paused = true
    }
    return report
  }

  /// Starts the clock (the first frame does it; touches delivered before frame 1's step do it
  /// first): from then on a body made again starts at rest, and items still without a body
  /// keep their place but not their initial velocity.
  public mutating func startClock() {
    guard !started else { return }
    started = true
    for i in parked.indices where !world.hasBody[i] {
      parked[i].velocity_pt_s = Point(0, 0)
      parked[i].angularVelocity_rad_s = 0
    }
  }

  // MARK: - Items held by kinematic drags

  /// Whether a follow or rotate drag in the animator holds the item, or a kinematic rotation
  /// behavior moves it (it has no body then).
  @inline(__always) public func isHeld(_ item: Int) -> Bool {
    drags.holds[item] > 0 || isHeldByKinematicRotation(item)
  }

  /// A kinematic drag takes hold of the item: its body, if any, leaves the world (its place
  /// and angle kept, at rest); the item's other behaviors stay in the animator, suspended.
  private mutating func hold(_ item: Int) {
    drags.holds[item] += 1
    guard world.hasBody[item] else { return }
    var s = state(ofItem: item)
    s.velocity_pt_s = Point(0, 0)
    s.angularVelocity_rad_s = 0
    parked[item] = s
    world.destroyBody(item)
  }

  /// The body of an item no drag holds any more, made again for the behaviors still in the
  /// animator, with their joints made again in the order the behaviors were added (as if they
  /// were added again now).
  mutating func remakeBody(_ item: Int) {
    createBody(item)
    for b in present where behaviors[b].items.contains(item) {
      guard !world.joints.contains(where: { $0.owner == b }),
        !world.kindJoints.contains(where: { $0.owner == b })
      else { continue }
      switch behaviors[b].kind {
      case .snap(let snap): addSnap(b, item: behaviors[b].items[0], snap)
      case .attachment(let spec): addAttachment(b, item: behaviors[b].items[0], spec)
      default: break
      }
    }
  }

  private mutating func substep(h: Float, report: inout FrameReport) {
    fireInstantaneousPushes()
    world.step(h: h)
    report.substeps += 1
    substepsRun += 1
  }

  private mutating func fireInstantaneousPushes() {
    guard pushActive.contains(true) else { return }  // every sub-step: 1.3 % of a snap's one
    for b in present where pushActive[b] {
      guard case .push(let push) = behaviors[b].kind, push.mode == .instantaneous else { continue }
      pushActive[b] = false
      let impulse = push.vector
      for item in behaviors[b].items {
        world.modifyBody(item) { body in
          body.setAwake(true)
          body.v += body.invMass * impulse
          body.w += body.invI * push.torque(impulse, on: body)
        }
      }
    }
  }

  private mutating func applyContinuousPushes() {
    guard !continuousPushIndices.isEmpty else { return }
    for b in present where continuousPushIndices.contains(b) {
      guard case .push(let push) = behaviors[b].kind else { continue }
      let force = push.vector
      for item in behaviors[b].items {
        world.modifyBody(item) { body in
          body.setAwake(true)
          body.force += force
          body.torque += push.torque(force, on: body)
        }
      }
    }
  }
}

extension PushSpec {
  /// The push in engine units: N (continuous) or N·s (instantaneous), along its angle.
  package var vector: Vec2 {
    Vec2(Float(magnitude * cos(angle_rad)), Float(magnitude * sin(angle_rad)))
  }

  /// Torque (N·m) of `force` about a body's centre of mass, applied where the push acts: the
  /// item's centre (the body's origin) plus the target offset, in world axes; with no offset,
  /// at the centre of mass (UIKit pushes to the centre then), which for an item's box is its
  /// centre anyway.
  @inline(__always)
  func torque(_ force: Vec2, on body: Body) -> Float {
    if body.sweep.localCenter == .zero { return torque(force, about: body.sweep.c) }
    if offset_pt == Point(0, 0) { return 0 }
    return cross(body.origin + metres(fromPoints: offset_pt) - body.sweep.c, force)
  }

  /// `torque(_:on:)` for a body whose origin is its centre of mass c (m): an item's box.
  @inline(__always)
  package func torque(_ force: Vec2, about c: Vec2) -> Float {
    cross(c + metres(fromPoints: offset_pt) - c, force)
  }
}

/// The boundary name reported for the reference view's bounds.
public let referenceBoundsName = "reference-bounds"

/// Item properties after item behaviors override UIKit's defaults: `given`, the behaviors'
/// settings merged in the order added (its `anchored` and `charge` stay nil unless set).
struct ResolvedItemProperties {
  var given = ItemPropertiesSpec()
  var elasticity: Double { given.elasticity ?? ItemDefaults.elasticity }
  var friction: Double { given.friction ?? ItemDefaults.friction }
  var density: Double { given.density ?? ItemDefaults.density }
  var resistance: Double { given.resistance ?? ItemDefaults.resistance }
  var angularResistance: Double { given.angularResistance ?? ItemDefaults.angularResistance }
  var allowsRotation: Bool { given.allowsRotation ?? ItemDefaults.allowsRotation }

  var engine: BodyMaterial {
    BodyMaterial(
      friction: Float(friction), restitution: Float(elasticity),
      linearDamping: Float(resistance), angularDamping: Float(angularResistance),
      fixedRotation: !allowsRotation)
  }
}
