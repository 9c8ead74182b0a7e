// A stand-in for UIKit, for `feel export --to uikit`'s tests on Linux (Tests/FeelExportTests:
// UIKitRunTests, UIKitGraphTests): the declarations the generated code uses, with UIKit's
// names, argument labels and types (iOS 9's: item groups, collision bounds, attachment
// factories, fields and regions). Views keep their centre, bounds and transform (with Core
// Graphics' affine arithmetic). The animator simulates nothing: it keeps its behaviors, so a
// test can run the app code the export writes for FeelLab's own behaviors (inertia, detent),
// and it describes what UIKit would build from them at that moment (`stubGraphJSON`: bodies,
// boundaries with UIKit's collision masks, joints, snaps, fields), the object graph a test
// compares with `feel inspect --json`. Not UIKit: no physics, no display, no run loop. Members
// whose names start with `stub` are the stand-in's own, never UIKit's.
@_exported import Foundation

// MARK: - Core Graphics

/// Core Graphics' affine transform: a point maps to (a·x + c·y + tx, b·x + d·y + ty).
public struct CGAffineTransform: Equatable {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
  /// CGAffineTransformMakeRotation.
  public init(rotationAngle angle: CGFloat) {
    self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
  }
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  /// CGAffineTransformRotate: the rotation first, then self.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    let (s, k) = (sin(angle), cos(angle))
    return CGAffineTransform(
      a: k * a + s * c, b: k * b + s * d, c: -s * a + k * c, d: -s * b + k * d, tx: tx, ty: ty)
  }
}

public struct CGVector: Equatable {
  public var dx: CGFloat, dy: CGFloat
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
  public static let zero = CGVector(dx: 0, dy: 0)
}

public struct UIOffset: Equatable {
  public var horizontal: CGFloat, vertical: CGFloat
  public init(horizontal: CGFloat, vertical: CGFloat) {
    self.horizontal = horizontal
    self.vertical = vertical
  }
  public static let zero = UIOffset(horizontal: 0, vertical: 0)
}

/// UIEdgeInsets: how far each edge of a rectangle moves inwards.
public struct UIEdgeInsets: Equatable {
  public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }
  public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// UIEdgeInsetsInsetRect: the rectangle with each edge moved inwards by its inset.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect {
  CGRect(
    x: rect.origin.x + insets.left, y: rect.origin.y + insets.top,
    width: rect.size.width - insets.left - insets.right,
    height: rect.size.height - insets.top - insets.bottom)
}

/// UIFloatRange: an attachment's `attachmentRange`.
public struct UIFloatRange: Equatable {
  public var minimum: CGFloat, maximum: CGFloat
  public init(minimum: CGFloat, maximum: CGFloat) {
    self.minimum = minimum
    self.maximum = maximum
  }
  public static let zero = UIFloatRange(minimum: 0, maximum: 0)
  public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
  public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// A path as UIKit's collision bounds read it: the points it moves and draws lines to.
open class UIBezierPath: NSObject {
  public private(set) var stubPoints: [CGPoint] = []
  public override init() {}
  open func move(to point: CGPoint) { stubPoints = [point] }
  open func addLine(to point: CGPoint) { stubPoints.append(point) }
  open func close() {}
}

// MARK: - Items

public enum UIDynamicItemCollisionBoundsType: UInt {
  case rectangle, ellipse, path
}

public protocol UIDynamicItem: AnyObject {}

open class UIView: NSObject, UIDynamicItem {
  public var center = CGPoint.zero
  public var bounds = CGRect.zero
  public var transform = CGAffineTransform.identity
  /// The stand-in's name for the view in `stubGraphJSON` (the scene's item id).
  public var stubName = ""
  public override init() {}
  /// iOS 9: the shape UIKit collides the view as (a subclass overrides it).
  open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
  /// iOS 9: the path of `.path` collision bounds, from the view's centre.
  open var collisionBoundingPath: UIBezierPath { UIBezierPath() }
  /// A point of the superview (`view` nil or the superview) in this view's bounds: the
  /// transform undone about the centre.
  public func convert(_ p: CGPoint, from view: UIView?) -> CGPoint {
    let (dx, dy) = (p.x - center.x - transform.tx, p.y - center.y - transform.ty)
    let det = transform.a * transform.d - transform.b * transform.c
    let x = (transform.d * dx - transform.c * dy) / det
    let y = (-transform.b * dx + transform.a * dy) / det
    return CGPoint(x: bounds.midX + x, y: bounds.midY + y)
  }
}

/// iOS 9: items that move as one body.
open class UIDynamicItemGroup: NSObject, UIDynamicItem {
  public let items: [UIDynamicItem]
  public init(items: [UIDynamicItem]) { self.items = items }
}

// MARK: - Behaviors

open class UIDynamicBehavior: NSObject {
  public override init() {}
  /// The items the behavior gives bodies (the stand-in's reading of each behavior).
  var stubItems: [UIDynamicItem] { [] }
}

public protocol UIDynamicAnimatorDelegate: AnyObject {}
public protocol UICollisionBehaviorDelegate: AnyObject {}

open class UIDynamicItemBehavior: UIDynamicBehavior {
  public private(set) var items: [UIDynamicItem]
  public var elasticity: CGFloat = 0
  public var friction: CGFloat = 0
  public var density: CGFloat = 1
  public var resistance: CGFloat = 0
  public var angularResistance: CGFloat = 0
  public var allowsRotation = true
  /// iOS 9 (`anchored`): nil until set, as UIKit leaves an unset one alone.
  public var isAnchored: Bool {
    get { stubAnchored ?? false }
    set { stubAnchored = newValue }
  }
  public var charge: CGFloat {
    get { stubCharge ?? 0 }
    set { stubCharge = newValue }
  }
  var stubAnchored: Bool?
  var stubCharge: CGFloat?
  public init(items: [UIDynamicItem]) { self.items = items }
  public func angularVelocity(for item: UIDynamicItem) -> CGFloat { 0 }
  public func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {}
  public func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {}
  override var stubItems: [UIDynamicItem] { items }
}

open class UISnapBehavior: UIDynamicBehavior {
  let item: UIDynamicItem
  public var snapPoint: CGPoint
  public var damping: CGFloat = 0.5
  public init(item: UIDynamicItem, snapTo point: CGPoint) {
    self.item = item
    snapPoint = point
  }
  override var stubItems: [UIDynamicItem] { [item] }
}

open class UIPushBehavior: UIDynamicBehavior {
  public enum Mode: Int { case continuous, instantaneous }
  public private(set) var items: [UIDynamicItem]
  public let mode: Mode
  public var active = true
  public var angle: CGFloat = 0
  public var magnitude: CGFloat = 0
  public var pushDirection = CGVector.zero
  public init(items: [UIDynamicItem], mode: Mode) {
    self.items = items
    self.mode = mode
  }
  public func setTargetOffsetFromCenter(_ o: UIOffset, for item: UIDynamicItem) {}
  override var stubItems: [UIDynamicItem] { items }
}

open class UIGravityBehavior: UIDynamicBehavior {
  public private(set) var items: [UIDynamicItem]
  public var angle: CGFloat = .pi / 2
  public var magnitude: CGFloat = 1
  public var gravityDirection = CGVector(dx: 0, dy: 1)
  public init(items: [UIDynamicItem]) { self.items = items }
  override var stubItems: [UIDynamicItem] { items }
}

open class UICollisionBehavior: UIDynamicBehavior {
  public struct Mode: OptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let items = Mode(rawValue: 1)
    public static let boundaries = Mode(rawValue: 2)
    public static let everything = Mode(rawValue: 3)
  }
  public private(set) var items: [UIDynamicItem]
  public var collisionMode = Mode.everything
  /// Setting it (to either value) resets the insets, as UIKit does.
  public var translatesReferenceBoundsIntoBoundary = false {
    didSet { stubInsets = .zero }
  }
  /// The insets of `setTranslatesReferenceBoundsIntoBoundary(with:)`.
  var stubInsets = UIEdgeInsets.zero
  public func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
    translatesReferenceBoundsIntoBoundary = true
    stubInsets = insets
  }
  public weak var collisionDelegate: UICollisionBehaviorDelegate?
  var stubBoundaries: [(id: String, from: CGPoint, to: CGPoint)] = []
  public init(items: [UIDynamicItem]) { self.items = items }
  public func addBoundary(withIdentifier identifier: NSCopying, from p1: CGPoint, to p2: CGPoint) {
    stubBoundaries.append(("\(identifier)", p1, p2))
  }
  override var stubItems: [UIDynamicItem] { items }
}

open class UIAttachmentBehavior: UIDynamicBehavior {
  public var length: CGFloat = 0
  public var frequency: CGFloat = 0
  public var damping: CGFloat = 0
  public var anchorPoint = CGPoint.zero
  /// iOS 9: pin (rad) and sliding (pt); infinite by default.
  public var attachmentRange = UIFloatRange.infinite
  /// iOS 9: a pin's motor torque at speed 0.
  public var frictionTorque: CGFloat = 0
  /// What the stand-in records: which of UIKit's constructors made it and with what.
  var stubKind = "distance"
  var stubItemsAttached: [UIDynamicItem] = []
  var stubOffsets: [UIOffset] = []
  var stubPoint = CGPoint.zero
  var stubAxis: CGVector?
  var stubToAnchor = false

  public required override init() {}

  public init(item: UIDynamicItem, offsetFromCenter: UIOffset, attachedToAnchor point: CGPoint) {
    super.init()
    stubItemsAttached = [item]
    stubOffsets = [offsetFromCenter]
    anchorPoint = point
    stubToAnchor = true
    // UIKit measures the length when the attachment is made.
    length = Stub.distance(Stub.point(of: item, offset: offsetFromCenter), point)
  }

  public init(
    item: UIDynamicItem, offsetFromCenter: UIOffset, attachedTo other: UIDynamicItem,
    offsetFromCenter otherOffset: UIOffset
  ) {
    super.init()
    stubItemsAttached = [item, other]
    stubOffsets = [offsetFromCenter, otherOffset]
    length = Stub.distance(
      Stub.point(of: item, offset: offsetFromCenter), Stub.point(of: other, offset: otherOffset))
  }

  public class func fixedAttachment(
    with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint
  ) -> Self {
    let b = self.init()
    b.stubKind = "fixed"
    b.stubItemsAttached = [item1, item2]
    b.stubPoint = point
    return b
  }

  public class func pinAttachment(
    with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint
  ) -> Self {
    let b = self.init()
    b.stubKind = "pin"
    b.stubItemsAttached = [item1, item2]
    b.stubPoint = point
    return b
  }

  public class func slidingAttachment(
    with item1: UIDynamicItem, attachedTo item2: UIDynamicItem, attachmentAnchor point: CGPoint,
    axisOfTranslation axis: CGVector
  ) -> Self {
    let b = self.init()
    b.stubKind = "sliding"
    b.stubItemsAttached = [item1, item2]
    b.stubPoint = point
    b.stubAxis = axis
    return b
  }

  public class func slidingAttachment(
    with item: UIDynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector
  ) -> Self {
    let b = self.init()
    b.stubKind = "sliding"
    b.stubItemsAttached = [item]
    b.stubPoint = point
    b.anchorPoint = point
    b.stubAxis = axis
    b.stubToAnchor = true
    return b
  }

  public class func limitAttachment(
    with item1: UIDynamicItem, offsetFromCenter offset1: UIOffset, attachedTo item2: UIDynamicItem,
    offsetFromCenter offset2: UIOffset
  ) -> Self {
    let b = self.init()
    b.stubKind = "limit"
    b.stubItemsAttached = [item1, item2]
    b.stubOffsets = [offset1, offset2]
    return b
  }

  override var stubItems: [UIDynamicItem] { stubItemsAttached }
  /// The attached items, as UIKit's `items` answers.
  public var items: [UIDynamicItem] { stubItemsAttached }
}

/// iOS 9's UIRegion: a shape, its inverse, and one operation with another shape.
open class UIRegion: NSObject {
  var stubShape: [String: Any]
  var stubInverse = false
  var stubOperation: (name: String, operand: UIRegion)?
  public required init(stubShape: [String: Any]) { self.stubShape = stubShape }
  public class var infinite: UIRegion { UIRegion(stubShape: ["shape": "infinite"]) }
  public init(radius: CGFloat) { stubShape = ["shape": "circle", "radius_pt": Double(radius)] }
  public init(size: CGSize) {
    stubShape = ["shape": "rect", "size_pt": [Double(size.width), Double(size.height)]]
  }
  private func with(_ change: (UIRegion) -> Void) -> Self {
    let copy = Self(stubShape: stubShape)
    copy.stubInverse = stubInverse
    copy.stubOperation = stubOperation
    change(copy)
    return copy
  }
  public func inverse() -> Self { with { $0.stubInverse.toggle() } }
  public func union(with region: UIRegion) -> Self { with { $0.stubOperation = ("union", region) } }
  public func difference(from region: UIRegion) -> Self {
    with { $0.stubOperation = ("difference", region) }
  }
  public func intersection(with region: UIRegion) -> Self {
    with { $0.stubOperation = ("intersection", region) }
  }
  var stubJSON: [String: Any] {
    var out = stubShape
    out["inverse"] = stubInverse
    if let (name, operand) = stubOperation {
      out["operation"] = name
      out["operand"] = operand.stubShape
    }
    return out
  }
}

/// iOS 9's UIFieldBehavior: each factory sets its kind's falloff (UIKit's defaults).
open class UIFieldBehavior: UIDynamicBehavior {
  public private(set) var items: [UIDynamicItem] = []
  public var position = CGPoint.zero
  public var region = UIRegion.infinite
  public var strength: CGFloat = 1
  public var falloff: CGFloat = 0
  /// 2⁻¹⁵ m, in pt.
  public var minimumRadius: CGFloat = 100.0 / 32768.0
  public var direction = CGVector.zero
  public var smoothness: CGFloat = 0
  public var animationSpeed: CGFloat = 0
  var stubKind = ""

  public required override init() {}

  private static func make(_ kind: String, falloff: CGFloat = 0) -> Self {
    let b = Self()
    b.stubKind = kind
    b.falloff = falloff
    return b
  }
  public class func dragField() -> Self { make("drag") }
  public class func vortexField() -> Self { make("vortex") }
  public class func radialGravityField(position: CGPoint) -> Self {
    let b = make("radial_gravity", falloff: 2)
    b.position = position
    return b
  }
  public class func linearGravityField(direction: CGVector) -> Self {
    let b = make("linear_gravity")
    b.direction = direction
    return b
  }
  public class func velocityField(direction: CGVector) -> Self {
    let b = make("velocity")
    b.direction = direction
    return b
  }
  public class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self {
    let b = make("noise")
    b.smoothness = smoothness
    b.animationSpeed = speed
    return b
  }
  public class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> Self {
    let b = make("turbulence")
    b.smoothness = smoothness
    b.animationSpeed = speed
    return b
  }
  public class func springField() -> Self { make("spring", falloff: -1) }
  public class func electricField() -> Self { make("electric", falloff: 1) }
  public class func magneticField() -> Self { make("magnetic", falloff: 1) }
  public func addItem(_ item: UIDynamicItem) { items.append(item) }
  override var stubItems: [UIDynamicItem] { items }
}

// MARK: - The animator

/// Keeps its behaviors, simulates nothing; keeps UIKit's collision masks as behaviors come and
/// go (each collision behavior takes g = ++counter, the item bit 1 << 2g and the boundary bit
/// 1 << (2g + 1), both mod 32; its mode picks what its items collide with; `--counter` when it
/// goes), and each body's `anchored` and `charge` (kept until the body goes).
open class UIDynamicAnimator: NSObject {
  public private(set) var referenceView: UIView?
  public private(set) var behaviors: [UIDynamicBehavior] = []
  public weak var delegate: UIDynamicAnimatorDelegate?
  private var counter = 0
  private var groupOf: [ObjectIdentifier: Int] = [:]
  /// Per body (item or group): category, collision mask, anchored, charge.
  private var bodies:
    [ObjectIdentifier: (category: UInt32, collision: UInt32, anchored: Bool, charge: CGFloat)] = [:]
  public init(referenceView: UIView) { self.referenceView = referenceView }

  public func addBehavior(_ behavior: UIDynamicBehavior) {
    guard !behaviors.contains(where: { $0 === behavior }) else { return }
    behaviors.append(behavior)
    for item in behavior.stubItems where bodies[ObjectIdentifier(item)] == nil {
      bodies[ObjectIdentifier(item)] = (0, 0, false, 0)
    }
    if let c = behavior as? UICollisionBehavior {
      counter += 1
      groupOf[ObjectIdentifier(c)] = counter
      for item in c.items {
        let id = ObjectIdentifier(item)
        let m = Stub.masks(
          on: (bodies[id]!.category, bodies[id]!.collision), group: counter, mode: c.collisionMode,
          boundary: false)
        bodies[id]!.category = m.category
        bodies[id]!.collision = m.collision
      }
    }
    if let p = behavior as? UIDynamicItemBehavior {
      for item in p.items {
        if let a = p.stubAnchored { bodies[ObjectIdentifier(item)]!.anchored = a }
        if let q = p.stubCharge { bodies[ObjectIdentifier(item)]!.charge = q }
      }
    }
  }

  /// The app moved an item: UIKit reads its centre and transform again (the stand-in simulates
  /// nothing, so nothing to read).
  public func updateItem(usingCurrentState item: UIDynamicItem) {}

  public func removeBehavior(_ behavior: UIDynamicBehavior) {
    guard behaviors.contains(where: { $0 === behavior }) else { return }
    behaviors.removeAll { $0 === behavior }
    if let c = behavior as? UICollisionBehavior,
      let g = groupOf.removeValue(forKey: ObjectIdentifier(c))
    {
      counter -= 1
      let both = Stub.bits(g).item | Stub.bits(g).boundary
      for item in c.items {
        let id = ObjectIdentifier(item)
        bodies[id]?.category &= ~both
        bodies[id]?.collision &= ~both
      }
    }
    // An item no behavior holds loses its body (and what the body kept).
    let held = Set(behaviors.flatMap(\.stubItems).map(ObjectIdentifier.init))
    for id in Array(bodies.keys) where !held.contains(id) { bodies[id] = nil }
  }

  /// What UIKit would build from the behaviors now, as JSON (keys sorted): `bodies` (each
  /// body's items by `stubName`, a group's members in order, `group`, `type`, `center_pt`,
  /// `angle_rad`, `charge`, `bounds` and a path's `path_pt`, `category`, `collision`),
  /// `boundaries` (`id`, nil for the reference bounds, `from_pt`, `to_pt`, masks), `joints`
  /// (attachments: `kind`, `a`, `b` (nil: an anchor), world `anchor_a_pt` and `anchor_b_pt`,
  /// `axis`, `range`, `friction_torque`, and a distance one's `length_pt`, `frequency_hz`,
  /// `damping`), `snaps` (`items`, `point_pt`, `damping`) and `fields` (`kind`, `items`,
  /// `position_pt`, `strength`, `falloff`, `minimum_radius_pt`, `direction`, `smoothness`,
  /// `animation_speed`, `region`).
  public func stubGraphJSON() -> String {
    var bodyList: [[String: Any]] = []
    var seen: Set<ObjectIdentifier> = []
    for behavior in behaviors {
      for item in behavior.stubItems where seen.insert(ObjectIdentifier(item)).inserted {
        let state = bodies[ObjectIdentifier(item)]!
        var body: [String: Any] = [
          "items": Stub.names(item), "group": item is UIDynamicItemGroup,
          "type": state.anchored ? "static" : "dynamic",
          "center_pt": Stub.json(Stub.center(of: item)),
          "charge": Double(state.charge), "category": Int(state.category),
          "collision": Int(state.collision),
        ]
        if let view = item as? UIView {
          body["angle_rad"] = Double(atan2(view.transform.b, view.transform.a))
          switch view.collisionBoundsType {
          case .rectangle: body["bounds"] = "rectangle"
          case .ellipse: body["bounds"] = "ellipse"
          case .path:
            body["bounds"] = "path"
            body["path_pt"] = view.collisionBoundingPath.stubPoints.map(Stub.json)
          }
        }
        bodyList.append(body)
      }
    }
    var boundaries: [[String: Any]] = []
    var joints: [[String: Any]] = []
    var snaps: [[String: Any]] = []
    var fields: [[String: Any]] = []
    for behavior in behaviors {
      switch behavior {
      case let c as UICollisionBehavior:
        let g = groupOf[ObjectIdentifier(c)]!
        let m = Stub.masks(on: (0, 0), group: g, mode: c.collisionMode, boundary: true)
        var edges = c.stubBoundaries.map { (id: Optional($0.id), from: $0.from, to: $0.to) }
        if c.translatesReferenceBoundsIntoBoundary, let size = referenceView?.bounds.size {
          let r = UIEdgeInsetsInsetRect(
            CGRect(x: 0, y: 0, width: size.width, height: size.height), c.stubInsets)
          let (x0, y0) = (r.origin.x, r.origin.y)
          let (x1, y1) = (r.origin.x + r.size.width, r.origin.y + r.size.height)
          let corners = [
            CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1),
            CGPoint(x: x0, y: y1),
          ]
          edges += (0..<4).map { (id: nil, from: corners[$0], to: corners[($0 + 1) % 4]) }
        }
        for e in edges {
          boundaries.append([
            "id": e.id.map { $0 as Any } ?? NSNull(), "from_pt": Stub.json(e.from),
            "to_pt": Stub.json(e.to),
            "category": Int(m.category), "collision": Int(m.collision),
          ])
        }
      case let a as UIAttachmentBehavior:
        joints.append(Stub.joint(a))
      case let s as UISnapBehavior:
        snaps.append([
          "items": Stub.names(s.item), "point_pt": Stub.json(s.snapPoint),
          "damping": Double(s.damping),
        ])
      case let f as UIFieldBehavior:
        fields.append([
          "kind": f.stubKind, "items": f.items.map(Stub.names),
          "position_pt": Stub.json(f.position), "strength": Double(f.strength),
          "falloff": Double(f.falloff), "minimum_radius_pt": Double(f.minimumRadius),
          "direction": [Double(f.direction.dx), Double(f.direction.dy)],
          "smoothness": Double(f.smoothness), "animation_speed": Double(f.animationSpeed),
          "region": f.region.stubJSON,
        ])
      default:
        break
      }
    }
    let graph: [String: Any] = [
      "bodies": bodyList, "boundaries": boundaries, "joints": joints, "snaps": snaps,
      "fields": fields,
    ]
    let data = try! JSONSerialization.data(withJSONObject: graph, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }
}

/// The stand-in's arithmetic: where items are, UIKit's masks, the graph's JSON.
enum Stub {
  static func bits(_ g: Int) -> (item: UInt32, boundary: UInt32) {
    (UInt32(1) << UInt32((2 * g) & 31), UInt32(1) << UInt32((2 * g + 1) & 31))
  }

  static func masks(
    on m: (category: UInt32, collision: UInt32), group g: Int, mode: UICollisionBehavior.Mode,
    boundary: Bool
  ) -> (category: UInt32, collision: UInt32) {
    let (item, edge) = bits(g)
    let both = item | edge
    var modeMask: UInt32 = 0
    if mode.contains(.items) { modeMask |= item }
    if mode.contains(.boundaries) { modeMask |= edge }
    return ((m.category & ~both) | (boundary ? edge : item), (m.collision & ~both) | modeMask)
  }

  /// A view's name, or a group's members' names.
  static func names(_ item: UIDynamicItem) -> [String] {
    if let group = item as? UIDynamicItemGroup { return group.items.flatMap(names) }
    return [(item as? UIView)?.stubName ?? "?"]
  }

  /// A view's centre; a group's, the centre of the union of its members' frames.
  static func center(of item: UIDynamicItem) -> CGPoint {
    if let view = item as? UIView { return view.center }
    guard let group = item as? UIDynamicItemGroup else { return .zero }
    var lo = CGPoint(x: CGFloat.infinity, y: .infinity)
    var hi = CGPoint(x: -CGFloat.infinity, y: -.infinity)
    for case let view as UIView in group.items {
      let t = view.transform
      let (w, h) = (view.bounds.width / 2, view.bounds.height / 2)
      let ex = abs(t.a) * w + abs(t.c) * h
      let ey = abs(t.b) * w + abs(t.d) * h
      lo = CGPoint(x: min(lo.x, view.center.x - ex), y: min(lo.y, view.center.y - ey))
      hi = CGPoint(x: max(hi.x, view.center.x + ex), y: max(hi.y, view.center.y + ey))
    }
    return CGPoint(x: (lo.x + hi.x) / 2, y: (lo.y + hi.y) / 2)
  }

  /// The point at `offset` from an item's centre, in the item's own axes.
  static func point(of item: UIDynamicItem, offset: UIOffset) -> CGPoint {
    let c = center(of: item)
    guard let t = (item as? UIView)?.transform else {
      return CGPoint(x: c.x + offset.horizontal, y: c.y + offset.vertical)
    }
    return CGPoint(
      x: c.x + t.a * offset.horizontal + t.c * offset.vertical,
      y: c.y + t.b * offset.horizontal + t.d * offset.vertical)
  }

  static func distance(_ p: CGPoint, _ q: CGPoint) -> CGFloat { hypot(p.x - q.x, p.y - q.y) }

  static func json(_ p: CGPoint) -> [Double] { [Double(p.x), Double(p.y)] }

  /// An attachment as UIKit builds its joint when it is added: the world anchors (the point
  /// of fixed, pin and sliding attachments on both bodies; a limit's centres minus their
  /// offsets, in world axes, UIKit's quirk; a distance one's attachment points).
  static func joint(_ a: UIAttachmentBehavior) -> [String: Any] {
    let items = a.stubItemsAttached
    var out: [String: Any] = [
      "kind": a.stubKind, "a": names(items[0]),
      "b": items.count > 1 ? names(items[1]) as Any : NSNull(),
      "friction_torque": Double(a.frictionTorque),
      "range": a.attachmentRange.isInfinite
        ? NSNull() : [Double(a.attachmentRange.minimum), Double(a.attachmentRange.maximum)],
    ]
    var anchorA = a.stubPoint
    var anchorB = a.stubPoint
    switch a.stubKind {
    case "distance":
      anchorA = point(of: items[0], offset: a.stubOffsets[0])
      anchorB = items.count > 1 ? point(of: items[1], offset: a.stubOffsets[1]) : a.anchorPoint
      out["length_pt"] = Double(a.length)
      out["frequency_hz"] = Double(a.frequency)
      out["damping"] = Double(a.damping)
    case "limit":
      let (ca, cb) = (center(of: items[0]), center(of: items[1]))
      anchorA = CGPoint(x: ca.x - a.stubOffsets[0].horizontal, y: ca.y - a.stubOffsets[0].vertical)
      anchorB = CGPoint(x: cb.x - a.stubOffsets[1].horizontal, y: cb.y - a.stubOffsets[1].vertical)
      out["max_length_pt"] = Double(distance(anchorA, anchorB))
    case "sliding":
      let axis = a.stubAxis ?? .zero
      let n = hypot(axis.dx, axis.dy)
      out["axis"] = [Double(axis.dx / n), Double(axis.dy / n)]
    default:
      break
    }
    out["anchor_a_pt"] = json(anchorA)
    out["anchor_b_pt"] = json(anchorB)
    return out
  }
}

// MARK: - Display link

/// Ticked by hand: the test sets the timestamps and calls the target's method.
open class CADisplayLink {
  public var timestamp: TimeInterval = 0
  public var targetTimestamp: TimeInterval = 0
  /// The generated code's `#selector(tick(_:))`, rewritten by the test (no Objective-C runtime
  /// on Linux).
  public init(target: Any, selector: String) {}
  public func add(to runLoop: RunLoop, forMode mode: RunLoop.Mode) {}
  public func invalidate() {}
}

extension RunLoop.Mode {
  public static let common = RunLoop.Mode("kCFRunLoopCommonModes")
}
